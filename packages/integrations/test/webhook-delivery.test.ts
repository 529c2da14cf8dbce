/**
 * Signed webhook delivery to a URL, with retries. A real HTTP receiver on a loopback port is
 * registered through the webhook endpoint operation and fails the first deliveries (a 500, a closed
 * connection, no answer at all); the test mode's clock moves along the delivery contract's retry
 * schedule (packages/model/src/facts.ts), and every attempt must come at its time, signed, with the same event,
 * and none after a 2xx. A delivery that never succeeds stops after the schedule's last attempt and its
 * event stays listable; an endpoint whose every delivery failed for the contract's days is deactivated.
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, it} from 'node:test';
import {facts} from '@zip/model/facts';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {signPayload} from '@zip/model/webhookSignature';
import {serveTestMode} from '@zip/test-mode/server';
import {controlAt, typedControls} from './world';

type Json = Record<string, unknown>;
/** How the receiver answers one delivery: a 500, a connection closed without an answer, no answer in time, or 200. */
type Answer = 'fail-500' | 'close' | 'no-answer' | 'ok';

interface Attempt {
  readonly signedAt: number;
  readonly signatures: readonly string[];
  readonly body: string;
  readonly eventId: string;
  readonly answer: Answer;
}

const schedule = facts.webhooks.retrySchedule;
const daySeconds = 86_400;

