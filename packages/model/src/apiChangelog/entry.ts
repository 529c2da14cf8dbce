/** One change to the APIs (../apiChangelog.ts lists them). */
import type {SpecName} from '../apiReference';

export interface ApiChangelogEntry {
  /** The day the change was published, `YYYY-MM-DD` (UTC); `unreleased` until then. */
  readonly date: string;
  /** The specs the change is in. */
  readonly apis: readonly SpecName[];
  /** The `operationId`s of the operations and events changed (removed ones included). */
  readonly operations?: readonly string[];
  /** The `components.schemas` the change is in, for the reader; the check asks for operations. */
  readonly schemas?: readonly string[];
  /** What changed and what a developer should do, in a sentence or two; `code` spans allowed. */
  readonly summary: string;
  /** The change can break a working integration (the check fails a breaking change without it). */
  readonly breaking?: true;
}

/** The value of `date` for a change not yet published. */
export const unreleased = 'unreleased';
