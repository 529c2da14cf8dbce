/**
 * `zip-test-mode` (and `npm run test-mode` in this repository): the test mode on a laptop. Point a
 * shop's Zip base URL at it with a test key; drive what customers, banks and time do with the
 * `/_test-mode/…` controls the package README lists. Its clock follows the wall clock (so a shop's
 * signature check passes) unless `--now` pins it, and due webhooks are delivered every second.
 */
import {parseArgs} from 'node:util';
import {serveTestMode} from './server';

const usage = `Usage: zip-test-mode [--port 4011] [--now 2026-01-05T01:00:00Z] [--allow-origin http://localhost:5173]... [--examples]

  --port          the loopback port (default 4011, or ZIP_TEST_MODE_PORT)
  --now           pin the clock at this moment; it then moves only with the clock controls (or ZIP_TEST_MODE_NOW)
  --allow-origin  a loopback origin whose pages may call the test mode, beside the docs site's; repeatable
  --examples      start (and reset) with the specs' example objects, so a request copied from the API reference finds the ids it names`;

function options() {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: process.env.ZIP_TEST_MODE_PORT ?? '4011'},
      now: {type: 'string', default: process.env.ZIP_TEST_MODE_NOW},
      'allow-origin': {type: 'string', multiple: true, default: []},
      examples: {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port ${values.port}: give a port number such as 4011`);
  const startMs = values.now === undefined ? undefined : Date.parse(values.now);
  if (startMs !== undefined && !Number.isFinite(startMs))
    throw new Error(`--now ${values.now}: give an ISO 8601 moment such as 2026-01-05T01:00:00Z`);
  return {port, startMs, allowOrigins: values['allow-origin'], seedExamples: values.examples};
}

const controls = [
  ['GET ', 'clock', '', 'the test mode’s clock'],
  ['POST', 'clock/advance', '{"hours": 1}', 'moves it (seconds, minutes or hours)'],
  ['POST', 'faults', '{"operation": "createCharge", "kind": "lose-response"}', 'plans a fault'],
  ['POST', 'sources/<src_id>/chargeable', '{}', 'the customer approves a source'],
  ['POST', 'links/<plink_id>/pay', '{"card": "4111111111111111"}', 'the customer pays a link'],
  ['POST', 'events/<evt_id>/redeliver', '{}', 'sends an event again'],
  ['GET ', 'ledger', '', 'the money invariants per order; assert "ok"'],
  ['POST', 'reset', '{}', 'a fresh test mode'],
];

async function main(): Promise<void> {
  const {port, startMs, allowOrigins, seedExamples} = options();
  const running = await serveTestMode(undefined, {
    port,
    startMs,
    allowOrigins,
    seedExamples,
    live: startMs === undefined,
    autoDeliver: true,
  });
  console.log(
    `Zip test mode on ${running.url} (clock ${running.testMode.now()}${startMs === undefined ? ', following the wall clock' : ', pinned'}).`,
  );
  console.log(`Use it as the API's base URL with a test key. Controls (JSON; the package README lists them all):`);
  for (const [method, path, body, what] of controls)
    console.log(`  ${method} ${running.url}/_test-mode/${path}  ${body}  ${what}`.trimEnd());
}

main().catch((error: unknown) => {
  console.error(`zip-test-mode: ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
});
