/**
 * Runs the published Postman collection (plugins/api-client-collection) with
 * newman against the test mode, as a reader's Collection Runner would with the
 * environment pointed at it: every request must get an answer below 400 that
 * its operation declares (the collection's own test checks the second). The
 * requests run one at a time, each from the test mode's example objects (a
 * reset before it), as the collection's path values are the specs' example ids.
 */
import {run, type NewmanExecution, type NewmanRunSummary} from 'newman';
import {
  apiClientCollection,
  type CollectionRequest,
  type CollectionSettings,
  type PostmanCollection,
  type PostmanItem,
} from '../../plugins/api-client-collection/collection';
import {readSpecs} from '../../plugins/api-client-collection';

export interface CollectionResult {
  readonly requests: number;
  readonly assertions: number;
  /** One line per failing request: what was sent, what came back, and why it fails. */
  readonly failures: readonly string[];
}

function runNewman(collection: object, environment: object): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    run({collection, environment, reporters: [], timeoutRequest: 30_000}, (error, summary) => (error ? reject(error) : resolve(summary)));
  });
}

function failureOf(execution: NewmanExecution, expected: CollectionRequest | undefined): string | undefined {
  const sent = `${execution.request?.method ?? ''} ${execution.request?.url.toString() ?? ''}`;
  const where = `${expected?.folder ?? '?'} › ${execution.item.name} (${sent})`;
  if (execution.requestError) return `${where}: no answer: ${execution.requestError.message}`;
  const code = execution.response?.code;
  const failed = (execution.assertions ?? []).filter((assertion) => assertion.error);
  if (code !== undefined && code < 400 && failed.length === 0) return undefined;
  const reasons = [
    ...(code !== undefined && code >= 400 ? [`answered ${code}, an error`] : []),
    ...failed.map((assertion) => `${assertion.assertion}: ${assertion.error?.message ?? ''}`),
  ];
  return `${where}: ${reasons.join('; ')}\n    ${(execution.response?.text() ?? '').slice(0, 400)}`;
}

/** The collection cut into one collection per request, in order, each keeping its folders and the collection's auth. */
function oneRequestEach(collection: PostmanCollection): PostmanCollection[] {
  const cut = (items: readonly PostmanItem[]): PostmanItem[][] =>
    items.flatMap((item) => (item.item ? cut(item.item).map((only) => [{...item, item: only}]) : [[item]]));
  return cut(collection.item).map((item) => ({...collection, item}));
}

/**
 * Builds the collection from `specs` as the site does and runs it, `before` each request;
 * `settings.baseUrl`, the environment's base URL, is the test mode's origin.
 */
export async function runCollection(
  root: string,
  specs: readonly string[],
  settings: CollectionSettings,
  before: (request: CollectionRequest) => Promise<void>,
): Promise<CollectionResult> {
  const {collection, environment, requests} = await apiClientCollection(await readSpecs(root, specs), settings);
  const executions: NewmanExecution[] = [];
  let assertions = 0;
  for (const [index, single] of oneRequestEach(collection).entries()) {
    const request = requests[index];
    if (request) await before(request);
    const summary = await runNewman(single, environment);
    executions.push(...summary.run.executions);
    assertions += summary.run.stats.assertions.total;
  }
  const failures = executions.flatMap((execution, index) => failureOf(execution, requests[index]) ?? []);
  if (executions.length !== requests.length) {
    failures.push(`The collection has ${requests.length} requests, but newman ran ${executions.length}.`);
  }
  return {requests: executions.length, assertions, failures};
}
