/**
 * The `/_test-mode/…` controls: what the customer, the banks, time and a test's fault plan do, for a
 * program that drives the test mode over HTTP. JSON in and out; a `POST` needs
 * `Content-Type: application/json` (so a page on another origin cannot send one without a
 * preflight), anything else is `415`. Bad arguments are `400` naming the argument, an unknown
 * control `404`; what the model refuses in its state (paying an inactive link) is `409`.
 * The package README holds the table of them.
 */
import {parseJsonObject} from './body';
import {ControlArguments} from './controlArguments';
import {HttpError, invalidRequest} from './errors';
import {faultFrom} from './faults';
import {setClock, type TestModeHost} from './host';
import {chooseIds, chosenIds} from '../model/core/ids';
import {ledgerOf} from './ledger';

type Json = Record<string, unknown>;
export type ControlAnswer = [status: number, body: Json];
type Run = (host: TestModeHost, args: ControlArguments, id: string) => ControlAnswer | Promise<ControlAnswer>;

interface Control {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path after `/_test-mode/`, `{id}` standing for one object's id. */
  readonly path: string;
  readonly run: Run;
}

const clockAnswer = (host: TestModeHost): ControlAnswer => [200, {now: host.testMode.now()}];
const units = {seconds: 1000, minutes: 60_000, hours: 3_600_000} as const;

function advanceBy(host: TestModeHost, args: ControlArguments): ControlAnswer {
  const given = (Object.keys(units) as (keyof typeof units)[]).filter((unit) => args.has(unit));
  args.only(...Object.keys(units));
  if (given.length !== 1) throw invalidRequest(400, 'parameter_missing', 'Give one of seconds, minutes or hours.', 'hours');
  const [unit] = given as [keyof typeof units];
  host.testMode.advance(args.number(unit, {min: 0, max: (400 * 24 * 3_600_000) / units[unit]}) * units[unit]);
  return clockAnswer(host);
}

function eventsWithDeliveries(host: TestModeHost): ControlAnswer {
  const {testMode} = host;
  const events = testMode.events.map((event) => ({
    ...event,
    deliveries: testMode.deliveriesOf(event.id as string).map((delivery) => ({
      endpoint: typeof delivery.endpoint.object?.id === 'string' ? delivery.endpoint.object.id : 'added by a control or a test',
      state: delivery.state,
      attempts: delivery.attempts,
      due_at: new Date(delivery.dueAt).toISOString(),
    })),
  }));
  return [200, {events}];
}

const done = (fields: Json = {}): ControlAnswer => [200, {ok: true, ...fields}];

const controls: readonly Control[] = [
  {method: 'GET', path: 'clock', run: (host) => clockAnswer(host)},
  {method: 'POST', path: 'clock/advance', run: (host, args) => advanceBy(host, args)},
  {method: 'POST', path: 'clock/set', run: (host, args) => (setClock(host.testMode, args.only('now').moment('now')), clockAnswer(host))},
  {method: 'POST', path: 'reset', run: (host, args) => (args.only(), host.reset(), chooseIds([]), clockAnswer(host))},
  {method: 'POST', path: 'ids', run: (host, args) => chooseIdsControl(host, args)},
  {method: 'POST', path: 'faults', run: (host, args) => addFault(host, args)},
  {method: 'GET', path: 'faults', run: (host) => [200, {faults: host.faults.pending()}]},
  {method: 'DELETE', path: 'faults', run: (host) => (host.faults.clear(), [200, {faults: []}])},
  {method: 'GET', path: 'events', run: (host) => eventsWithDeliveries(host)},
  {method: 'POST', path: 'events/{id}/redeliver', run: (host, args, id) => redeliver(host, args.only(), id)},
  {method: 'POST', path: 'webhooks/hold', run: (host, args) => (host.testMode.holdBack(args.only('type').eventType()), done())},
  {method: 'POST', path: 'webhooks/release', run: (host, args) => (host.testMode.release(args.only('type').eventType()), done())},
  {method: 'POST', path: 'webhooks/deliver', run: async (host, args) => (args.only(), done({delivered: await host.testMode.deliverDue()}))},
  {
    method: 'POST',
    path: 'webhooks/endpoint',
    run: (host, args) => (host.testMode.addWebhookEndpoint(args.only('url').endpointUrl()), done()),
  },
  {method: 'GET', path: 'ledger', run: (host) => [200, ledgerOf(host.testMode)]},
  {
    method: 'POST',
    path: 'sources/{id}/chargeable',
    run: (host, args, id) => (args.only(), host.testMode.sourceOutcome(id, 'chargeable'), done()),
  },
  {
    method: 'POST',
    path: 'sources/{id}/cancelled',
    run: (host, args, id) => (args.only(), host.testMode.sourceOutcome(id, 'cancelled'), done()),
  },
  {
    method: 'POST',
    path: 'sources/{id}/expired',
    run: (host, args, id) => (args.only(), host.testMode.sourceOutcome(id, 'expired'), done()),
  },
  {method: 'POST', path: 'charges/{id}/three-d-secure', run: (host, args, id) => (args.only(), host.testMode.completeThreeDs(id), done())},
  {
    method: 'POST',
    path: 'checkout-sessions/{id}/pay',
    run: (host, args, id) => done({charge: host.testMode.payCheckoutSession(id, args.only('card').card())}),
  },
  {
    method: 'POST',
    path: 'links/{id}/pay',
    run: (host, args, id) => done({charge: host.testMode.payLink(id, args.only('card', 'amount').card(), args.optionalAmount('amount'))}),
  },
  {
    method: 'POST',
    path: 'requests/{id}/pay',
    run: (host, args, id) => done({charge: host.testMode.payRequest(id, args.only('card').card())}),
  },
  {method: 'POST', path: 'charges/{id}/dispute', run: (host, args, id) => (args.only(), done({dispute: host.testMode.openDispute(id)}))},
  {method: 'POST', path: 'disputes/{id}/evidence', run: (host, args, id) => (args.only(), host.testMode.submitDisputeEvidence(id), done())},
  {method: 'POST', path: 'disputes/{id}/accept', run: (host, args, id) => (args.only(), host.testMode.acceptDispute(id), done())},
  {method: 'POST', path: 'refunds/settle', run: (host, args) => (args.only(), host.testMode.settleRefunds(), done())},
];

