/**
 * The options of the OpenAPI plugin (docusaurus-plugin-openapi-docs), one entry per API product
 * (packages/model/src/apiReference.ts): docusaurus.config.ts registers the plugin with them and
 * `npm run gen:api` (generate-pages.ts) runs its `gen-api-docs` with them. The generators and
 * template (generators.ts) give generated pages their edit link to the spec they come from, their
 * search keywords and their authentication link. A generated information page offers its
 * published spec for download (the machine-readable plugin serves the specs at /openapi/).
 * `externalJsonProps` moves each section's data (parameters, body, responses) into a JSON file
 * beside its page, so MDX does not parse it as a JSX expression; set here because `gen-api-docs`
 * reads this object as written, without the plugin's defaults. The template does not write the
 * operation into the `api` front matter, as the plugin's does: the generators put it in a JSON
 * file beside the page, which `api` names (page-data.ts).
 */
import {basename} from 'node:path';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {apiProducts, openApiPluginId, publishedSpecsPath} from '@zip/model/apiReference';
import {markdownGenerators, pageTemplate} from './generators';

/** The docs instance the generated pages belong to (docusaurus.config.ts). */
export const apiDocsPluginId = 'api';

export const openApiPluginOptions = {
  id: openApiPluginId,
  docsPluginId: apiDocsPluginId,
  config: Object.fromEntries(
    apiProducts.map((product) => [
      product.id,
      {
        specPath: product.specPath,
        outputDir: product.outputDir,
        showInfoPage: product.showInfoPage,
        downloadUrl: product.showInfoPage ? `${publishedSpecsPath}${basename(product.sourceSpec)}` : undefined,
        sidebarOptions: {groupPathsBy: 'tag'},
        template: pageTemplate,
        markdownGenerators: markdownGenerators(product),
        externalJsonProps: true,
      } satisfies OpenApiPlugin.Options,
    ]),
  ),
};
