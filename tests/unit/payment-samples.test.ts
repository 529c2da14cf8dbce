/**
 * The content check's rule for code that acts on a payment outcome (scripts/check-content/payment-samples.ts):
 * such a block is a region of a reference integration or labelled as a fragment, and every region or
 * fragment names a file that is there. Each failing case asserts the file and the line it names.
 */
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {CONTENT_DIRS} from '../../scripts/check-content';
import {actsOnPaymentOutcome, checkPaymentSamples} from '../../scripts/check-content/payment-samples';
import {formatProblem, parsePage, readPages, type Problem} from '../../scripts/lib/pages';

const root = join(import.meta.dirname, '../..') + '/';
const FENCE = '```';
const FILE = 'guides/test.mdx';

/** A page whose body is these lines, after a front matter of four lines and a blank one. */
function page(...body: string[]): string {
  return ['---', 'title: Test', 'description: A test page.', '---', '', '## Pay', '', ...body].join('\n');
}

function check(source: string): string[] {
  return checkPaymentSamples(parsePage(source, FILE), root).map(formatProblem);
}

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `test page has no line with ${text}`);
  return index + 1;
}

const chargeAndBranch = [
  "const charge = await zip('POST', '/v2/charges', {amount: 150000, currency: 'PHP', source}, {idempotencyKey});",
  "if (charge.status === 'failed') return askForAnotherCard(charge.failure_code);",
];

describe('code that acts on a payment outcome', () => {
  it('fails a bare block that charges and branches on the answer, naming the file and the fence line', () => {
    const source = page('Charge the card:', '', `${FENCE}js title="pay.mjs"`, ...chargeAndBranch, FENCE);
    const problems = check(source);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.ok(problems[0]?.startsWith(`${FILE}:${lineOf(source, 'title="pay.mjs"')}: this js block acts on a payment outcome (it takes`));
    assert.match(problems[0] ?? '', /region="packages\/integrations\/…#name"/);
    assert.match(problems[0] ?? '', /fragment="packages\/integrations\/…"/);
  });

  it('passes the same block as a fragment, with or without the program it names', () => {
    for (const meta of ['fragment', 'fragment="packages/integrations/node/card-payment.mjs"']) {
      assert.deepEqual(check(page(`${FENCE}js title="pay.mjs" ${meta}`, ...chargeAndBranch, FENCE)), []);
    }
  });

  it('reads blocks inside tabs, Python included', () => {
    const source = page(
      '<Tabs>',
      '  <TabItem value="python" label="Python">',
      '',
      `${FENCE}python title="handler.py"`,
      'def handle(event):',
      '    if event["type"] == "checkout_session.completed":',
      '        mark_order_paid(event["data"]["object"]["client_reference_id"])',
      FENCE,
      '',
      '  </TabItem>',
      '</Tabs>',
    );
    assert.deepEqual(check(source), [
      `${FILE}:${lineOf(source, 'title="handler.py"')}: this python block acts on a payment outcome (it handles the payment event checkout_session.completed): show it from a reference integration with region="packages/integrations/…#name", or label it an excerpt with fragment="packages/integrations/…" (plugins/code-regions/README.md)`,
    ]);
  });

  it('finds each kind of acting on an outcome', () => {
    const acts = (lang: string, ...lines: string[]) => actsOnPaymentOutcome({lang, text: lines.join('\n')});
    assert.match(
      acts('js', "const handlers = {'charge.refund_failed': (event) => alertTeam(event)};") ?? '',
      /payment event charge\.refund_failed/,
    );
    assert.match(acts('js', 'switch (event.type) {', "  case 'source.chargeable':", '}') ?? '', /payment event source\.chargeable/);
    assert.match(
      acts('js', "if (session.payment_status === 'paid') fulfilOrder(order);") ?? '',
      /records or fulfils an order: fulfilOrder/,
    );
    assert.match(acts('python', 'record_payment(db, order_id, charge)') ?? '', /record_payment/);
    assert.match(
      acts('js', "const refund = await zip('POST', `/v2/charges/${id}/refund`, {amount});", "if (refund.status !== 'succeeded') flag();") ??
        '',
      /returns money and branches/,
    );
    assert.match(
      acts(
        'python',
        'response = requests.post(API + "/v2/charges", json=body)',
        'if response.json()["status"] in ("succeeded",):',
        '    ship(order)',
      ) ?? '',
      /branches/,
    );
    assert.match(
      acts(
        'js',
        'for (let attempt = 1; attempt <= 4; attempt += 1) {',
        "  await fetch(url, {method: 'POST', headers: {'Idempotency-Key': key}});",
        '}',
      ) ?? '',
      /retries a POST/,
    );
  });

  it('leaves alone what only shows an endpoint: a one-call script that prints, a shell request, a definition', () => {
    const acts = (lang: string, ...lines: string[]) => actsOnPaymentOutcome({lang, text: lines.join('\n')});
    assert.equal(acts('bash', 'curl https://api.example.com/v2/charges -d \'{"amount": 150000}\''), undefined);
    assert.equal(
      acts(
        'js',
        "const response = await fetch('https://api.example.com/v2/charges/ch_1/capture', {method: 'POST'});",
        'console.log((await response.json()).status);',
      ),
      undefined,
    );
    assert.equal(
      acts('js', "const charge = await zip('GET', `/v2/charges/${id}`);", "if (charge.status === 'succeeded') console.log('paid');"),
      undefined,
    );
    assert.equal(acts('python', 'def mark_order_paid(order_id, charge_id):', '    ORDERS[order_id]["paid"] = True'), undefined);
    assert.equal(acts('js', '// Fulfil the order here, once the fulfilment (and its e-mail) is ready.'), undefined);
    assert.equal(acts('json', '{"type": "charge.succeeded", "status": "succeeded"}'), undefined);
  });
});

