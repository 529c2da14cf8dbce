/**
 * The pieces of site search that need no browser: which section a result
 * belongs to, and the search keywords the generator gives endpoint pages.
 * The engine itself: tests/unit/site-search.test.ts.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {requestFieldNames} from '../../scripts/api-reference/markdown-generators';
import {sectionOfPath} from '../../src/utils/searchSections';

describe('search result sections', () => {
  it('tells the section from a page path', () => {
    assert.equal(sectionOfPath('/api/errors')?.label, 'API');
    assert.equal(sectionOfPath('/api/core/charges/refund-charge')?.label, 'API');
    assert.equal(sectionOfPath('/guides/intro')?.label, 'Guides');
    assert.equal(sectionOfPath('/help/payments/refunds-chargebacks')?.label, 'Help');
    assert.equal(sectionOfPath('/')?.label, 'Help');
    assert.equal(sectionOfPath('/apis-overview')?.label, 'Help', 'only /api/… is the API section');
  });
});

describe('endpoint search keywords', () => {
  const payments = yaml.load(readFileSync('openapi/payments.yaml', 'utf8')) as Record<string, unknown>;
  const checkout = yaml.load(readFileSync('openapi/checkout.yaml', 'utf8')) as Record<string, unknown>;

  it('lists the parameters and body fields of an operation', () => {
    const fields = requestFieldNames(payments, 'post', '/v2/charges');
    for (const field of ['Idempotency-Key', 'amount', 'currency', 'source', 'statement_descriptor', 'return_url']) {
      assert.ok(fields.includes(field), `create charge takes ${field}; got ${fields.join(', ')}`);
    }
    assert.ok(!fields.includes('amount_refunded'), 'response-only fields are not request fields');
    assert.deepEqual(requestFieldNames(payments, 'get', '/v2/charges/{ch_id}'), ['ch_id']);
  });

  it('includes nested body fields, each once', () => {
    const fields = requestFieldNames(checkout, 'post', '/v1/checkout/sessions');
    assert.ok(fields.includes('line_items') && fields.includes('quantity') && fields.includes('image_url'));
    assert.equal(new Set(fields).size, fields.length);
  });

  it('fails on an operation the spec does not have', () => {
    assert.throws(() => requestFieldNames(payments, 'delete', '/v2/charges'), /No operation DELETE \/v2\/charges/);
  });
});
