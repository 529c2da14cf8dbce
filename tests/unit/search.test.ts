/**
 * The pieces of site search that need no browser: which section a result
 * belongs to, and the search keywords the generator gives endpoint pages.
 * The engine itself: tests/unit/site-search.test.ts.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {requestFieldNames} from '../../plugins/api-reference/generators';
import {operationOfGeneratedPage} from '../../plugins/api-reference/operations';
import type {ApiOperation} from '@zip/model/apiOperation';
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
  /** The operation a generated endpoint page carries, as the OpenAPI plugin wrote it ($refs resolved). */
  const operationOf = (page: string): ApiOperation => {
    const operation = operationOfGeneratedPage(readFileSync(page, 'utf8'), page);
    assert.ok(operation, `${page} carries an operation`);
    return operation;
  };

  it('lists the parameters and body fields of an operation', () => {
    const fields = requestFieldNames(operationOf('api/core/charges/create-charge.api.mdx'));
    for (const field of ['Idempotency-Key', 'amount', 'currency', 'source', 'statement_descriptor', 'return_url']) {
      assert.ok(fields.includes(field), `create charge takes ${field}; got ${fields.join(', ')}`);
    }
    assert.ok(!fields.includes('amount_refunded'), 'response-only fields are not request fields');
    assert.deepEqual(requestFieldNames(operationOf('api/core/charges/retrieve-charge.api.mdx')), ['ch_id']);
  });

  it('includes nested body fields, each once', () => {
    const fields = requestFieldNames(operationOf('api/checkout/endpoints/create-session.api.mdx'));
    assert.ok(fields.includes('line_items') && fields.includes('quantity') && fields.includes('image_url'));
    assert.equal(new Set(fields).size, fields.length);
  });
});
