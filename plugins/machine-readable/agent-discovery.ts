/**
 * What lets an assistant find the docs' machine-readable side without being told, written into the
 * build beside llms.txt:
 *
 * - `/.well-known/api-catalog` (RFC 9727): each API's base URL with its OpenAPI spec
 *   (`service-desc`) and its introduction (`service-doc`), as a linkset.
 * - `/.well-known/mcp/catalog.json` and the docs MCP server's card at `/mcp/server-card`, the place
 *   the MCP server-card extension reserves (`<endpoint>/server-card`).
 * - An agent skill, `/.well-known/agent-skills/zip-integration/SKILL.md`, listed with its digest in
 *   `/.well-known/agent-skills/index.json` (Agent Skills discovery v0.2.0, `$schema` and all), so
 *   `npx skills add <site URL>` installs it; the MCP server offers the same file as a resource.
 *
 * The skill is made from what llms.txt is made from: the integration rules
 * (packages/model/src/integrationRules.ts), the API products and the pages they link to.
 */
import {createHash} from 'node:crypto';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {docsMcpPath} from '@zip/model/docsMcp';
import {
  apiCatalogPath,
  agentSkillsIndexPath,
  integrationSkillDescription,
  integrationSkillName,
  integrationSkillPath,
  mcpCatalogPath,
  mcpServerCardPath,
} from '@zip/model/agentDiscovery';
import type {IntegrationRule} from '@zip/model/integrationRules';

export interface CatalogApi {
  /** The API's title, from its spec's `info`. */
  readonly title: string;
  readonly version: string;
  /** The API's base URL (its spec's first server): the anchor its links describe. */
  readonly baseUrl: string;
  /** The published spec, absolute. */
  readonly specUrl: string;
  /** The API's introduction page, absolute. */
  readonly docUrl: string;
}

/**
 * The API catalog: the catalog's own entry lists every API (`item`), then one entry per API with
 * its spec and introduction. The four APIs share one base URL (each spec's `servers`), so each
 * entry is anchored at its spec, which names that URL.
 */
export function apiCatalog(catalogUrl: string, apis: readonly CatalogApi[]): string {
  return `${JSON.stringify(
    {
      linkset: [
        {anchor: catalogUrl, item: apis.map((api) => ({href: api.specUrl, type: 'application/yaml', title: api.title}))},
        ...apis.map((api) => ({
          anchor: api.specUrl,
          'service-desc': [{href: api.specUrl, type: 'application/yaml', title: `${api.title} ${api.version} (OpenAPI)`}],
          'service-doc': [{href: api.docUrl, type: 'text/html', title: api.title}],
        })),
      ],
    },
    null,
    2,
  )}\n`;
}

export interface McpServerCardOptions {
  /** The site's host, e.g. `docs.example.com`: the card's name is its reverse. */
  readonly host: string;
  readonly title: string;
  /** At most 100 characters (the card's schema). */
  readonly description: string;
  readonly version: string;
  readonly endpointUrl: string;
  readonly siteUrl: string;
  readonly protocolVersions: readonly string[];
}

/** The server card's `name`: reverse DNS of the host, a slash and the server's name. */
export function serverCardName(host: string, serverName: string): string {
  return `${host.split('.').reverse().join('.')}/${serverName}`;
}

/** The docs MCP server's card (the server-card extension's v2 schema). */
export function mcpServerCard(serverName: string, options: McpServerCardOptions): string {
  if (options.description.length > 100)
    throw new Error(`MCP server card: the description is over 100 characters: "${options.description}".`);
  return `${JSON.stringify(
    {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
      name: serverCardName(options.host, serverName),
      version: options.version,
      title: options.title,
      description: options.description,
      websiteUrl: options.siteUrl,
      remotes: [{type: 'streamable-http', url: options.endpointUrl, supportedProtocolVersions: options.protocolVersions}],
    },
    null,
    2,
  )}\n`;
}

/** The MCP catalog of the site's host: the one server, by its card. */
export function mcpCatalog(serverName: string, host: string, title: string, cardUrl: string): string {
  return `${JSON.stringify(
    {
      specVersion: 'draft',
      entries: [{identifier: `urn:air:${host}:${serverName}`, displayName: title, type: 'application/mcp-server-card+json', url: cardUrl}],
    },
    null,
    2,
  )}\n`;
}

export interface SkillPage {
  readonly title: string;
  /** Absolute URL of the page's Markdown twin. */
  readonly url: string;
  /** What it is for, in a few words. */
  readonly use: string;
}

export interface IntegrationSkillOptions {
  readonly siteName: string;
  readonly siteUrl: string;
  readonly llmsUrl: string;
  readonly mcpUrl: string;
  readonly rules: readonly (IntegrationRule & {readonly url: string})[];
  /** The pages to read for each kind of integration, in order. */
  readonly pages: readonly SkillPage[];
  readonly apis: readonly CatalogApi[];
}

