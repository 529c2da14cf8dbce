/**
 * The test mode a reader installs from the site (plugins/test-mode-package): the served tarball
 * installs into an empty folder with nothing else, and its command runs a fault plan — an answer
 * lost after the work, the same request sent again — after which the ledger says the order was
 * charged once.
 */
import assert from 'node:assert/strict';
import {execFile, spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {expect, test} from '@playwright/test';
import {testModePackagePath} from '../../plugins/test-mode-package';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {site} from '../support/site';

const run = promisify(execFile);

interface Ledger {
  readonly ok: boolean;
  readonly orders: readonly {readonly order_id: string; readonly charges_taking_money: number; readonly problems: readonly string[]}[];
}

test('the served test mode installs into an empty folder and holds an order to one charge through a lost answer', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'zip-test-mode-install-'));
  try {
    await run('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', `${site.origin}${testModePackagePath}`], {
      env: {...process.env, npm_config_update_notifier: 'false'},
    });
    const command = spawn(join(folder, 'node_modules/.bin/zip-test-mode'), ['--port', '0', '--now', '2026-01-05T01:00:00Z'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    command.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const url = () => /on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
    try {
      await expect.poll(url, {message: 'zip-test-mode prints the URL it listens on'}).toBeTruthy();
      const origin = url() ?? '';
      const auth = `Basic ${Buffer.from(`${sampleSecretKey}:`).toString('base64')}`;
      const post = (path: string, body: unknown, key?: string) =>
        fetch(`${origin}${path}`, {
          method: 'POST',
          headers: {authorization: auth, 'content-type': 'application/json', ...(key ? {'idempotency-key': key} : {})},
          body: JSON.stringify(body),
        });
      const card = {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'};
      const source = (await (await post('/v2/sources', {type: 'card', card})).json()) as {id: string};
      assert.equal((await post('/_test-mode/faults', {operation: 'createCharge', kind: 'lose-response'})).status, 201);
      const charge = {amount: 125000, source: source.id, metadata: {order_id: 'ORD-1'}};
      await assert.rejects(post('/v2/charges', charge, 'order-ORD-1'), 'the first answer is lost after the work');
      assert.equal((await post('/v2/charges', charge, 'order-ORD-1')).status, 201, 'the retry with the same key gets the charge');
      const ledger = (await (await fetch(`${origin}/_test-mode/ledger`)).json()) as Ledger;
      const order = ledger.orders.find((candidate) => candidate.order_id === 'ORD-1');
      assert.deepEqual([order?.charges_taking_money, order?.problems], [1, []], `ORD-1 in the ledger: ${JSON.stringify(ledger)}`);
    } finally {
      command.kill();
    }
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});