describe('regions and fragments name what is there', () => {
  it('fails a region block naming a missing file or a missing region, on its fence line', () => {
    const source = page(
      `${FENCE}js title="a.mjs" region="packages/integrations/node/no-such.mjs#client"`,
      FENCE,
      '',
      `${FENCE}js title="b.mjs" region="packages/integrations/node/zip-client.mjs#no-such"`,
      FENCE,
    );
    assert.deepEqual(check(source), [
      `${FILE}:${lineOf(source, 'a.mjs')}: code region packages/integrations/node/no-such.mjs#client: there is no file packages/integrations/node/no-such.mjs`,
      `${FILE}:${lineOf(source, 'b.mjs')}: code region packages/integrations/node/zip-client.mjs#no-such: packages/integrations/node/zip-client.mjs has no region "no-such" (// #region no-such … // #endregion no-such)`,
    ]);
  });

  it('fails a region without its name, and a fragment naming a missing program or one outside packages/integrations/', () => {
    const source = page(
      `${FENCE}js title="a.mjs" region="packages/integrations/node/zip-client.mjs"`,
      FENCE,
      '',
      `${FENCE}js title="b.mjs" fragment="packages/integrations/node/no-such.mjs"`,
      FENCE,
      '',
      `${FENCE}python title="c.py" fragment="scripts/serve.ts"`,
      FENCE,
    );
    assert.deepEqual(check(source), [
      `${FILE}:${lineOf(source, 'a.mjs')}: region="packages/integrations/node/zip-client.mjs" must name a file and a region: region="packages/integrations/node/x.mjs#name"`,
      `${FILE}:${lineOf(source, 'b.mjs')}: fragment="packages/integrations/node/no-such.mjs": there is no file packages/integrations/node/no-such.mjs`,
      `${FILE}:${lineOf(source, 'c.py')}: fragment="scripts/serve.ts" must name a reference integration, a file under packages/integrations/`,
    ]);
  });

  it("passes today's pages", () => {
    const problems: Problem[] = readPages(root, CONTENT_DIRS).flatMap((each) => checkPaymentSamples(each, root));
    assert.deepEqual(problems.map(formatProblem), []);
  });
});
