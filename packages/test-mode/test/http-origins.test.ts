/**
 * Loopback and the site only: a page may read the test mode's answers from the docs site's origins
 * and from the loopback origins a developer allows, and from no other; a control cannot be sent
 * without the JSON content type that needs a preflight; the webhook-endpoint control takes only the
 * URLs the API takes.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {basicAuth, call, control, errorOf} from './http-client';

describe('the test mode answers the docs site and allowed loopback pages only', () => {
  let server: RunningTestMode;
  before(async () => {
    server = await serveTestMode(undefined, {allowOrigins: ['http://localhost:5173']});
  });
  after(() => server.close());

  const fromOrigin = (origin: string, init: RequestInit = {}) =>
    fetch(`${server.url}/v2/charges`, {...init, headers: {origin, authorization: basicAuth, ...(init.headers as Record<string, string>)}});

  it('lets the site and an allowed loopback origin read answers, with credentials', async () => {
    for (const origin of ['https://docs.example.com', 'http://localhost:3000', 'http://localhost:5173']) {
      const response = await fromOrigin(origin);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /Request-Id/);
    }
  });

  it('gives a foreign origin and a loopback origin not allowed no CORS headers, in answers and preflights', async () => {
    for (const origin of ['https://attacker.example', 'http://localhost:8080', 'null']) {
      const response = await fromOrigin(origin);
      assert.equal(response.headers.get('access-control-allow-origin'), null, origin);
      assert.equal(response.headers.get('access-control-allow-credentials'), null, origin);
      const preflight = await fetch(`${server.url}/_test-mode/reset`, {
        method: 'OPTIONS',
        headers: {origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type'},
      });
      assert.equal(preflight.headers.get('access-control-allow-origin'), null, origin);
      assert.equal(preflight.headers.get('access-control-allow-methods'), null, origin);
    }
    const allowed = await fetch(`${server.url}/_test-mode/reset`, {
      method: 'OPTIONS',
      headers: {origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type'},
    });
    assert.equal(allowed.status, 204);
    assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
  });

  it('refuses a control sent without a JSON content type (what a page may send without a preflight)', async () => {
    assert.equal((await control(server.url, 'POST', 'clock/set', {now: '2030-06-01T00:00:00Z'})).status, 200);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      for (const path of ['reset', 'clock/advance', 'webhooks/endpoint']) {
        const reply = await call(server.url, 'POST', `/_test-mode/${path}`, '{"hours": 1}', {'content-type': type});
        assert.equal(reply.status, 415, `${path} as ${type}`);
      }
    assert.equal((await control(server.url, 'GET', 'clock')).body.now, '2030-06-01T00:00:00Z', 'the clock did not move');
  });

  it('takes a webhook endpoint URL only as the API does: https, or http on loopback', async () => {
    for (const url of ['http://attacker.example/hook', 'ftp://127.0.0.1/hook', 'not a url', 42]) {
      const reply = await control(server.url, 'POST', 'webhooks/endpoint', {url});
      assert.equal(reply.status, 400, String(url));
      assert.equal(errorOf(reply).param, 'url');
    }
    assert.equal((await control(server.url, 'POST', 'webhooks/endpoint', {url: 'http://127.0.0.1:9/hook'})).status, 200);
  });

  it('will not serve a non-loopback origin a developer asks to allow', async () => {
    await assert.rejects(
      serveTestMode(undefined, {allowOrigins: ['https://attacker.example']}),
      /--allow-origin https:\/\/attacker\.example/,
    );
  });
});
