/**
 * The test mode in a browser tab: the same model and HTTP checks as the command (`answerApi`,
 * `answerControl`), answering the docs' API explorer without a network. Its state lasts for the
 * tab: a journal of the requests it answered, kept in session storage (memory when storage is
 * off), is replayed into a fresh test mode when a page opens. Replays make the same objects with
 * the same ids because ids come from a seeded generator and each request runs at its recorded time.
 */
import {sampleSecretKey} from '@zip/model/testValues';
import {answerApi, type ApiAnswer} from '../http/api';
import {answerControl} from '../http/controls';
import {errorBody, HttpError, newRequestId} from '../http/errors';
import {TestModeHost} from '../http/host';
import {ApiError} from '../model/core/errors';
import {useRandomSource} from '../model/core/ids';
import {abandonThreeDsPath, clockControls, controlBody, tabControlGroups, type TabControlAction, type TabControlGroup} from './tabControls';

export type {TabControlAction, TabControlGroup} from './tabControls';

export interface TabRequest {
  readonly method: string;
  /** The request's URL; only its path and query are read. */
  readonly url: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** An event a request caused, as the log shows it. */
export interface TabEvent {
  readonly id: string;
  readonly type: string;
}

export interface TabLogEntry {
  readonly method: string;
  /** An API request's path and query, or a control's path after `/_test-mode/`. */
  readonly path: string;
  readonly status: number;
  readonly requestId: string;
  readonly events: readonly TabEvent[];
  /** A control (what a customer, bank or time does) rather than an API request; absent in older logs. */
  readonly control?: boolean;
  /** The stored answer of an earlier request with the same Idempotency-Key and body: nothing was done again. */
  readonly replayed?: boolean;
}

export interface TabAnswer extends TabLogEntry {
  readonly replayed: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

interface JournalEntry {
  readonly atMs: number;
  readonly kind: 'api' | 'control';
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

interface SavedState {
  readonly version: 1;
  readonly seed: number;
  readonly startMs: number;
  readonly journal: JournalEntry[];
  readonly log: TabLogEntry[];
}

export const storageKey = 'zip-test-mode-tab';
/** The headers the test mode reads; the rest are not journalled. */
const journalledHeaders = ['authorization', 'content-type', 'idempotency-key'];
/** Enough for any reader's session; older entries go first and the oldest objects with them. */
const maxJournal = 500;

/** sfc32: a small seeded generator, so a replay draws the ids it drew the first time. */
function seededBytes(seed: number): (bytes: Uint8Array) => Uint8Array {
  let [a, b, c, d] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0];
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let round = 0; round < 12; round++) next();
  return (bytes) => bytes.map(() => next() & 0xff);
}

const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

function readState(storage: Storage | undefined): SavedState | undefined {
  try {
    const saved = JSON.parse(storage?.getItem(storageKey) ?? 'null') as SavedState | null;
    return saved?.version === 1 && Array.isArray(saved.journal) && Array.isArray(saved.log) ? saved : undefined;
  } catch {
    return undefined;
  }
}

function freshState(): SavedState {
  return {version: 1, seed: crypto.getRandomValues(new Uint32Array(1))[0] ?? 1, startMs: wholeSecond(Date.now()), journal: [], log: []};
}

export class TabTestMode {
  private host = new TestModeHost({});

  private constructor(
    private state: SavedState,
    private readonly storage: Storage | undefined,
  ) {}

  /** The tab's test mode, as the tab's journal left it. */
  static async open(storage: Storage | undefined): Promise<TabTestMode> {
    const tab = new TabTestMode(readState(storage) ?? freshState(), storage);
    await tab.replay();
    return tab;
  }

  /** Every request the tab's test mode answered, oldest first, with the events each caused. */
  get log(): readonly TabLogEntry[] {
    return this.state.log;
  }

  /** The ids of the objects that exist now whose id starts with `prefix` (`ch_`), newest first. */
  idsWithPrefix(prefix: string): string[] {
    const testMode = this.host.testMode;
    const stores = [testMode.charges, testMode.sources, testMode.refunds, testMode.disputes, testMode.customers, testMode.sessions];
    const more = [testMode.links, testMode.requests, testMode.webhookEndpoints, testMode.payouts];
    return [...stores, ...more].flatMap((store) => [...store.keys()].filter((id) => id.startsWith(prefix))).reverse();
  }

  /** What the testing page's controls can act on now, and the clock's controls. */
  controlGroups(): {groups: TabControlGroup[]; clock: readonly TabControlAction[]} {
    return {groups: tabControlGroups(this.host.testMode), clock: clockControls};
  }

  /** Runs one of `controlGroups()`'s actions on the picked object (none for the clock). */
  act(action: TabControlAction, id = ''): Promise<TabAnswer> {
    return this.control(action.path.replace('{id}', encodeURIComponent(id)), controlBody(this.host.testMode, action, id));
  }

