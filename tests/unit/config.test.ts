/**
 * What the config turns on depends on the environment; these load it the way
 * Docusaurus does, in a process of its own with no ZIP_ variable but the ones
 * set, and check the result. One process loads it once per environment: the
 * config reads the ZIP_ variables itself when it is evaluated, and an import
 * under a new query string evaluates it again, while the plugins it imports
 * (most of a load's seconds) are loaded once.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {describe, it} from 'node:test';

interface ConfigSummary {
  url: string;
  onBroken: string[];
  gtag: {trackingID: string[]} | null;
  pluginNames: string[];
}

/** The environments the tests load the config in. */
const environments = {
  none: {},
  bothTrackers: {ZIP_GTAG_ID: 'G-AAAA', ZIP_METRICS_ID: 'G-BBBB', ZIP_SITE_URL: 'https://preview.example.com'},
  metricsOnly: {ZIP_METRICS_ID: 'G-BBBB'},
  crashTest: {ZIP_CRASH_TEST: 'true'},
  crashTestNotTrue: {ZIP_CRASH_TEST: '1'},
  strictBuild: {ZIP_STRICT_BUILD: 'true'},
} satisfies Record<string, Record<string, string>>;
type Environment = keyof typeof environments;

const summarise = `
  const environments = JSON.parse(process.argv[1]);
  for (const [index, env] of environments.entries()) {
    for (const name of Object.keys(process.env)) if (name.startsWith('ZIP_')) delete process.env[name];
    Object.assign(process.env, env);
    const loaded = await import('./docusaurus.config.ts?environment=' + index);
    // tsx loads the TypeScript config as CommonJS: the default export may be nested once.
    // Local plugins get the one part of Docusaurus's load context they read, the site directory.
    const config = loaded.default.default ?? loaded.default;
    const preset = config.presets.find((entry) => Array.isArray(entry) && entry[0] === 'classic');
    const plugins = config.plugins.filter(Boolean).map((plugin) =>
      typeof plugin === 'function' ? plugin({siteDir: process.cwd()}).name : Array.isArray(plugin) ? plugin[0] : String(plugin));
    const onBroken = [config.onBrokenLinks, config.onBrokenAnchors, config.onDuplicateRoutes,
      config.markdown.hooks.onBrokenMarkdownLinks, config.markdown.hooks.onBrokenMarkdownImages];
    console.log('summary ' + JSON.stringify({url: config.url, gtag: preset[1].gtag ?? null, pluginNames: plugins, onBroken}));
  }
`;

let loaded: Map<Environment, ConfigSummary> | undefined;

/** The config as loaded in `environment`; every environment is loaded the first time one is asked for. */
function loadConfig(environment: Environment): ConfigSummary {
  loaded ??= loadConfigsInFreshProcess();
  const summary = loaded.get(environment);
  assert.ok(summary, `no config was loaded for ${environment}`);
  return summary;
}

function loadConfigsInFreshProcess(): Map<Environment, ConfigSummary> {
  const names = Object.keys(environments) as Environment[];
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ZIP_')));
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', summarise, JSON.stringify(names.map((name) => environments[name]))],
    {env: cleanEnv, encoding: 'utf8'},
  );
  const summaries = output
    .split('\n')
    .filter((line) => line.startsWith('summary '))
    .map((line) => JSON.parse(line.slice('summary '.length)) as ConfigSummary);
  assert.equal(summaries.length, names.length, `one config per environment, got ${summaries.length}:\n${output}`);
  return new Map(names.map((name, index) => [name, summaries[index] as ConfigSummary]));
}

describe('docusaurus.config.ts environment', () => {
  it('loads no analytics tag and no crash-test page when nothing is set', () => {
    const config = loadConfig('none');
    assert.equal(config.url, 'https://docs.example.com');
    assert.equal(config.gtag, null, 'no gtag options: the tag is not loaded');
    assert.ok(!config.pluginNames.includes('zip-crash-test'), 'production builds have no crash page');
  });

  it('sends page views to the analytics id and the metrics tracker when both are set', () => {
    const config = loadConfig('bothTrackers');
    assert.deepEqual(config.gtag?.trackingID, ['G-AAAA', 'G-BBBB']);
    assert.equal(config.url, 'https://preview.example.com');
  });

  it('loads the metrics tracker alone when only it is set', () => {
    assert.deepEqual(loadConfig('metricsOnly').gtag?.trackingID, ['G-BBBB']);
  });

  it('adds the crash-test page only with ZIP_CRASH_TEST=true', () => {
    assert.ok(loadConfig('crashTest').pluginNames.includes('zip-crash-test'));
    assert.ok(!loadConfig('crashTestNotTrue').pluginNames.includes('zip-crash-test'));
  });

  it('warns on broken links, anchors and duplicate routes, and fails a checked build on them', () => {
    assert.deepEqual(loadConfig('none').onBroken, ['warn', 'warn', 'warn', 'warn', 'warn']);
    assert.deepEqual(loadConfig('strictBuild').onBroken, ['throw', 'throw', 'throw', 'throw', 'throw']);
  });
});
