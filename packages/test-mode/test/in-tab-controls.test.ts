/**
 * The testing page's controls as the explorer offers them in the tab (src/browser/tabControls.ts):
 * each is offered for the objects it can act on now, runs the model's control, lists the events it
 * caused, and is journalled, so a reopened tab comes back to the same state. A POST sent again with
 * the same Idempotency-Key is marked replayed; with another body it is refused.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {TabTestMode, type TabControlAction} from '../src/browser/inTab';

const json = {'content-type': 'application/json'};
const redirect = {success_url: 'https://shop.example.com/paid', failure_url: 'https://shop.example.com/failed'};

function memoryStorage(): Storage {
  const saved = new Map<string, string>();
  return {getItem: (key: string) => saved.get(key) ?? null, setItem: (key: string, value: string) => void saved.set(key, value)} as Storage;
}

const post = (tab: TabTestMode, url: string, body: unknown, key?: string) =>
  tab.send({method: 'POST', url, headers: {...json, ...(key && {'idempotency-key': key})}, body: JSON.stringify(body)});

function action(tab: TabTestMode, group: string, label: string): {action: TabControlAction; ids: readonly string[]} {
  const found = tab.controlGroups().groups.find((candidate) => candidate.key === group);
  const chosen = found?.actions.find((candidate) => candidate.label === label);
  assert.ok(found && chosen, `the tab offers ${label}: ${JSON.stringify(tab.controlGroups().groups.map((candidate) => candidate.key))}`);
  return {action: chosen, ids: found.ids};
}

describe("the testing page's controls in the tab", () => {
  it('approves a pending e-wallet source, which then expires as the clock passes the hour', async () => {
    const tab = await TabTestMode.open(memoryStorage());
    const source = JSON.parse((await post(tab, '/v2/sources', {type: 'gcash', amount: 150000, redirect})).body) as {id: string};
    const approve = action(tab, 'source', 'Approve the source');
    assert.deepEqual(approve.ids, [source.id]);
    const approved = await tab.act(approve.action, source.id);
    assert.deepEqual([approved.status, approved.events.map((event) => event.type)], [200, ['source.chargeable']]);
    assert.equal(tab.log.at(-1)?.control, true);
    assert.ok(!tab.controlGroups().groups.some((group) => group.key === 'source'), 'an approved source is no longer offered');
    const event = JSON.parse(tab.eventJson(approved.events[0]?.id ?? '') ?? '{}') as {type: string; data: {object: {id: string}}};
    assert.deepEqual([event.type, event.data.object.id], ['source.chargeable', source.id]);
    const hour = tab.controlGroups().clock.find((candidate) => candidate.label === 'Advance the clock 60 minutes');
    assert.ok(hour);
    assert.deepEqual(
      (await tab.act(hour)).events.map((candidate) => candidate.type),
      ['source.expired'],
    );
  });

  it('fails 3-D Secure for a charge at the bank, and a reopened tab holds the failed charge', async () => {
    const storage = memoryStorage();
    const tab = await TabTestMode.open(storage);
    const card = {number: '4000000000003220', exp_month: 12, exp_year: 2030, cvc: '123'};
    const source = JSON.parse((await post(tab, '/v2/sources', {type: 'card', card})).body) as {id: string};
    const body = {amount: 150000, source: source.id, return_url: 'https://shop.example.com/3ds'};
    const charge = JSON.parse((await post(tab, '/v2/charges', body)).body) as {id: string; status: string};
    assert.equal(charge.status, 'pending');
    const fail = action(tab, 'three-d-secure', 'Fail 3-D Secure');
    assert.deepEqual(fail.ids, [charge.id]);
    assert.deepEqual(
      (await tab.act(fail.action, charge.id)).events.map((event) => event.type),
      ['charge.failed'],
    );
    const reopened = await TabTestMode.open(storage);
    const retrieved = await reopened.send({method: 'GET', url: `/v2/charges/${charge.id}`, headers: {}});
    assert.deepEqual([JSON.parse(retrieved.body).status, JSON.parse(retrieved.body).failure_code], ['failed', 'authentication_failed']);
    const refused = await reopened.act(fail.action, 'ch_NoSuchChargeInThisTab000');
    assert.equal(refused.status, 404);
  });

  it('replays a POST sent again with the same key and body, and refuses another body', async () => {
    const tab = await TabTestMode.open(undefined);
    const body = {type: 'gcash', amount: 150000, redirect};
    const first = await post(tab, '/v2/sources', body, 'key-1');
    const again = await post(tab, '/v2/sources', body, 'key-1');
    assert.deepEqual([first.replayed, again.replayed, again.status, again.body], [false, true, 201, first.body]);
    assert.equal(tab.log.at(-1)?.replayed, true);
    const changed = await post(tab, '/v2/sources', {...body, amount: 250000}, 'key-1');
    assert.deepEqual(
      [changed.status, (JSON.parse(changed.body) as {error: {code: string}}).error.code, changed.replayed],
      [409, 'idempotency_key_reused', false],
    );
  });
});
