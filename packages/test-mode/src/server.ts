/**
 * The stateful test mode on a loopback port, for programs that talk HTTP (the Python reference
 * integrations, a developer's server on a laptop through `npm run sandbox:stateful`). Each request
 * is checked as Zip checks it: a test key, and a body valid against its operation's schema in the
 * specs; each answer is checked against the schema the specs give its status, so the test mode cannot
 * drift from the specs unnoticed. A `lose-response` fault closes the connection after the work is done.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {publicTestKeyPattern, secretTestKeyPattern} from '../../../src/data/testMode';
import {findOperation, requestProblems, responseProblems} from './specs';
import type {TestMode} from './testMode';

export interface RunningTestMode {
  readonly url: string;
  close(): Promise<void>;
}

function apiKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Basic (.+)$/.exec(authorization ?? '');
  if (match?.[1]) return Buffer.from(match[1], 'base64').toString('utf8').split(':')[0];
  return /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
}

const errorBody = (type: string, code: string, message: string, param: string | null = null) => ({
  error: {type, code, message, param, request_id: 'req_' + 'T'.repeat(24)},
});

/**
 * What the customer, the card networks and time do, for a program that cannot call the test mode in
 * process: the approval page's buttons, finishing 3-D Secure, paying a checkout session, a payment
 * link or a payment request, a cardholder's dispute and the merchant's answer to it, providers
 * answering refunds, the clock, and webhook deliveries. `POST /_test-mode/sources/{id}/chargeable`,
 * `POST /_test-mode/links/{id}/pay?card=…[&amount=…]`, `POST /_test-mode/charges/{id}/dispute` and so on.
 */
async function control(testMode: TestMode, method: string, url: URL): Promise<[number, unknown]> {
  const [, , kind, id, action] = url.pathname.split('/');
  const card = url.searchParams.get('card') ?? '';
  try {
    if (method !== 'POST') return [405, {error: 'POST only'}];
    if (kind === 'sources' && id && (action === 'chargeable' || action === 'cancelled' || action === 'expired'))
      testMode.sourceOutcome(id, action);
    else if (kind === 'charges' && id && action === 'three-d-secure') testMode.completeThreeDs(id);
    else if (kind === 'checkout-sessions' && id && action === 'pay') return [200, {charge: testMode.payCheckoutSession(id, card)}];
    else if (kind === 'links' && id && action === 'pay') {
      const amount = url.searchParams.get('amount');
      return [200, {charge: testMode.payLink(id, card, amount === null ? undefined : Number(amount))}];
    } else if (kind === 'requests' && id && action === 'pay') return [200, {charge: testMode.payRequest(id, card)}];
    else if (kind === 'charges' && id && action === 'dispute') return [200, {dispute: testMode.openDispute(id)}];
    else if (kind === 'disputes' && id && action === 'evidence') testMode.submitDisputeEvidence(id);
    else if (kind === 'disputes' && id && action === 'accept') testMode.acceptDispute(id);
    else if (kind === 'refunds' && id === 'settle') testMode.settleRefunds();
    else if (kind === 'clock' && id === 'advance') testMode.advance(Number(url.searchParams.get('hours') ?? 0) * 3_600_000);
    else if (kind === 'webhooks' && id === 'endpoint') testMode.addWebhookEndpoint(url.searchParams.get('url') ?? '');
    else if (kind === 'webhooks' && id === 'deliver') return [200, {delivered: await testMode.deliverDue()}];
    else if (kind === 'faults' && id)
      testMode.inject(url.searchParams.get('operation') ?? '', id as 'lose-response' | 'fail-500' | 'fail-429');
    else return [404, {error: `no test-mode control ${url.pathname}`}];
    return [200, {ok: true}];
  } catch (error) {
    return [409, {error: (error as Error).message}];
  }
}

export async function serveTestMode(testMode: TestMode, port = 0): Promise<RunningTestMode> {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // CORS, as scripts/sandbox.ts sends it, so the API explorer's Send can call this from `npm start`.
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': '*',
    };
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {'content-type': 'application/json', ...cors});
      response.end(JSON.stringify(body));
    };
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      return response.end();
    }
    if (url.pathname.startsWith('/_test-mode/')) return send(...(await control(testMode, method, url)));
    const found = findOperation(method, url.pathname);
    if (!found) return send(404, errorBody('not_found_error', 'resource_missing', `No operation ${method} ${url.pathname} in the specs.`));
    const apiKey = apiKeyOf(request.headers.authorization);
    if (!apiKey) return send(401, errorBody('authentication_error', 'api_key_missing', 'No API key.'));
    const isPublic = publicTestKeyPattern.test(apiKey);
    if (!secretTestKeyPattern.test(apiKey) && !isPublic)
      return send(401, errorBody('authentication_error', 'api_key_invalid', 'Unknown key.'));
    if (isPublic && found.operation.operationId !== 'createSource')
      return send(403, errorBody('permission_error', 'api_key_public_not_allowed', 'A public key may only create sources.'));
    const hasBody = method === 'POST' || method === 'PUT';
    let body: Record<string, unknown> | undefined;
    if (hasBody && chunks.length > 0) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, errorBody('invalid_request_error', 'request_malformed', 'The body is not JSON.'));
      }
    }
    const problems = hasBody ? requestProblems(found.spec, found.template, method, body ?? {}) : [];
    if (problems.length > 0) return send(422, errorBody('invalid_request_error', 'parameter_invalid', problems.join('; ')));
    let answer;
    try {
      answer = testMode.handle({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        apiKey,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
    } catch (error) {
      return send(500, errorBody('api_error', 'internal_error', `test mode: ${(error as Error).message}`));
    }
    const drift = responseProblems(found.spec, found.template, method, answer.status, answer.body);
    if (drift.length > 0)
      return send(
        500,
        errorBody(
          'api_error',
          'internal_error',
          `test mode answer breaks openapi/${found.spec}.yaml ${answer.status} of ${method} ${found.template}: ${drift.join('; ')}`,
        ),
      );
    if (answer.lost) {
      request.socket.destroy();
      return;
    }
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const {port: bound} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
