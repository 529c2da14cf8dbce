/**
 * llms.txt's entry for an API's OpenAPI spec: its overview page's twin, which
 * links the YAML to download, rather than the YAML itself. The Payments spec
 * is over 300,000 characters, more than an agent's single fetch should hold
 * (AFDocs' page-size checks); the overview is small, and the endpoint pages
 * llms.txt lists each carry one operation of the spec.
 */
import type {LlmsLink} from './llms-txt';
import {firstSentence} from './markdown-text';
import type {Twin} from './twins';
import {apiProducts} from '@zip/model/apiReference';

export interface SpecEntryInput {
  /** The spec's path in the site, as the plugin's `specs` option names it (`openapi/payments.yaml`). */
  readonly spec: string;
  /** The spec's absolute download URL. */
  readonly specUrl: string;
  /** Its size in bytes, which the entry states. */
  readonly specBytes: number;
  /** `Zip Payments API 2.1.0`. */
  readonly title: string;
  readonly description?: string;
  readonly baseUrl: string;
  /** Every twin of the build, and whether a page is an endpoint page. */
  readonly twins: readonly Twin[];
  readonly isEndpointPage: (pagePath: string) => boolean;
}

/** The page that introduces the API: its product's intro doc, else the generated info page of its reference. */
function overviewPagePath(input: SpecEntryInput): string | undefined {
  const product = apiProducts.find((candidate) => candidate.sourceSpec === input.spec && candidate.tag === undefined);
  if (!product) return undefined;
  if (product.introDocId) return `${input.baseUrl}api/${product.introDocId}`;
  const folder = `${input.baseUrl}${product.outputDir}/`;
  return input.twins.find((twin) => twin.pagePath.startsWith(folder) && !input.isEndpointPage(twin.pagePath))?.pagePath;
}

export function specEntry(input: SpecEntryInput): LlmsLink {
  const pagePath = overviewPagePath(input);
  const twin = input.twins.find((candidate) => candidate.pagePath === pagePath);
  if (!twin)
    throw new Error(`${input.spec}: no overview page introduces this API (packages/model/src/apiReference.ts), for llms.txt to link.`);
  if (!twin.markdown.includes(`(${input.specUrl})`)) {
    throw new Error(`${twin.pagePath}: it introduces ${input.spec} in llms.txt, but its Markdown does not link ${input.specUrl}.`);
  }
  const kilobytes = Math.round(input.specBytes / 1000);
  const summary = input.description ? `${firstSentence(input.description)} ` : '';
  return {
    title: `${input.title}: overview and OpenAPI spec`,
    url: twin.link.url,
    description: `${summary}The page links the whole OpenAPI spec (YAML, ${kilobytes} KB) to download; each endpoint page listed above carries one of its operations.`,
  };
}
