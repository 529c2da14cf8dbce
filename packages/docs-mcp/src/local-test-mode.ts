/**
 * The stateful test mode a developer runs on their own machine (packages/test-mode, `@zip/test-mode`),
 * as the MCP server's instructions and `find_test_value` name it: an assistant writing an
 * integration learns it exists and how to start it, rather than writing a fake of its own.
 */
import {testModePackagePath} from '@zip/model/agentDiscovery';

export const localTestMode = {
  packageName: '@zip/test-mode',
  /** Not on the npm registry: the package is published with the docs, at the origin this server answers on. */
  command: `npx <docs site>${testModePackagePath}`,
  defaultPort: 4011,
  controlsPath: '/_test-mode/',
  guidePath: '/guides/developer-guide/test-against-faults',
} as const;

/** One paragraph: what the test mode is, how to start it and where its guide is. */
export const localTestModeNote = `A stateful test mode runs locally, with Node.js alone: \`${localTestMode.command}\`, where <docs site> is the origin of this documentation (the one this MCP server answers on; the package ${localTestMode.packageName} is not on the npm registry). It serves the Zip API at http://127.0.0.1:${localTestMode.defaultPort} with test keys, keeping every object's state, and its controls under \`${localTestMode.controlsPath}\` inject faults (lost answers, 500, 429, slow answers, duplicate and late webhooks), move the clock and report the money invariants by order. Use it to test an integration against faults, never a fake of your own: read_page ${localTestMode.guidePath}.`;
