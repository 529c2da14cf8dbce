/**
 * The `zip-test-mode` command a developer runs: it prints its URL and the controls, serves with the
 * clock `--now` pins, lets in the origins `--allow-origin` names, and refuses a bad argument by name.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {join} from 'node:path';
import {describe, it} from 'node:test';

const bin = join(import.meta.dirname, '../bin/zip-test-mode.mjs');

describe('zip-test-mode', () => {
  it('serves on the port it prints, with the clock --now pins and the origin --allow-origin names', async () => {
    const child = spawn(
      process.execPath,
      [bin, '--port', '0', '--now', '2026-01-05T01:00:00Z', '--allow-origin', 'http://localhost:5173'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      let printed = '';
      child.stdout.setEncoding('utf8');
      while (!/\/_test-mode\/reset/.test(printed)) {
        const [chunk] = (await once(child.stdout, 'data')) as [string];
        printed += chunk;
      }
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      assert.ok(url, printed);
      assert.match(printed, /POST http:\/\/127\.0\.0\.1:\d+\/_test-mode\/faults/);
      const clock = await fetch(`${url}/_test-mode/clock`, {headers: {origin: 'http://localhost:5173'}});
      assert.deepEqual(await clock.json(), {now: '2026-01-05T01:00:00Z'});
      assert.equal(clock.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    } finally {
      child.kill();
    }
  });

  it('refuses a bad argument, naming it', () => {
    for (const [args, says] of [
      [['--now', 'yesterday'], /--now yesterday/],
      [['--allow-origin', 'https://attacker.example'], /--allow-origin https:\/\/attacker\.example/],
      [['--port', 'abc'], /--port abc/],
    ] as const) {
      const run = spawnSync(process.execPath, [bin, ...args], {encoding: 'utf8'});
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, says);
    }
  });
});
