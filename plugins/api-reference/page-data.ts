/**
 * An endpoint page's data lives in JSON files beside the page, not in the
 * page's script: its operation (`<page>.operation.json`, which the page's
 * `api` front matter names) and its sections' data (parameters, request body,
 * responses: the OpenAPI plugin's `<page>.<Section>.json`, its
 * `externalJsonProps`). The page's module requires each file; the bundle
 * gives the browser the file's URL rather than its contents (bundle.ts), and
 * the server's render the data itself. In the browser the reference is static
 * until the reader uses it (src/components/StaticUntilInteraction) and the
 * explorer loads when the reader comes near it, so the files are fetched then
 * (src/utils/apiPageData.tsx), after the page works, instead of with the
 * script the page waits for: Create a charge's operation and responses are
 * 360 KB of JSON.
 */

/** The sections src/theme wraps to take `data`; a page with another externalized section fails to generate. */
const dataSections = ['ParamsDetails', 'RequestSchema', 'StatusCodes'] as const;

/** How a section's data file ends, as the plugin names it (`….StatusCodes.json`, a second one `….StatusCodes.2.json`). */
const sectionSuffix = `\\.(?:${dataSections.join('|')})(?:\\.\\d+)?`;
const sectionDataFile = new RegExp(`${sectionSuffix}\\.json$`);

/** The file of a page's operation, beside the page: `create-charge.operation.json`. */
export const operationFileOf = (pageId: string): string => `${pageId}.operation.json`;

/** A page's data file: its operation or a section's data. */
export const pageDataFile = new RegExp(`(?:\\.operation|${sectionSuffix})\\.json$`);

/**
 * Rewrites the plugin's `{...require("./<file>.json")}` spreads in a page's
 * body to `data={require("./<file>.json")}`, and exports the page's operation
 * (`operation`) and its sections' data (`sectionData`), as data on the
 * server and URLs in the browser.
 */
export function withPageDataOnDemand(body: string, page: string, operationFile: string): string {
  const files: string[] = [];
  const rewritten = body.replace(/^( *)\{\.\.\.require\("\.\/([^"]+)"\)\}$/gm, (_spread, indent: string, file: string) => {
    if (!sectionDataFile.test(file)) {
      throw new Error(
        `${page}: the OpenAPI plugin externalized "${file}", a section the site does not load on demand (${dataSections.join(', ')}): wrap it in src/theme and add it to plugins/api-reference/page-data.ts.`,
      );
    }
    files.push(file);
    return `${indent}data={require("./${file}")}`;
  });
  if (rewritten.includes('{...require(')) throw new Error(`${page}: a section's data is spread in a form page-data.ts does not know.`);
  const list = files.map((file) => `require("./${file}")`).join(', ');
  return `${rewritten.trimEnd()}\n\nexport const operation = require("./${operationFile}");\n\nexport const sectionData = [${list}];\n`;
}
