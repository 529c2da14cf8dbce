/**
 * `npm run sandbox:stateful`: the stateful test mode on a laptop, at ZIP_STATEFUL_PORT (default 4011).
 * Point a server's Zip base URL at it with the sample test key; press the approval page's buttons,
 * pay a payment link or a payment request, open a dispute and answer it, and move the clock with the
 * `POST /_test-mode/…` controls of server.ts. `npm run sandbox` (Prism) stays
 * what the explorer and the page samples use: it answers every operation from the specs' examples.
 */
import {serveTestMode} from './server';
import {TestMode} from './testMode';

const port = Number(process.env.ZIP_STATEFUL_PORT ?? 4011);
void serveTestMode(new TestMode(), port).then((running) =>
  console.log(
    [
      `Stateful test mode on ${running.url}; what customers and time do is POST ${running.url}/_test-mode/…, such as:`,
      `  POST ${running.url}/_test-mode/sources/<src_id>/chargeable      approves a source`,
      `  POST ${running.url}/_test-mode/links/<plink_id>/pay?card=<test card>[&amount=<minor units>]`,
      `  POST ${running.url}/_test-mode/requests/<pr_id>/pay?card=<test card>`,
      `  POST ${running.url}/_test-mode/charges/<ch_id>/dispute          opens a dispute (dispute test cards only)`,
      `  POST ${running.url}/_test-mode/webhooks/deliver                 delivers the events that are due`,
    ].join('\n'),
  ),
);