  /** An event's exact JSON, as a delivery's body carries it; undefined once the test mode no longer holds it. */
  eventJson(id: string): string | undefined {
    const event = this.host.testMode.events.find((candidate) => candidate.id === id);
    return event ? JSON.stringify(event) : undefined;
  }

  /** Answers one API request as Zip's test mode does; with no key, as the sample test key. */
  send(request: TabRequest): Promise<TabAnswer> {
    const url = new URL(request.url, 'https://test-mode.invalid');
    const headers: Record<string, string> = {};
    for (const name of journalledHeaders) if (request.headers[name] !== undefined) headers[name] = request.headers[name];
    headers.authorization ??= `Basic ${btoa(`${sampleSecretKey}:`)}`;
    return this.record('api', request.method.toUpperCase(), url.pathname + url.search, headers, request.body ?? '');
  }

  /** A `/_test-mode/…` control (`sources/src_…/chargeable`, `clock/advance`), as the command's. */
  control(name: string, body: unknown = {}): Promise<TabAnswer> {
    return this.record('control', 'POST', name, {'content-type': 'application/json'}, JSON.stringify(body));
  }

  /** A fresh test mode for the tab: no objects, no log. */
  async reset(): Promise<void> {
    this.state = freshState();
    await this.replay();
    this.save();
  }

  private async replay(): Promise<void> {
    useRandomSource(seededBytes(this.state.seed));
    this.host = new TestModeHost({startMs: this.state.startMs});
    for (const entry of this.state.journal) await this.run(entry);
  }

  private async record(
    kind: JournalEntry['kind'],
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<TabAnswer> {
    const testMode = this.host.testMode;
    const atMs = Math.max(testMode.clockMs(), wholeSecond(Date.now()));
    const entry: JournalEntry = {atMs, kind, method, path, headers, body};
    const answer = await this.run(entry);
    this.state.journal.push(entry);
    const {status, requestId, events, replayed} = answer;
    this.state.log.push({method, path, status, requestId, events, ...(kind === 'control' && {control: true}), ...(replayed && {replayed})});
    if (this.state.journal.length > maxJournal) this.state.journal.shift();
    if (this.state.log.length > maxJournal) this.state.log.shift();
    this.save();
    return answer;
  }

  /** Carries out one journal entry: at its time, through the same checks as the command. */
  private async run(entry: JournalEntry): Promise<TabAnswer> {
    const testMode = this.host.testMode;
    if (entry.atMs > testMode.clockMs()) testMode.setNow(entry.atMs);
    const eventsBefore = testMode.events.length;
    const logBefore = testMode.log.length;
    const requestId = newRequestId();
    const raw = new TextEncoder().encode(entry.body);
    let answer: ApiAnswer;
    try {
      const abandoned = entry.kind === 'control' ? abandonThreeDsPath.exec(entry.path)?.[1] : undefined;
      if (abandoned !== undefined) answer = abandonThreeDs(testMode, decodeURIComponent(abandoned));
      else if (entry.kind === 'control') {
        const [status, body] = await answerControl(this.host, entry.method, entry.path, entry.headers['content-type'], raw);
        answer = {status, body};
      } else
        answer = answerApi(this.host, {
          method: entry.method,
          url: new URL(entry.path, 'https://test-mode.invalid'),
          headers: entry.headers,
          raw,
        });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      answer = {status: error.status, body: errorBody(requestId, error.fields), headers: error.headers};
    }
    const events = this.host.testMode.events.slice(eventsBefore).map((event) => ({id: String(event.id), type: String(event.type)}));
    const replayed = testMode.log.length > logBefore && testMode.log.at(-1)?.replayed === true;
    const error = answer.body.error as Record<string, unknown> | undefined;
    const body = error && typeof error === 'object' ? {...answer.body, error: {...error, request_id: requestId}} : answer.body;
    return {
      method: entry.method,
      path: entry.path,
      status: answer.status,
      requestId,
      events,
      replayed,
      headers: {'content-type': 'application/json', 'request-id': requestId, ...answer.headers},
      body: JSON.stringify(body, null, 2),
    };
  }

  private save(): void {
    try {
      this.storage?.setItem(storageKey, JSON.stringify(this.state));
    } catch {
      // Storage full or refused: the tab's test mode goes on in memory.
    }
  }
}

/** The customer leaves the bank's page: the charge fails now, as the model's `abandonThreeDs` says. */
function abandonThreeDs(testMode: TestModeHost['testMode'], id: string): ApiAnswer {
  try {
    testMode.abandonThreeDs(id);
    return {status: 200, body: {ok: true}};
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new HttpError(error.status, {type: error.type, code: error.code, message: error.message, param: error.param});
  }
}
