/**
 * The content check's rule that a page's prose recipe names only request fields its samples send
 * (scripts/check-content/prose-fields.ts). Each failing case asserts the file and the line it names.
 */
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {checkProseFields, sendsMetadataKey} from '../../scripts/check-content/prose-fields';
import {formatProblem, parsePage} from '../../scripts/lib/pages';

const root = join(import.meta.dirname, '../..') + '/';
const FENCE = '```';
const FILE = 'guides/test.mdx';

function page(...body: string[]): string {
  return ['---', 'title: Test', 'description: A test page.', '---', '', '## Charge', '', ...body].join('\n');
}

function check(source: string): string[] {
  return checkProseFields(parsePage(source, FILE), root).map(formatProblem);
}

const recipe = 'Put your order id in `metadata.order_id`, and look for it before a late retry.';
const curlWithout = [`${FENCE}bash title="Charge"`, `curl https://api.example.com/v2/charges -d '{"amount": 100}'`, FENCE];
const curlWith = [
  `${FENCE}bash title="Charge"`,
  `curl https://api.example.com/v2/charges -d '{"amount": 100, "metadata": {"order_id": "ORD-1"}}'`,
  FENCE,
];

describe('prose names only request fields its samples send', () => {
  it('fails a recipe naming metadata.order_id next to a request that does not send it, naming file and line', () => {
    const problems = check(page(recipe, '', ...curlWithout));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^guides\/test\.mdx:8: the prose names metadata\.order_id/);
  });

  it('reads the `metadata` (`order_id`) form of the recipe too', () => {
    assert.equal(check(page('Put it in the charge’s `metadata` (`order_id`).', '', ...curlWithout)).length, 1);
  });

  it('passes when a request of the section sends the key', () => {
    assert.deepEqual(check(page(recipe, '', ...curlWithout, '', ...curlWith)), []);
  });

  it('reads a region from its reference integration', () => {
    const region = `${FENCE}js title="card-payment.mjs (reference integration)" region="packages/integrations/node/card-payment.mjs#pay-with-card"`;
    assert.deepEqual(check(page(recipe, '', region, FENCE)), []);
  });

  it('leaves prose with no request in its section alone', () => {
    assert.deepEqual(check(page(recipe, '', '## Next', '', ...curlWithout)), []);
  });

  it('finds metadata keys in JavaScript, Python and form bodies', () => {
    assert.ok(sendsMetadataKey('body: {amount, metadata: {order_id: orderId, attempt}}', 'order_id'));
    assert.ok(sendsMetadataKey('json={"amount": 1, "metadata": {"order_id": "A"}}', 'order_id'));
    assert.ok(sendsMetadataKey('-d "metadata[order_id]=A"', 'order_id'));
    assert.ok(!sendsMetadataKey('metadata: {attempt: key}, order_id: x', 'order_id'));
  });
});
