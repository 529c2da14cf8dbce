/**
 * What lets assistants find the docs without being told (plugins/machine-readable/agent-discovery.ts,
 * plugins/delivery/policy.ts): the integration skill held to the Agent Skills format and its
 * discovery index to v0.2.0 (its schema, a skill-md entry and its digest), the MCP server card to the
 * server-card extension's schema rules, the API catalog to RFC 9727, and robots.txt's signals.
 * The files as both hosts serve them are tested in tests/e2e/delivery.test.ts.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {
  apiCatalog,
  integrationSkill,
  mcpCatalog,
  mcpServerCard,
  skillsIndex,
  type CatalogApi,
} from '../../plugins/machine-readable/agent-discovery';
import {contentSignals, robotsTxt} from '../../plugins/delivery/policy';
import {integrationSkillDescription, integrationSkillName} from '@zip/model/agentDiscovery';
import {integrationPages, integrationRules} from '@zip/model/integrationRules';

const siteUrl = 'https://docs.example.com';
const apis: CatalogApi[] = [
  {
    title: 'Zip Payments API',
    version: '2.1.0',
    baseUrl: 'https://api.example.com',
    specUrl: `${siteUrl}/openapi/payments.yaml`,
    docUrl: `${siteUrl}/api/intro`,
  },
];
const skill = integrationSkill({
  siteName: 'Zip Docs',
  siteUrl: `${siteUrl}/`,
  llmsUrl: `${siteUrl}/llms.txt`,
  mcpUrl: `${siteUrl}/mcp`,
  rules: integrationRules.map((rule) => ({...rule, url: `${siteUrl}${rule.page}`})),
  pages: integrationPages.map((page) => ({title: page.page, url: `${siteUrl}${page.page}.md`, use: page.use})),
  apis,
});

describe('the integration skill', () => {
  const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(skill) ?? [];
  const meta = yaml.load(frontMatter) as Record<string, unknown>;

  it('has the front matter the Agent Skills format asks for: a valid name that is its folder’s, and a description', () => {
    assert.deepEqual(Object.keys(meta).sort(), ['description', 'name']);
    assert.equal(meta.name, integrationSkillName);
    assert.match(integrationSkillName, /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/);
    assert.equal(meta.description, integrationSkillDescription);
    assert.ok(integrationSkillDescription.length <= 1024, `description within 1,024 characters (${integrationSkillDescription.length})`);
  });

  it('is short enough to load whole, and carries every integration rule and page', () => {
    assert.ok(body.split('\n').length < 500, 'under 500 lines, as the format recommends');
    for (const rule of integrationRules) assert.ok(body.includes(rule.text), rule.page);
    for (const page of integrationPages) assert.ok(body.includes(`${siteUrl}${page.page}.md`), page.page);
  });

  it('is listed in the discovery index as v0.2.0 writes it: its schema, a skill-md entry and the digest of its bytes', () => {
    const index = JSON.parse(skillsIndex([{name: integrationSkillName, description: integrationSkillDescription, content: skill}])) as {
      $schema: string;
      skills: {name: string; type: string; description: string; url: string; digest: string}[];
    };
    assert.equal(index.$schema, 'https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    assert.deepEqual(index.skills, [
      {
        name: integrationSkillName,
        type: 'skill-md',
        description: integrationSkillDescription,
        url: `${integrationSkillName}/SKILL.md`,
        digest: `sha256:${createHash('sha256').update(skill).digest('hex')}`,
      },
    ]);
  });
});

describe('the MCP server card and catalog', () => {
  const card = JSON.parse(
    mcpServerCard('zip-docs', {
      host: 'docs.example.com',
      title: 'Zip Docs MCP server',
      description: 'Search and read the docs.',
      version: '1.1.0',
      endpointUrl: `${siteUrl}/mcp`,
      siteUrl,
      protocolVersions: ['2025-11-25'],
    }),
  ) as Record<string, unknown> & {remotes: {type: string; url: string}[]};

  it('follows the card schema’s rules: v2 schema, a reverse-DNS name with one slash, a streamable HTTP remote', () => {
    assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json');
    assert.equal(card.name, 'com.example.docs/zip-docs');
    assert.match(String(card.name), /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    assert.deepEqual(card.remotes[0], {type: 'streamable-http', url: `${siteUrl}/mcp`, supportedProtocolVersions: ['2025-11-25']});
    assert.throws(
      () =>
        mcpServerCard('zip-docs', {
          host: 'x.y',
          title: 't',
          description: 'd'.repeat(101),
          version: '1',
          endpointUrl: '',
          siteUrl,
          protocolVersions: [],
        }),
      /over 100 characters/,
    );
  });

  it('is listed by the host’s MCP catalog', () => {
    const catalog = JSON.parse(mcpCatalog('zip-docs', 'docs.example.com', 'Zip Docs MCP server', `${siteUrl}/mcp/server-card`)) as {
      entries: {identifier: string; type: string; url: string}[];
    };
    assert.deepEqual(catalog.entries[0], {
      identifier: 'urn:air:docs.example.com:zip-docs',
      displayName: 'Zip Docs MCP server',
      type: 'application/mcp-server-card+json',
      url: `${siteUrl}/mcp/server-card`,
    });
  });
});

describe('the API catalog and robots.txt', () => {
  it('lists each API with its spec and its docs (RFC 9727)', () => {
    const {linkset} = JSON.parse(apiCatalog(`${siteUrl}/.well-known/api-catalog`, apis)) as {linkset: Record<string, unknown>[]};
    assert.deepEqual(linkset[0]?.item, [{href: `${siteUrl}/openapi/payments.yaml`, type: 'application/yaml', title: 'Zip Payments API'}]);
    assert.deepEqual(linkset[1]?.['service-desc'], [
      {href: `${siteUrl}/openapi/payments.yaml`, type: 'application/yaml', title: 'Zip Payments API 2.1.0 (OpenAPI)'},
    ]);
    assert.deepEqual(linkset[1]?.['service-doc'], [{href: `${siteUrl}/api/intro`, type: 'text/html', title: 'Zip Payments API'}]);
  });

  it('robots.txt says what crawlers may do with the content, in Content Signals', () => {
    assert.match(robotsTxt(siteUrl, '/'), new RegExp(`^User-agent: \\*\\nContent-Signal: ${contentSignals}\\nAllow: /\\n`));
    assert.match(contentSignals, /^search=(yes|no), ai-input=(yes|no), ai-train=(yes|no)$/);
  });
});
