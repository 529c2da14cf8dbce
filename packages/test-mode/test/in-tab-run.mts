// Run by in-tab.test.ts as the browser would load it: the `browser` condition and no code from strings.
import {TabTestMode} from '../src/browser/inTab';

const saved = new Map<string, string>();
const storage = {getItem: (key: string) => saved.get(key) ?? null, setItem: (key: string, value: string) => void saved.set(key, value)};
const json = {'content-type': 'application/json'};
const card = {number: '4111111111111111', exp_month: 12, exp_year: 2030, cvc: '123'};

const tab = await TabTestMode.open(storage as Storage);
const source = await tab.send({
  method: 'POST',
  url: 'https://api.example.com/v2/sources',
  headers: json,
  body: JSON.stringify({type: 'card', card}),
});
const sourceId = (JSON.parse(source.body) as {id: string}).id;
const charge = await tab.send({
  method: 'POST',
  url: '/v2/charges',
  headers: json,
  body: JSON.stringify({amount: 10000, source: sourceId, capture: false}),
});
const chargeId = (JSON.parse(charge.body) as {id: string}).id;
const missing = await tab.send({method: 'POST', url: '/v2/charges', headers: json, body: JSON.stringify({amount: 10000})});
const tooMany = await tab.send({method: 'GET', url: '/v2/charges?limit=1000', headers: {}});
const liveKey = await tab.send({
  method: 'GET',
  url: '/v2/charges',
  headers: {authorization: `Basic ${btoa('sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6:')}`},
});
const reopened = await TabTestMode.open(storage as Storage);
const captured = await reopened.send({method: 'POST', url: `/v2/charges/${chargeId}/capture`, headers: json, body: '{}'});
const refund = await reopened.send({
  method: 'POST',
  url: `/v2/charges/${chargeId}/refund`,
  headers: json,
  body: JSON.stringify({amount: 4000}),
});
const settled = await reopened.control('refunds/settle');
const withoutStorage = await TabTestMode.open(undefined);

console.log(
  JSON.stringify({
    statuses: [source.status, charge.status, missing.status, tooMany.status, liveKey.status, captured.status, refund.status],
    missing: JSON.parse(missing.body) as unknown,
    tooManyParam: (JSON.parse(tooMany.body) as {error: {param: string}}).error.param,
    requestIdHeader: missing.headers['request-id'] === (JSON.parse(missing.body) as {error: {request_id: string}}).error.request_id,
    chargeEvents: charge.events.map((event) => event.type),
    capturedEvents: captured.events.map((event) => event.type),
    settledEvents: settled.events.map((event) => event.type),
    sameIds: JSON.stringify(reopened.idsWithPrefix('ch_')) === JSON.stringify([chargeId]),
    logLength: reopened.log.length,
    freshWithoutStorage: withoutStorage.log.length,
  }),
);
