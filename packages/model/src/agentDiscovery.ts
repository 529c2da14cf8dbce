/**
 * Where the site tells assistants what it offers, without anyone configuring them: the files the
 * machine-readable plugin writes (plugins/machine-readable/agent-discovery.ts) and the delivery
 * policy serves with their types, open to every origin (plugins/delivery/policy.ts).
 */
import {docsMcpPath} from './docsMcp';

/** RFC 9727's API catalog: a linkset (RFC 9264) of the APIs, their specs and their docs. */
export const apiCatalogPath = '/.well-known/api-catalog';
export const apiCatalogMediaType = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** The MCP catalog of the host, listing the docs MCP server by its card. */
export const mcpCatalogPath = '/.well-known/mcp/catalog.json';

/** The docs MCP server's card, where the MCP server-card extension reserves it: the endpoint and `/server-card`. */
export const mcpServerCardPath = `${docsMcpPath}/server-card`;
export const mcpServerCardMediaType = 'application/mcp-server-card+json';

/** Agent Skills discovery (v0.2.0): the index, and each skill's folder beside it. */
export const agentSkillsFolder = '/.well-known/agent-skills';
export const agentSkillsIndexPath = `${agentSkillsFolder}/index.json`;

/** The integration skill's name: its folder, its front matter's `name`, its `skill://` authority over MCP. */
export const integrationSkillName = 'zip-integration';
export const integrationSkillPath = `${agentSkillsFolder}/${integrationSkillName}/SKILL.md`;

/** The skill's one-paragraph description: what it does and when to use it (at most 1,024 characters). */
export const integrationSkillDescription =
  "Integrate Zip's payments API (Philippines: cards with 3-D Secure, GCash, Maya, QR Ph, online banking; Checkout Sessions, Payment Links, Payment Requests, refunds, webhooks) safely. Use when writing, reviewing or debugging code that calls Zip's API or receives Zip webhooks: it gives the rules every integration follows, where each flow is documented, and how to test it without moving money.";

/** The test mode's package, published with the site: `npx <site>/downloads/zip-test-mode.tgz` (plugins/test-mode-package). */
export const testModePackagePath = '/downloads/zip-test-mode.tgz';