/** The shop's endpoint: answers the deliveries as `answers` says, in order (200 after them), and records every attempt. */
async function startReceiver(answers: readonly Answer[]) {
  const attempts: Attempt[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const parts = String(request.headers['zip-signature'] ?? '')
      .split(',')
      .map((part) => part.split('='));
    const answer = answers[attempts.length] ?? 'ok';
    attempts.push({
      signedAt: Number(parts.find(([key]) => key === 't')?.[1]),
      signatures: parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? ''),
      body,
      eventId: (JSON.parse(body) as Json).id as string,
      answer,
    });
    if (answer === 'close') request.socket.destroy();
    else if (answer === 'fail-500') response.writeHead(500).end();
    else if (answer === 'ok') response.writeHead(200).end();
    // 'no-answer' leaves the request open: the test mode stops waiting and counts a failure.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/zip/webhooks`,
    attempts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A test mode on a loopback port, driven over HTTP: the shop's API calls, the controls, and the
 * clock in whole seconds, as the controls last answered (it stands still unless one moves it).
 */
async function startTestMode() {
  // A receiver that never answers costs this long instead of the contract's own wait.
  const server = await serveTestMode(undefined, {deliveryTimeoutMs: 1_000});
  const call = controlAt(server.url);
  let clockMs = Date.parse((await call('GET', 'clock')).now as string);
  const control = typedControls(call, (now) => (clockMs = Date.parse(now)));
  let key = 0;
  async function api(method: string, path: string, body?: Json): Promise<Json> {
    const headers: Record<string, string> = {Authorization: 'Basic ' + Buffer.from(`${sampleSecretKey}:`).toString('base64')};
    if (body) headers['Content-Type'] = 'application/json';
    if (method === 'POST') headers['Idempotency-Key'] = `delivery-test-${++key}`;
    const response = await fetch(server.url + path, {method, headers, body: body ? JSON.stringify(body) : undefined});
    const answer = (await response.json()) as Json;
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }
  /** A card payment that succeeds: one charge.succeeded event, whose id is returned. */
  async function payByCard(): Promise<string> {
    const card = {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'};
    const source = await api('POST', '/v2/sources', {type: 'card', card});
    const charge = await api('POST', '/v2/charges', {amount: 50000, source: source.id});
    const event = (await control.events()).find((candidate) => ((candidate.data as Json).object as Json).id === charge.id);
    assert.equal(event?.type, 'charge.succeeded');
    return event.id as string;
  }
  const seconds = () => clockMs / 1000;
  const advanceTo = (at: number) => control.advance((at - seconds()) * 1000);
  /** The states of an event's deliveries, one per endpoint it went to. */
  const deliveryStates = async (eventId: string) =>
    ((await control.events()).find((event) => event.id === eventId)?.deliveries as Json[]).map((delivery) => delivery.state);
  return {control, api, payByCard, seconds, advanceTo, deliveryStates, close: () => server.close()};
}

async function signedWith(secret: string, attempt: Attempt): Promise<boolean> {
  return attempt.signatures.includes(await signPayload(secret, attempt.signedAt, attempt.body));
}

describe('signed webhook delivery to a URL, with retries (packages/test-mode, webhooks/deliver)', () => {
  it('retries a failed delivery at the schedule times, signed each time, with the same event, and stops after a 2xx', async () => {
    const answers: Answer[] = ['fail-500', 'close', 'no-answer', 'ok'];
    const receiver = await startReceiver(answers);
    const zip = await startTestMode();
    try {
      const endpoint = await zip.api('POST', '/v2/webhook-endpoints', {url: receiver.url, events: ['charge.succeeded']});
      const eventId = await zip.payByCard();
      const firstAt = zip.seconds();
      const times = [firstAt, ...schedule.map((retry) => firstAt + retry.afterSeconds)];
      await zip.control.deliverDue();
      assert.equal(receiver.attempts.length, 1, 'the first attempt goes at once');
      for (const [retry, at] of times.slice(1).entries()) {
        const expected = Math.min(retry + 2, answers.length);
        await zip.advanceTo(at - 1);
        await zip.control.deliverDue();
        assert.equal(receiver.attempts.length, Math.min(retry + 1, answers.length), `no attempt before retry ${retry + 1} is due`);
        await zip.advanceTo(at);
        await zip.control.deliverDue();
        assert.equal(receiver.attempts.length, expected, `attempts once retry ${retry + 1} is due (${at - firstAt} s after the first)`);
      }
      assert.deepEqual(
        receiver.attempts.map((attempt) => attempt.answer),
        answers,
        'nothing is sent after the 2xx',
      );
      for (const [index, attempt] of receiver.attempts.entries()) {
        assert.equal(attempt.eventId, eventId, `attempt ${index + 1} carries the same event`);
        assert.equal(attempt.body, receiver.attempts[0]?.body, `attempt ${index + 1} sends the same bytes`);
        assert.equal(attempt.signedAt, times[index], `attempt ${index + 1} is signed at its time on the schedule`);
        assert.ok(await signedWith(endpoint.secret as string, attempt), `attempt ${index + 1} is signed with the endpoint's secret`);
      }
      assert.deepEqual(await zip.deliveryStates(eventId), ['delivered']);
    } finally {
      await zip.close();
      await receiver.close();
    }
  });

  it('stops after the last attempt of the schedule, keeps the event listable, and deactivates an endpoint that failed for the contract’s days', async () => {
    const receiver = await startReceiver(Array<Answer>(100).fill('fail-500'));
    const zip = await startTestMode();
    try {
      const endpoint = await zip.api('POST', '/v2/webhook-endpoints', {url: receiver.url, events: ['charge.succeeded']});
      const endpointPath = `/v2/webhook-endpoints/${endpoint.id as string}`;
      const firstEvent = await zip.payByCard();
      const firstAt = zip.seconds();
      await zip.control.deliverDue();
      for (const retry of schedule) {
        await zip.advanceTo(firstAt + retry.afterSeconds);
        await zip.control.deliverDue();
      }
      const lastAt = firstAt + (schedule.at(-1)?.afterSeconds ?? 0);
      assert.equal(receiver.attempts.length, schedule.length + 1, 'the first attempt and every retry of the schedule');
      await zip.advanceTo(lastAt + daySeconds / 2);
      await zip.control.deliverDue();
      assert.equal(receiver.attempts.length, schedule.length + 1, 'no attempt after the last retry');
      assert.deepEqual(await zip.deliveryStates(firstEvent), ['failed'], 'marked failed');
      const listed = (await zip.api('GET', '/v2/events?type=charge.succeeded')).data as Json[];
      assert.ok(
        listed.some((event) => event.id === firstEvent),
        'the event can still be listed',
      );
      assert.equal((await zip.api('GET', endpointPath)).status, 'active', 'fewer days of failures than the contract allows');

      // A second event keeps failing until every delivery has failed for the contract's days.
      const secondEvent = await zip.payByCard();
      const secondAt = zip.seconds();
      const disableAt = firstAt + facts.webhooks.endpointDisableAfterDays * daySeconds;
      const times = [secondAt, ...schedule.map((retry) => secondAt + retry.afterSeconds)];
      const lastTried = times.findIndex((at) => at >= disableAt);
      assert.ok(lastTried > 0 && lastTried < times.length - 1, 'the schedule of the second event crosses the deactivation');
      for (const at of times) {
        await zip.advanceTo(at);
        await zip.control.deliverDue();
        const status = (await zip.api('GET', endpointPath)).status;
        assert.equal(status, at >= disableAt ? 'inactive' : 'active', `endpoint status ${at - firstAt} s after the first failure`);
      }
      const secondAttempts = receiver.attempts.filter((attempt) => attempt.eventId === secondEvent);
      assert.deepEqual(
        secondAttempts.map((attempt) => attempt.signedAt),
        times.slice(0, lastTried + 1),
        'an inactive endpoint gets no more retries',
      );
      const thirdEvent = await zip.payByCard();
      await zip.control.deliverDue();
      assert.equal(receiver.attempts.filter((attempt) => attempt.eventId === thirdEvent).length, 0, 'nor new events');
    } finally {
      await zip.close();
      await receiver.close();
    }
  });
});

describe('signed webhook delivery to every subscribed endpoint (packages/test-mode, webhooks/deliver)', () => {
  it('sends each event to every active endpoint subscribed to its type, and signs with a rolled secret beside the new one', async () => {
    const receivers = await Promise.all([startReceiver([]), startReceiver([]), startReceiver([]), startReceiver([])]);
    const [succeeded, failed, switchedOff, deleted] = receivers;
    const zip = await startTestMode();
    try {
      const add = (url: string, events: string[]) => zip.api('POST', '/v2/webhook-endpoints', {url, events});
      const endpoint = await add(succeeded?.url ?? '', ['charge.succeeded']);
      await add(failed?.url ?? '', ['charge.failed']);
      const off = await add(switchedOff?.url ?? '', ['*']);
      await zip.api('PUT', `/v2/webhook-endpoints/${off.id as string}`, {status: 'inactive'});
      const gone = await add(deleted?.url ?? '', ['*']);
      await zip.api('DELETE', `/v2/webhook-endpoints/${gone.id as string}`);
      await zip.payByCard();
      await zip.control.deliverDue();
      assert.deepEqual(
        receivers.map((receiver) => receiver.attempts.length),
        [1, 0, 0, 0],
      );

      const rolled = await zip.api('POST', `/v2/webhook-endpoints/${endpoint.id as string}/roll-secret`, {expire_previous_in_hours: 1});
      await zip.payByCard();
      await zip.control.deliverDue();
      const during = succeeded?.attempts.at(-1);
      assert.ok(during && during.signatures.length === 2, 'two signatures while the old secret is valid');
      assert.ok((await signedWith(rolled.secret as string, during)) && (await signedWith(endpoint.secret as string, during)));
      await zip.advanceTo(zip.seconds() + 3_600);
      await zip.payByCard();
      await zip.control.deliverDue();
      const later = succeeded?.attempts.at(-1);
      assert.ok(later && later.signatures.length === 1 && (await signedWith(rolled.secret as string, later)), 'the new secret alone');
    } finally {
      await zip.close();
      await Promise.all(receivers.map((receiver) => receiver.close()));
    }
  });
});
