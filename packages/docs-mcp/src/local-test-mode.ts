/**
 * The stateful test mode a developer runs on their own machine (packages/test-mode, `@zip/test-mode`),
 * as the MCP server's instructions and `find_test_value` name it: an assistant writing an
 * integration learns it exists and how to start it, rather than writing a fake of its own.
 */
export const localTestMode = {
  packageName: '@zip/test-mode',
  command: 'npx zip-test-mode',
  defaultPort: 4011,
  controlsPath: '/_test-mode/',
  guidePath: '/guides/developer-guide/test-against-faults',
} as const;

/** One paragraph: what the test mode is, how to start it and where its guide is. */
export const localTestModeNote = `A stateful test mode runs locally: \`${localTestMode.command}\` (the package ${localTestMode.packageName}) serves the Zip API at http://127.0.0.1:${localTestMode.defaultPort} with test keys, keeping every object's state, and its controls under \`${localTestMode.controlsPath}\` inject faults (lost answers, 500, 429, slow answers, duplicate and late webhooks), move the clock and report the money invariants by order. Use it to test an integration against faults, never a fake of your own: read_page ${localTestMode.guidePath}.`;
