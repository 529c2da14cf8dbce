/**
 * The Python reference integrations (integrations/python/) through the same faults, over HTTP on
 * loopback: each step is one `/usr/bin/python3 cli.py` process, so a crash loses only what the shop's
 * SQLite file did not keep, and webhook deliveries are handed to a receive step. The invariants of
 * world.ts then read that same file.
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {sampleSecretKey, sampleWebhookSecret, testCardFor} from '../../src/data/testMode';
import {invariants, makeWorld, type World} from './world';

const python = '/usr/bin/python3';
const cwd = join(import.meta.dirname, '../../integrations/python');
const hour = 3_600_000;

interface PyWorld extends World {
  step(name: string, args?: string[], stdin?: string, env?: Record<string, string>): Promise<{code: number; out: string}>;
}

async function pyWorld(): Promise<{world: PyWorld; dir: string}> {
  const dir = mkdtempSync(join(tmpdir(), 'py-integration-'));
  const dbFile = join(dir, 'shop.db');
  const base = await makeWorld({dbFile, nodeReceiver: false});
  const step: PyWorld['step'] = (name, args = [], stdin, env = {}) =>
    new Promise((resolve) => {
      const child = execFile(
        python,
        ['cli.py', dbFile, base.server.url, name, ...args],
        {
          cwd,
          env: {
            ...process.env,
            ZIP_SECRET_KEY: sampleSecretKey,
            ZIP_WEBHOOK_SECRET: sampleWebhookSecret,
            ZIP_NOW: String(Math.floor(base.nowMs() / 1000)),
            ...env,
          },
        },
        (error, stdout, stderr) => resolve({code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr}),
      );
      if (stdin !== undefined) child.stdin?.end(stdin);
    });
  base.testMode.addWebhookEndpoint(async (raw, headers) => {
    const {code, out} = await step('receive', [], raw, {ZIP_SIGNATURE: headers['zip-signature'] ?? ''});
    return code === 0 ? Number(out.trim()) : 500;
  });
  return {world: Object.assign(base, {step}), dir};
}

function scenario(integration: string, name: string, body: (world: PyWorld) => Promise<void>): void {
  it(`${integration} × ${name}`, async () => {
    const {world, dir} = await pyWorld();
    try {
      await body(world);
      await world.testMode.deliverDue();
      world.shipped.push(
        ...world.db
          .prepare('SELECT order_id FROM shipments')
          .all()
          .map((row) => row.order_id as string),
      );
      invariants(world, integration, name);
    } finally {
      await world.close();
      rmSync(dir, {recursive: true, force: true});
    }
  });
}

const sourceOf = (world: World, order: string) =>
  world.db.prepare('SELECT source_id FROM orders WHERE id = ?').get(order)?.source_id as string;
const eventOf = (world: World, type: string) => [...world.testMode.events].reverse().find((event) => event.type === type)?.id as string;

describe('e-wallet source, Python (integrations/python/ewallet_source.py)', () => {
  const name = 'python ewallet_source';
  const start = async (world: PyWorld) => {
    await world.step('new-order', ['ORD-1', '150000']);
    assert.equal((await world.step('start-payment', ['ORD-1'])).code, 0);
  };
  scenario(name, 'submit twice', async (world) => {
    await start(world);
    await world.step('start-payment', ['ORD-1']);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await Promise.all([world.step('start-payment', ['ORD-1']), world.step('on-return', ['ORD-1'])]);
  });
  scenario(name, 'response lost after the charge', async (world) => {
    await start(world);
    world.testMode.inject('POST /v2/charges', 'lose-response');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario(name, 'retry after the key expired', async (world) => {
    await start(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    world.testMode.advance(25 * hour);
  });
  scenario(name, 'webhook twice', async (world) => {
    await start(world);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'source.chargeable'));
  });
  scenario(name, 'success_url before approval', async (world) => {
    await start(world);
    assert.match((await world.step('on-return', ['ORD-1'])).out, /wait_for_approval/);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario(name, 'crash after charge, before record', async (world) => {
    await start(world);
    world.testMode.holdBack('source.chargeable');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    const crashing = await world.step('charge-source', ['ORD-1', sourceOf(world, 'ORD-1')], undefined, {
      ZIP_CRASH_AFTER: 'POST /v2/charges',
    });
    assert.equal(crashing.code, 3);
    await world.step('recover');
    world.testMode.release('source.chargeable');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario(name, 'source declined', async (world) => {
    await start(world);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'cancelled');
    assert.match((await world.step('on-return', ['ORD-1'])).out, /ask_for_new_source/);
  });
});

describe('saved card, monthly billing, Python (integrations/python/recurring_billing.py)', () => {
  const name = 'python recurring_billing';
  const setup = async (world: PyWorld) => {
    const customer = await world.zip('POST', '/v2/customers', {email: 'maria@example.com'}, {idempotencyKey: 'c'});
    const card = await world.zip(
      'POST',
      '/v2/sources',
      {type: 'card', card: {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'}},
      {idempotencyKey: 's'},
    );
    await world.zip('POST', `/v2/customers/${customer.id as string}/sources`, {source: card.id}, {idempotencyKey: 'a'});
    return async () => (await world.step('bill', ['SUB-1', '2026-01', customer.id as string, card.id as string, '49900'])).out.trim();
  };
  scenario(name, 'two jobs at once', async (world) => {
    const bill = await setup(world);
    await Promise.all([bill(), bill()]);
  });
  scenario(name, 'no answer, next run an hour later', async (world) => {
    const bill = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    assert.equal(await bill(), '"due"');
    world.testMode.advance(hour);
    assert.equal(await bill(), '"paid"');
  });
  scenario(name, 'retry after the key expired', async (world) => {
    const bill = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    assert.equal(await bill(), '"due"');
    world.testMode.advance(25 * hour);
    assert.equal(await bill(), '"paid"');
  });
});
