/**
 * One list of API products (packages/model/src/apiReference.ts): everything that names
 * the products derives from it.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {apiFooterLinks, apiProducts} from '@zip/model/apiReference';
import {generatedSidebars} from '../../.generated/api-sidebars';

describe('API products', () => {
  it('the footer links each product that has an introduction, by its footer name', () => {
    const introduced = apiProducts.filter((product) => product.introDocId);
    assert.deepEqual(
      apiFooterLinks.map((link) => link.to),
      introduced.map((product) => `/api/${product.introDocId}`),
    );
    assert.equal(new Set(apiFooterLinks.map((link) => link.label)).size, apiFooterLinks.length, 'footer names are unique');
  });

  it('`npm run gen:api` writes a sidebar for every product, read by sidebars.api.ts', () => {
    assert.deepEqual(Object.keys(generatedSidebars).sort(), apiProducts.map((product) => product.id).sort());
  });
});
