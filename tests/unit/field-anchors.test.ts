/**
 * The anchors of an endpoint page's fields (packages/model/src/fieldAnchors.ts), which
 * the page and its Markdown twin share. The browser tests open them
 * (tests/e2e/api-reference.test.ts).
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
  fieldId,
  fieldSlug,
  fragmentIsWithin,
  isFieldAnchor,
  parameterScope,
  primaryResponseStatus,
  responseHeaderScope,
  responseScope,
} from '@zip/model/fieldAnchors';

describe('field anchors', () => {
  it('spell a name in lower case, keeping underscores and joining other runs with one hyphen', () => {
    assert.equal(fieldSlug('statement_descriptor'), 'statement_descriptor');
    assert.equal(fieldSlug('Idempotency-Key'), 'idempotency-key');
    assert.equal(fieldSlug('property name*'), 'property-name');
    assert.equal(fieldId('request', ''), undefined);
    assert.equal(fieldId('request', undefined), undefined);
    assert.equal(fieldId('request-customer', 'email'), 'request-customer-email');
    assert.equal(fieldId(parameterScope('query'), 'starting_after'), 'query-starting_after');
  });

  it('give the first success response the short prefix and every other response its status', () => {
    const statuses = ['200', '400', '404', '422'];
    const primary = primaryResponseStatus(statuses);
    assert.equal(primary, '200');
    assert.equal(responseScope('200', primary), 'response');
    assert.equal(responseScope('404', primary), 'response-404');
    assert.equal(primaryResponseStatus(['400', '201']), '201');
    assert.equal(primaryResponseStatus(['default']), 'default');
    assert.equal(responseHeaderScope(responseScope('429', primary)), 'response-429-header');
  });

  it('tell a field fragment from a heading, and a field from its parent and a longer name', () => {
    assert.ok(isFieldAnchor('response-refunds-status'));
    assert.ok(isFieldAnchor('query-limit'));
    assert.ok(!isFieldAnchor('responses'));
    assert.ok(!isFieldAnchor('request'));
    assert.ok(fragmentIsWithin('response-refunds-status', 'response-refunds'));
    assert.ok(fragmentIsWithin('response-refunds', 'response-refunds'));
    assert.ok(!fragmentIsWithin('request-amount_refunded', 'request-amount'));
  });
});
