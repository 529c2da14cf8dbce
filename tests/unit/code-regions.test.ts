/** The code-regions remark plugin (plugins/code-regions): regions read as written, missing ones fail naming the page. */
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import remarkCodeRegions, {readRegion} from '../../plugins/code-regions';

const root = join(import.meta.dirname, '../..') + '/';

describe('code regions', () => {
  it('reads a region of a reference integration without its markers or indentation', () => {
    const code = readRegion(root, 'integrations/node/recurring-billing.mjs', 'bill-period');
    assert.match(code, /^\/\*\* Bills one subscription period/);
    assert.doesNotMatch(code, /#region|#endregion/);
  });

  it('fails naming the page and the region when the region is missing', () => {
    const tree = {
      type: 'root',
      children: [{type: 'code', lang: 'js', meta: 'region="integrations/node/recurring-billing.mjs#no-such"', value: ''}],
    };
    assert.throws(
      () => remarkCodeRegions({root})(tree as never, {path: 'guides/tutorials/save-payment-information.mdx'}),
      /guides\/tutorials\/save-payment-information\.mdx: code region integrations\/node\/recurring-billing\.mjs#no-such: .*has no region "no-such"/,
    );
  });
});
