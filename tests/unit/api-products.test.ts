/**
 * One list of API products (src/data/apiReference.ts): everything that names
 * the products derives from it.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {apiFooterLinks, apiProducts, sourceSpecs} from '../../src/data/apiReference';
import {commonPathPrefix, routeRequest} from '../../scripts/sandbox';
import {generatedSidebars} from '../../.generated/api-sidebars';

function specPaths(spec: string): string[] {
  return Object.keys((yaml.load(readFileSync(spec, 'utf8')) as {paths?: Record<string, unknown>}).paths ?? {});
}

describe('API products', () => {
  it('the sandbox routes every path of every spec to that spec', () => {
    const ports = sourceSpecs.map((_, index) => 5000 + index);
    sourceSpecs.forEach((spec, index) => {
      for (const path of specPaths(spec)) {
        const concrete = path.replace(/\{[^}]+\}/g, 'x_1');
        assert.equal(routeRequest(concrete, ports)?.port, ports[index], `${spec}: ${path}`);
        assert.equal(routeRequest(`/https://api.example.com${concrete}`, ports)?.port, ports[index], `${spec}: ${path} by proxy`);
      }
    });
    assert.equal(routeRequest('/v9/unknown', ports), undefined);
  });

  it('a spec serves the path segments its paths share', () => {
    assert.equal(commonPathPrefix(['/v1/links', '/v1/links/{plink_id}', '/v1/links/{plink_id}/deactivate']), '/v1/links');
    assert.equal(commonPathPrefix(['/v2/charges', '/v2/customers']), '/v2');
  });

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
