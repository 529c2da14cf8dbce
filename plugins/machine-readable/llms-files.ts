/** The last step after the build: llms.txt, the discovery files and llms-full.txt, from the ordered twins. */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js';
import {docsMcpServerName, docsMcpServerVersion} from '@zip/model/docsMcp';
import type {IntegrationPage, IntegrationRule} from '@zip/model/integrationRules';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import {writeAgentDiscoveryFiles, type CatalogApi} from './agent-discovery';
import {llmsFullTxt, llmsTxt, type LlmsLink, type LlmsSection} from './llms-txt';
import {oneLine} from './markdown-text';
import {otherPagesSectionTitle} from './twin-jobs';
import type {Twin} from './twins';

interface LlmsFilesInput {
  readonly outDir: string;
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly siteTitle: string;
  readonly tagline: string;
  readonly llmsUrl: string;
  readonly llmsFullUrl: string;
  readonly absolute: (sitePath: string) => string;
  /** The docs sections' H2s, in the configured order. */
  readonly sectionTitles: readonly string[];
  readonly about: readonly string[];
  readonly rules: readonly IntegrationRule[];
  readonly skillPages: readonly IntegrationPage[];
  /** The twins in llms.txt's order. */
  readonly ordered: readonly Twin[];
  readonly specLinks: readonly LlmsLink[];
  readonly catalogApis: readonly CatalogApi[];
}

/** llms.txt's sections: each docs instance's, the specs, then the pages outside the docs. */
function llmsSections(input: LlmsFilesInput): LlmsSection[] {
  const linksOf = (title: string): LlmsLink[] => input.ordered.filter((twin) => twin.section === title).map((twin) => twin.link);
  return [
    ...input.sectionTitles.map((title) => ({title, links: linksOf(title)})),
    {title: 'OpenAPI specs', links: [...input.specLinks]},
    {title: otherPagesSectionTitle, links: linksOf(otherPagesSectionTitle)},
  ];
}

/** Writes llms.txt, then the agent discovery files, then llms-full.txt. */
export async function writeLlmsFiles(input: LlmsFilesInput): Promise<void> {
  const {outDir, siteUrl, baseUrl, llmsUrl, llmsFullUrl, absolute} = input;
  const sections = llmsSections(input);
  const name = input.siteTitle;
  const summary = oneLine(input.tagline);
  const details = [
    ...input.about,
    `Every page of this site has a Markdown version at its address with \`.md\` added (the home page's is ${absolute(markdownTwinPath(baseUrl, baseUrl))}). The lists below link to them, section by section; [llms-full.txt](${llmsFullUrl}) has every page in one file, in the same order. Each API's OpenAPI spec can be downloaded as YAML from the API's overview page, listed under OpenAPI specs.`,
  ];
  const rules = input.rules.map((rule) => ({
    text: rule.text,
    linkTitle: rule.pageTitle,
    url: absolute(`${baseUrl}${rule.page.replace(/^\//, '')}`),
  }));
  await writeFile(path.join(outDir, 'llms.txt'), llmsTxt({name, summary, rules, details, sections}));
  const twinOf = new Map(input.ordered.map((twin) => [twin.pagePath, twin.link]));
  await writeAgentDiscoveryFiles({
    outDir,
    siteUrl,
    baseUrl,
    siteName: name,
    llmsUrl,
    rules: input.rules.map((rule) => ({...rule, url: absolute(`${baseUrl}${rule.page.replace(/^\//, '')}`)})),
    pages: input.skillPages.map((page) => {
      const link = twinOf.get(page.page);
      if (!link) throw new Error(`${page.page}: the integration skill links to it (skillPages), but the build has no such page.`);
      return {title: link.title, url: link.url, use: page.use};
    }),
    apis: input.catalogApis,
    mcp: {name: docsMcpServerName, version: docsMcpServerVersion, protocolVersions: SUPPORTED_PROTOCOL_VERSIONS},
  });
  await writeFile(
    path.join(outDir, 'llms-full.txt'),
    llmsFullTxt(
      {name, summary},
      input.ordered.map((twin) => twin.markdown),
    ),
  );
}
