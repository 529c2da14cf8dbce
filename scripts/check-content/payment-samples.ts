/**
 * Code that acts on a payment outcome is shown from a reference integration or labelled as an
 * excerpt (plugins/code-regions), because only the integrations are run through payment faults:
 *
 *  - a block with `region="file#name"` must name a file and a region that exist, and one with
 *    `fragment="file"` a file of `packages/integrations/` (the build fails on both too; this says it first,
 *    with the line);
 *  - a block that acts on a payment outcome must be one or the other.
 *
 * "Acts on a payment outcome" is read from the code of a JavaScript, TypeScript or Python block
 * (`actsOnPaymentOutcome`); shell blocks on these pages are single requests that show an endpoint,
 * and a one-call script that only prints the answer shows the endpoint too. A block acts when it:
 *
 *  1. handles a payment event: it names a charge, source, refund, dispute, checkout session, payment
 *     link or payment request event type (`'charge.succeeded'`) and reads an event's `type`, or uses
 *     the type as a handler's key;
 *  2. creates, captures, voids, verifies or refunds a charge (a POST to `/v2/charges`, to
 *     `/v2/charges/{id}/capture|void|verify|refund` or `/v1/checkout/sessions/{id}/capture`) and
 *     branches on the answer's `status`, `code`, `failure_code` or `payment_status`;
 *  3. records or fulfils an order: it calls `fulfil…(`, `ship(`, `markPaid(`, `markOrderPaid(`,
 *     `recordPayment(` or their snake_case forms;
 *  4. retries a POST carrying an `Idempotency-Key` (it counts attempts).
 */
import {blockMetaProblem, fragmentOf, regionOf} from '../../plugins/code-regions';
import type {CodeFence, Page, Problem} from '../lib/pages';

/** The languages whose blocks the heuristic reads. */
const CODE_LANGUAGES = new Set(['js', 'javascript', 'mjs', 'cjs', 'jsx', 'ts', 'typescript', 'tsx', 'python', 'py']);

const EVENT_TYPE = String.raw`(['"\x60])((?:charge|source|refund|dispute|checkout_session|payment_link|payment_request)\.[a-z_]+)\1`;
const EVENT_LITERAL = new RegExp(EVENT_TYPE);
const EVENT_AS_KEY = new RegExp(`${EVENT_TYPE}\\s*:`);
const READS_EVENT_TYPE = /\.type\b|\[\s*['"]type['"]\s*\]/;

/** A path that takes, holds, releases or returns money, ending where its string does. */
const MONEY_PATH =
  /\/v2\/charges(?:\/[^/?'"`\s]+\/(?:capture|void|verify|refund))?(?=['"`])|\/v1\/checkout\/sessions\/[^/?'"`\s]+\/capture(?=['"`])/;
const POSTS = /['"]POST['"]|\brequests\.post\(/;
const BRANCHES_ON_OUTCOME = [
  /\bswitch\s*\(\s*[\w.?]*(?:status|code)\s*\)/,
  /(?:\.|\[\s*['"])(?:status|code|failure_code|payment_status)(?:['"]\s*\])?\s*(?:===|!==|==|!=|\bin\b|\bnot\s+in\b)/,
  /\.includes\(\s*[\w.?]*\.status\s*\)/,
];
const FULFILS =
  /(?<!\b(?:function|def)\s+)\b(fulfill?\w*|ship(?:Order|_order)?|mark(?:Order)?Paid|mark_(?:order_)?paid|record_?[Pp]ayment)\(/;
const COUNTS_ATTEMPTS = /\battempts?\b/;
const SENDS_KEY = /Idempotency-Key/i;

/** Why a block acts on a payment outcome, or undefined when it does not (the rules are in this file's header). */
export function actsOnPaymentOutcome(block: Pick<CodeFence, 'lang' | 'text'>): string | undefined {
  if (!CODE_LANGUAGES.has(block.lang)) return undefined;
  const code = block.text;
  const event = EVENT_LITERAL.exec(code)?.[2];
  if (event && (READS_EVENT_TYPE.test(code) || EVENT_AS_KEY.test(code))) return `it handles the payment event ${event}`;
  if (MONEY_PATH.test(code) && POSTS.test(code) && BRANCHES_ON_OUTCOME.some((pattern) => pattern.test(code))) {
    return "it takes, holds, releases or returns money and branches on the answer's status or error code";
  }
  const fulfils = FULFILS.exec(code)?.[1];
  if (fulfils) return `it records or fulfils an order: ${fulfils}(…)`;
  if (COUNTS_ATTEMPTS.test(code) && SENDS_KEY.test(code) && POSTS.test(code)) return 'it retries a POST that carries an Idempotency-Key';
  return undefined;
}

/** The problems of one page's code blocks: a region or fragment that names nothing, and money code shown bare. */
export function checkPaymentSamples(page: Page, root: string): Problem[] {
  const problems: Problem[] = [];
  for (const block of page.code) {
    const problem = blockMetaProblem(root, block.meta);
    if (problem) {
      problems.push({file: page.file, line: block.line, reason: problem});
      continue;
    }
    if (regionOf(block.meta) || fragmentOf(block.meta)) continue;
    const acts = actsOnPaymentOutcome(block);
    if (acts) {
      problems.push({
        file: page.file,
        line: block.line,
        reason: `this ${block.lang} block acts on a payment outcome (${acts}): show it from a reference integration with region="packages/integrations/…#name", or label it an excerpt with fragment="packages/integrations/…" (plugins/code-regions/README.md)`,
      });
    }
  }
  return problems;
}
