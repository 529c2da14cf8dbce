// The webhook receiver: check the Zip-Signature, skip an event id already handled, hand the event to
// the flow's handler, and answer 200 only once that work is done and the event recorded as handled.
// A handler that throws makes the receiver throw, so the endpoint answers 5xx and Zip delivers the
// event again: a failure never loses an event. Handlers are idempotent on their own (orders.mjs), so
// two workers handling one event, or an event delivered twice, do no harm; handled_events only saves work.
import {createHmac, timingSafeEqual} from 'node:crypto';

// #region verify-signature
export function verifySignature(rawBody, header, secret, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300) {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!timestamp || !parts.v1) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}
// #endregion verify-signature

// #region receive-event
export function createReceiver({db, secret, handlers, now = () => Math.floor(Date.now() / 1000)}) {
  return async function receive(rawBody, headers) {
    if (!verifySignature(rawBody, headers['zip-signature'], secret, now())) return 400;
    const event = JSON.parse(rawBody);
    if (db.prepare('SELECT 1 FROM handled_events WHERE event_id = ?').get(event.id)) return 200; // seen: skip
    const handler = handlers[event.type];
    if (handler) await handler(event); // throws → 500 → Zip delivers again later
    db.prepare('INSERT INTO handled_events (event_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING').run(event.id, Date.now());
    return 200;
  };
}
// #endregion receive-event
