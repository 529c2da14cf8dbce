/**
 * Every operation and webhook event of the specs, as the OpenAPI plugin
 * made it for its endpoint page, found through the API docs instance's loaded
 * content (each page's `api` front matter names its operation's file): the
 * one operation model of the site. Each operation's page is the permalink
 * Docusaurus gave it, so nothing here re-derives a page id.
 */
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import yaml from 'js-yaml';
import {apiChangelog, lastChangeOf} from '@zip/model/apiChangelog';
import type {LoadedContent as DocsLoadedContent} from '@docusaurus/plugin-content-docs';
import {apiProducts, specNameOf, type SpecName} from '@zip/model/apiReference';
import {
  assertOperation,
  type ApiOperation,
  type CodeSample,
  type OperationsFile,
  type PublishedOperation,
  type PublishedSpecInfo,
} from '@zip/model/apiOperation';

/** An endpoint page of the API docs instance. */
export interface EndpointPage {
  /** The spec's name: `payments` for openapi/payments.yaml. */
  readonly spec: SpecName;
  readonly title: string;
  readonly permalink: string;
  /** The page's source (`@site/api/…`), for messages. */
  readonly source: string;
  /** Its product: a section of a spec (Charges) rather than its complete reference. */
  readonly inSection: boolean;
  /** The operation, as the plugin made it: the file its `api` front matter names (page-data.ts). */
  readonly operation: ApiOperation;
}

/**
 * A generated page's front matter, read from its text as Docusaurus reads it (gray-matter parses
 * it with js-yaml's `load`); undefined when the text has none. For the scripts and tests that read
 * the generated files rather than Docusaurus's loaded content.
 */
export function frontMatterOfGeneratedPage(text: string): Record<string, unknown> | undefined {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  return block === undefined ? undefined : (yaml.load(block) as Record<string, unknown>);
}

/**
 * The operation of an endpoint page: the JSON file beside `pageFile` that its
 * `api` front matter names (page-data.ts). Fails naming the page when `api`
 * is not a file name (a page generated before the operation moved out of the
 * front matter) or the file is missing.
 */
export function operationOfPage(pageFile: string, api: unknown): ApiOperation {
  if (typeof api !== 'string' || !api.endsWith('.operation.json')) {
    throw new Error(
      `${pageFile}: its "api" front matter does not name the operation's file; regenerate the pages (npm run gen:api -- --force).`,
    );
  }
  const file = join(dirname(pageFile), api);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${pageFile}: the operation's file ${file} is missing; regenerate the pages (npm run gen:api -- --force).`);
  }
  return assertOperation(JSON.parse(text), file);
}

/** The operation of a generated page (its file, and the text read from it); undefined for a page without one. */
export function operationOfGeneratedPage(text: string, pageFile: string): ApiOperation | undefined {
  const api = frontMatterOfGeneratedPage(text)?.api;
  return api === undefined ? undefined : operationOfPage(pageFile, api);
}

/** The endpoint pages of the API docs instance: the docs whose front matter names an operation. */
export function endpointPages(apiDocs: DocsLoadedContent, siteDir: string): EndpointPage[] {
  return apiDocs.loadedVersions.flatMap((version) =>
    version.docs.flatMap((doc): EndpointPage[] => {
      if (doc.frontMatter.api === undefined) return [];
      const folder = dirname(doc.source.replace(/^@site\//, ''));
      const product = apiProducts.find((candidate) => candidate.outputDir === folder);
      if (!product)
        throw new Error(`${doc.source}: an endpoint page outside every API product's folder (packages/model/src/apiReference.ts).`);
      return [
        {
          spec: specNameOf(product.sourceSpec),
          title: doc.title,
          permalink: doc.permalink,
          source: doc.source,
          inSection: product.tag !== undefined,
          operation: operationOfPage(join(siteDir, doc.source.replace(/^@site\//, '')), doc.frontMatter.api),
        },
      ];
    }),
  );
}

/**
 * The operations file: each operation once, checked, with its pages and code
 * samples. An operation shown on two pages (its section's and the complete
 * reference's) must be the same on both; the section's page is its page.
 */
export function operationsFile(pages: readonly EndpointPage[], codeSamples: (operation: ApiOperation) => CodeSample[]): OperationsFile {
  const specs: Record<string, PublishedSpecInfo> = {};
  const found = new Map<string, {first: EndpointPage; pages: EndpointPage[]; operation: ApiOperation}>();
  for (const page of pages) {
    const {info, ...operation} = page.operation as ApiOperation & {info?: PublishedSpecInfo};
    const operationId = operation.operationId;
    if (!operationId) throw new Error(`${page.source}: its operation has no operationId.`);
    if (info && !specs[page.spec]) specs[page.spec] = {title: info.title, version: info.version, description: info.description};
    const key = `${page.spec} ${operationId}`;
    const known = found.get(key);
    if (!known) {
      found.set(key, {first: page, pages: [page], operation});
      continue;
    }
    if (JSON.stringify(known.operation) !== JSON.stringify(operation))
      throw new Error(
        `${page.source} and ${known.first.source} show operation ${operationId} differently; a derived spec must keep it as it is.`,
      );
    known.pages.push(page);
  }
  const operations = [...found.values()].map(({pages: shown, operation}): PublishedOperation => {
    const main = shown.find((page) => page.inSection) ?? shown[0];
    if (!main) throw new Error('unreachable: an operation with no page');
    const change = lastChangeOf(main.spec, operation.operationId ?? '', apiChangelog);
    return {
      spec: main.spec,
      operationId: operation.operationId ?? '',
      title: main.title,
      permalink: main.permalink,
      pages: shown.map((page) => page.permalink),
      operation,
      // Webhook pages (method `event`) document what Zip sends: no request to make, so no code samples.
      codeSamples: operation.method === 'event' ? [] : codeSamples(operation),
      ...(change
        ? {
            change: {
              date: change.entry.date,
              anchor: change.anchor,
              summary: change.entry.summary,
              breaking: change.entry.breaking === true,
            },
          }
        : {}),
    };
  });
  return {specs, operations};
}

/** Each operation's page and title, by spec name and operationId: the API changelog links what its entries name. */
export function operationPages(file: OperationsFile): Record<string, Record<string, {title: string; permalink: string}>> {
  const pages: Record<string, Record<string, {title: string; permalink: string}>> = {};
  for (const {spec, operationId, title, permalink} of file.operations) (pages[spec] ??= {})[operationId] = {title, permalink};
  return pages;
}