/** The skill's SKILL.md: Agent Skills front matter, then the rules, the flows and where to read. */
export function integrationSkill(options: IntegrationSkillOptions): string {
  return [
    '---',
    `name: ${integrationSkillName}`,
    `description: ${JSON.stringify(integrationSkillDescription)}`,
    '---',
    '',
    `# Integrating Zip payments`,
    '',
    `This skill is published by ${options.siteName} (${options.siteUrl}) from the same rules and pages as its [llms.txt](${options.llmsUrl}). Read the pages it links to before writing code: each link is the page's Markdown version.`,
    '',
    '## Rules every integration follows',
    '',
    ...options.rules.map((rule, index) => `${index + 1}. ${rule.text} ([${rule.pageTitle}](${rule.url}))`),
    '',
    '## Where each flow is documented',
    '',
    ...options.pages.map((page) => `- [${page.title}](${page.url}): ${page.use}`),
    '',
    '## The APIs',
    '',
    ...options.apis.map((api) => `- ${api.title} ${api.version}: base URL \`${api.baseUrl}\`, OpenAPI spec ${api.specUrl}`),
    '',
    '## Working with the docs',
    '',
    `- Ask the docs MCP server at ${options.mcpUrl} (Streamable HTTP, no key): \`search_docs\` for a question, \`read_page\` for a page or one section, \`get_operation\` and \`get_event\` for an operation's or event's fields and every error it can return, \`find_test_value\` for the test card, button or amount that makes a payment end a given way, \`get_error\` for what an error code means.`,
    `- Without MCP, every page has a Markdown version at its address with \`.md\` added; [llms.txt](${options.llmsUrl}) lists them.`,
    '- Act on a payment only from a verified webhook event or a retrieved object, never from a redirect alone; record what you charged before you fulfil, keyed by your own order, so a retry, a duplicate event or a second click never charges or fulfils twice.',
    '',
  ].join('\n');
}

/** `sha256:<hex>` of bytes, the discovery index's digest. */
export function sha256Digest(content: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/** Agent Skills discovery's schema (v0.2.0), which the `skills` CLI requires of an index. */
export const skillsDiscoverySchema = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/**
 * `/.well-known/agent-skills/index.json`: each skill as one `SKILL.md` (`type: skill-md`), by its
 * URL relative to the index and the digest of its bytes, which a client checks before installing.
 */
export function skillsIndex(skills: readonly {name: string; description: string; content: string}[]): string {
  return `${JSON.stringify(
    {
      $schema: skillsDiscoverySchema,
      skills: skills.map((skill) => ({
        name: skill.name,
        type: 'skill-md',
        description: skill.description,
        url: `${skill.name}/SKILL.md`,
        digest: sha256Digest(skill.content),
      })),
    },
    null,
    2,
  )}\n`;
}

export interface AgentDiscoveryInput {
  readonly outDir: string;
  /** The site's origin, no trailing slash, and its base URL (`/`). */
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly siteName: string;
  readonly llmsUrl: string;
  readonly rules: IntegrationSkillOptions['rules'];
  readonly pages: readonly SkillPage[];
  readonly apis: readonly CatalogApi[];
  readonly mcp: {readonly name: string; readonly version: string; readonly protocolVersions: readonly string[]};
}

/** Writes every discovery file into the build. */
export async function writeAgentDiscoveryFiles(input: AgentDiscoveryInput): Promise<void> {
  const at = (sitePath: string): string => path.join(input.outDir, ...sitePath.split('/'));
  const absolute = (sitePath: string): string => `${input.siteUrl}${input.baseUrl}${sitePath.replace(/^\//, '')}`;
  const write = async (sitePath: string, content: string): Promise<void> => {
    await mkdir(path.dirname(at(sitePath)), {recursive: true});
    await writeFile(at(sitePath), content);
  };
  const host = new URL(input.siteUrl).host;
  const endpointUrl = absolute(docsMcpPath);
  const title = `${input.siteName} MCP server`;
  const skill = integrationSkill({
    siteName: input.siteName,
    siteUrl: `${input.siteUrl}${input.baseUrl}`,
    llmsUrl: input.llmsUrl,
    mcpUrl: endpointUrl,
    rules: input.rules,
    pages: input.pages,
    apis: input.apis,
  });
  await Promise.all([
    write(apiCatalogPath, apiCatalog(absolute(apiCatalogPath), input.apis)),
    write(
      mcpServerCardPath,
      mcpServerCard(input.mcp.name, {
        host,
        title,
        description: "Search and read Zip's payments docs, API operations, events, errors and test values.",
        version: input.mcp.version,
        endpointUrl,
        siteUrl: `${input.siteUrl}${input.baseUrl}`,
        protocolVersions: input.mcp.protocolVersions,
      }),
    ),
    write(mcpCatalogPath, mcpCatalog(input.mcp.name, host, title, absolute(mcpServerCardPath))),
    write(integrationSkillPath, skill),
    write(agentSkillsIndexPath, skillsIndex([{name: integrationSkillName, description: integrationSkillDescription, content: skill}])),
  ]);
}
