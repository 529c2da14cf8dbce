/**
 * What a client tells its model about the docs MCP server: the tools' use, the rules llms.txt
 * opens with (packages/model/src/integrationRules.ts), the integration skill and the local test mode.
 */
import {integrationSkillName} from '@zip/model/agentDiscovery';
import {integrationRules} from '@zip/model/integrationRules';
import {localTestModeNote} from './local-test-mode';

/**
 * The integration skill as an MCP resource at `skill://<name>/SKILL.md`, the same file the site
 * publishes for `npx skills add` (plugins/machine-readable/agent-discovery.ts). A resource, listed
 * by `resources/list`: the Skills extension (`skills/list`, `skills/get`) is not declared, as its
 * methods are written against a protocol revision later than the SDK's.
 */
export const integrationSkillUri = `skill://${integrationSkillName}/SKILL.md`;

export const serverInstructions = [
  "Zip's documentation: search it (search_docs), read a page as Markdown (read_page), and look up API operations, webhook events, test values and error codes. Every integration with the Zip API must follow these rules:",
  ...integrationRules.map((rule, index) => `${index + 1}. ${rule.text} (read_page ${rule.page})`),
  `The skill ${integrationSkillUri} (a resource) teaches a whole integration: read it before writing one.`,
  localTestModeNote,
].join('\n');
