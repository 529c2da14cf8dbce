/** The step after the twins: checks each published spec and describes it for llms.txt and the API catalog. */
import {readFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {apiProducts, publishedSpecsPath} from '@zip/model/apiReference';
import type {OperationsFile} from '@zip/model/apiOperation';
import type {CatalogApi} from './agent-discovery';
import type {LlmsLink} from './llms-txt';
import {specEntry} from './spec-entries';
import type {Twin} from './twins';

interface PublishedSpecsInput {
  readonly outDir: string;
  readonly baseUrl: string;
  /** The spec files, relative to the site folder. */
  readonly specs: readonly string[];
  readonly specsStaticDirectory: string;
  readonly siteFile: (file: string) => string;
  readonly absolute: (sitePath: string) => string;
  readonly publishedOperations: OperationsFile;
  /** The twins in llms.txt's order. */
  readonly ordered: readonly Twin[];
  readonly isEndpointPage: (pagePath: string) => boolean;
}

interface PublishedSpecs {
  /** llms.txt's "OpenAPI specs" section. */
  readonly specLinks: LlmsLink[];
  /** The APIs of `/.well-known/api-catalog`. */
  readonly catalogApis: CatalogApi[];
}

/** Each spec, served unchanged by the build (else an error naming it), as an llms.txt link and a catalog entry. */
export async function describePublishedSpecs(input: PublishedSpecsInput): Promise<PublishedSpecs> {
  const {outDir, baseUrl, publishedOperations, absolute} = input;
  const specLinks: LlmsLink[] = [];
  const catalogApis: CatalogApi[] = [];
  for (const spec of input.specs) {
    const fileName = path.basename(spec);
    const published = path.join(outDir, publishedSpecsPath, fileName);
    const original = await readFile(input.siteFile(spec), 'utf8');
    if (!existsSync(published) || (await readFile(published, 'utf8')) !== original) {
      throw new Error(
        `${spec}: the build does not serve it unchanged at ${publishedSpecsPath}${fileName}; list "${input.specsStaticDirectory}" in the site's staticDirectories.`,
      );
    }
    const info = publishedOperations.specs[path.basename(spec, '.yaml')];
    // The API's base URL: its operations' first server (they share one).
    const servers = publishedOperations.operations.find((entry) => entry.spec === path.basename(spec, '.yaml') && entry.operation.servers)
      ?.operation.servers;
    const title = [info?.title ?? fileName, info?.version ?? ''].filter(Boolean).join(' ');
    specLinks.push(
      specEntry({
        spec,
        specUrl: absolute(`${baseUrl}${publishedSpecsPath.slice(1)}${fileName}`),
        specBytes: Buffer.byteLength(original),
        title,
        ...(info?.description ? {description: info.description} : {}),
        baseUrl,
        twins: input.ordered,
        isEndpointPage: input.isEndpointPage,
      }),
    );
    const intro = apiProducts.find((product) => product.sourceSpec === spec && product.tag === undefined)?.introDocId;
    catalogApis.push({
      title: info?.title ?? fileName,
      version: info?.version ?? '',
      baseUrl: servers?.[0]?.url ?? '',
      specUrl: absolute(`${baseUrl}${publishedSpecsPath.slice(1)}${fileName}`),
      docUrl: absolute(`${baseUrl}api/${intro ?? 'intro'}`),
    });
  }
  return {specLinks, catalogApis};
}
