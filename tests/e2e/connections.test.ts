/**
 * The site's server holds many readers at once: nginx, as `npm run serve` and production's
 * container run it (plugins/delivery/nginx.ts), keeps 600 keep-alive connections open together and
 * answers every request on each, twice, with none refused or reset. Bounded: 1,200 requests to the
 * local server, alone in the `load` project.
 */
import assert from 'node:assert/strict';
import {Agent, get} from 'node:http';
import {test} from '@playwright/test';
import {site} from '../support/site';

const connections = 600;

test(`nginx keeps ${connections} keep-alive connections at once and answers each of them, twice @load`, async () => {
  const agent = new Agent({keepAlive: true, maxSockets: connections, maxFreeSockets: connections});
  const fetchOnce = () =>
    new Promise<number>((resolve, reject) => {
      get(`${site.origin}/robots.txt`, {agent}, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      }).on('error', reject);
    });
  try {
    for (const round of ['first', 'second']) {
      const answers = await Promise.allSettled(Array.from({length: connections}, fetchOnce));
      const failed = answers.flatMap((answer) =>
        answer.status === 'rejected' ? [String(answer.reason)] : answer.value === 200 ? [] : [`status ${answer.value}`],
      );
      assert.deepEqual(failed.slice(0, 5), [], `${round} round: ${failed.length} of ${connections} requests failed`);
    }
    const open = Object.values(agent.freeSockets).reduce((sum, sockets) => sum + (sockets?.length ?? 0), 0);
    assert.ok(open >= connections * 0.9, `the connections were kept alive: ${open} of ${connections} still open`);
  } finally {
    agent.destroy();
  }
});
