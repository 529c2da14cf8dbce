import {mkdirSync, writeFileSync} from 'node:fs';
import {apiProducts} from '@zip/model/apiReference';

/**
 * `.generated/api-sidebars.ts`: the generated sidebar of every API product,
 * by product id, so sidebars.api.ts reads them from the one list of products
 * (packages/model/src/apiReference.ts) instead of importing each by hand.
 */
export function writeSidebarIndex(): void {
  const imports = apiProducts.map((product, index) => `import sidebar${index} from '../${product.outputDir}/sidebar';`);
  const entries = apiProducts.map((product, index) => `  ${JSON.stringify(product.id)}: sidebar${index},`);
  mkdirSync('.generated', {recursive: true});
  writeFileSync(
    '.generated/api-sidebars.ts',
    [
      '// Written by `npm run gen:api` (plugins/api-reference/generate.ts) from packages/model/src/apiReference.ts. Do not edit.',
      ...imports,
      '',
      'export const generatedSidebars = {',
      ...entries,
      '};',
      '',
    ].join('\n'),
  );
}
