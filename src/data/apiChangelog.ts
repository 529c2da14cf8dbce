/**
 * The API changelog: what changed in each Zip API, and when. The page
 * /api/changelog and its Atom feed render this list, endpoint pages say
 * "Changed on …" where an entry names their operation, and
 * `npm run check:changelog` holds it against the specs: every operation that
 * differs between `openapi/published/` (the specs as last published) and
 * `openapi/` must be named by an unreleased or the latest entry, with
 * `breaking: true` when the change is breaking. CONTRIBUTING.md says how to
 * record a change and publish it.
 */

/** A spec of `openapi/`, by its file name without `.yaml`. */
export type ApiName = 'payments' | 'checkout' | 'links' | 'requests';

export interface ApiChangelogEntry {
  /** The day the change was published, `YYYY-MM-DD` (UTC); `unreleased` until then. */
  readonly date: string;
  /** The specs the change is in. */
  readonly apis: readonly ApiName[];
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

/** The API's names on the changelog page. */
export const apiNames: Readonly<Record<ApiName, string>> = {
  payments: 'Payments API',
  checkout: 'Checkout Sessions API',
  links: 'Payment Links API',
  requests: 'Payment Requests API',
};

/** Newest first. */
export const apiChangelog: readonly ApiChangelogEntry[] = [
  {
    date: '2026-11-21',
    apis: ['payments', 'checkout', 'links', 'requests'],
    summary:
      'First publication of the four APIs: Payments (`/v2`), Checkout Sessions, Payment Links and Payment Requests (`/v1`). The specs were completed over the following days (events and webhooks were added on 23 November 2026); this changelog records every change to the specs as they stood on 24 November 2026.',
  },
];