async function redeliver(host: TestModeHost, _args: ControlArguments, id: string): Promise<ControlAnswer> {
  if (!host.testMode.events.some((event) => event.id === id))
    throw new HttpError(404, {type: 'not_found_error', code: 'resource_missing', message: `No such event: '${id}'.`, param: 'id'});
  return done({delivered: await host.testMode.redeliver(id)});
}

const idKinds = [
  'sources',
  'charges',
  'refunds',
  'disputes',
  'customers',
  'sessions',
  'links',
  'requests',
  'webhookEndpoints',
  'payouts',
] as const;

/** `{"ids": ["cus_…"]}`: the next objects of each prefix take these ids, so a test can name them before they exist. */
function chooseIdsControl(host: TestModeHost, args: ControlArguments): ControlAnswer {
  const ids = args.only('ids').raw().ids;
  if (!Array.isArray(ids) || ids.length > 100 || !ids.every((id) => typeof id === 'string' && /^[a-z]{2,5}_[A-Za-z0-9]{24}$/.test(id)))
    throw invalidRequest(400, 'parameter_invalid', 'ids must be a list of up to 100 ids such as cus_DmDjcl0OevGMPVGGDAGDvCKq.', 'ids');
  const taken = (ids as string[]).find(
    (id) => idKinds.some((kind) => host.testMode[kind].has(id)) || host.testMode.events.some((event) => event.id === id),
  );
  if (taken) throw invalidRequest(400, 'parameter_invalid', `${taken} is the id of an object the test mode holds.`, 'ids');
  chooseIds(ids as string[]);
  return [200, {ids: chosenIds()}];
}

function addFault(host: TestModeHost, args: ControlArguments): ControlAnswer {
  const fault = faultFrom(args.raw());
  host.faults.add(fault);
  return [201, {fault}];
}

/** The control a path names, with the id it carries. */
function match(path: string): {controls: Control[]; id: string} {
  const segments = path.split('/');
  for (const shape of new Set(controls.map((control) => control.path))) {
    const parts = shape.split('/');
    if (parts.length !== segments.length) continue;
    let id = '';
    if (parts.every((part, index) => (part === '{id}' ? ((id = segments[index] ?? ''), id !== '') : part === segments[index])))
      return {controls: controls.filter((control) => control.path === shape), id: decodeURIComponent(id)};
  }
  return {controls: [], id: ''};
}

/** The model refused the control in its state (a `409`), or its error is the API's own; a bug stays a bug (a `500`). */
function refusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const apiError = error as {status?: unknown; type?: unknown; code?: unknown; message?: unknown; param?: unknown};
  if (typeof apiError.status === 'number' && typeof apiError.code === 'string' && typeof apiError.type === 'string')
    return new HttpError(apiError.status, {
      type: apiError.type,
      code: apiError.code,
      message: String(apiError.message),
      param: (apiError.param as string | null) ?? null,
    });
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || !(error instanceof Error))
    throw error;
  return new HttpError(409, {type: 'state_error', code: 'test_mode_control_refused', message: error.message});
}

export async function answerControl(
  host: TestModeHost,
  method: string,
  path: string,
  contentType: string | undefined,
  raw: Uint8Array,
): Promise<ControlAnswer> {
  const {controls: found, id} = match(path);
  if (found.length === 0)
    throw new HttpError(404, {type: 'not_found_error', code: 'resource_missing', message: `No test-mode control /_test-mode/${path}.`});
  const control = found.find((candidate) => candidate.method === method);
  if (!control)
    throw new HttpError(
      405,
      {
        type: 'invalid_request_error',
        code: 'request_malformed',
        message: `/_test-mode/${path} takes ${found.map((candidate) => candidate.method).join(', ')}.`,
      },
      {allow: found.map((candidate) => candidate.method).join(', ')},
    );
  let body: Json = {};
  if (method === 'POST') {
    if (!/^application\/json\s*(;|$)/i.test(contentType ?? ''))
      throw new HttpError(415, {
        type: 'invalid_request_error',
        code: 'request_malformed',
        message: 'A test-mode control takes Content-Type: application/json (a body of {} is fine).',
      });
    if (raw.length > 0) body = parseJsonObject(raw);
  }
  try {
    return await control.run(host, new ControlArguments(body), id);
  } catch (error) {
    throw refusal(error);
  }
}
