/**
 * What the config turns on depends on the environment; these load it the way
 * Docusaurus does (a fresh process per environment) and check the result.
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

const summarise = `
  const loaded = await import('./docusaurus.config.ts');
  // tsx loads the TypeScript config as CommonJS: the default export may be nested once.
  // Local plugins get the one part of Docusaurus's load context they read, the site directory.
  const config = loaded.default.default ?? loaded.default;
  const preset = config.presets.find((entry) => Array.isArray(entry) && entry[0] === 'classic');
  const plugins = config.plugins.filter(Boolean).map((plugin) =>
    typeof plugin === 'function' ? plugin({siteDir: process.cwd()}).name : Array.isArray(plugin) ? plugin[0] : String(plugin));
  const onBroken = [config.onBrokenLinks, config.onBrokenAnchors, config.onDuplicateRoutes,
    config.markdown.hooks.onBrokenMarkdownLinks, config.markdown.hooks.onBrokenMarkdownImages];
  console.log(JSON.stringify({url: config.url, gtag: preset[1].gtag ?? null, pluginNames: plugins, onBroken}));
`;

/** Each environment's config, loaded once (a load takes seconds: it imports every plugin). */
const loaded = new Map<string, ConfigSummary>();

function loadConfig(env: Record<string, string>): ConfigSummary {
  const key = JSON.stringify(env);
  const known = loaded.get(key);
  if (known !== undefined) return known;
  const summary = loadConfigInFreshProcess(env);
  loaded.set(key, summary);
  return summary;
}

function loadConfigInFreshProcess(env: Record<string, string>): ConfigSummary {
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ZIP_')));
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', summarise], {
    env: {...cleanEnv, ...env},
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ConfigSummary;
}

describe('docusaurus.config.ts environment', () => {
  it('loads no analytics tag and no crash-test page when nothing is set', () => {
    const config = loadConfig({});
    assert.equal(config.url, 'https://docs.example.com');
    assert.equal(config.gtag, null, 'no gtag options: the tag is not loaded');
    assert.ok(!config.pluginNames.includes('zip-crash-test'), 'production builds have no crash page');
  });

  it('sends page views to the analytics id and the metrics tracker when both are set', () => {
    const config = loadConfig({ZIP_GTAG_ID: 'G-AAAA', ZIP_METRICS_ID: 'G-BBBB', ZIP_SITE_URL: 'https://preview.example.com'});
    assert.deepEqual(config.gtag?.trackingID, ['G-AAAA', 'G-BBBB']);
    assert.equal(config.url, 'https://preview.example.com');
  });

  it('loads the metrics tracker alone when only it is set', () => {
    assert.deepEqual(loadConfig({ZIP_METRICS_ID: 'G-BBBB'}).gtag?.trackingID, ['G-BBBB']);
  });

  it('adds the crash-test page only with ZIP_CRASH_TEST=true', () => {
    assert.ok(loadConfig({ZIP_CRASH_TEST: 'true'}).pluginNames.includes('zip-crash-test'));
    assert.ok(!loadConfig({ZIP_CRASH_TEST: '1'}).pluginNames.includes('zip-crash-test'));
  });

  it('warns on broken links, anchors and duplicate routes, and fails a checked build on them', () => {
    assert.deepEqual(loadConfig({}).onBroken, ['warn', 'warn', 'warn', 'warn', 'warn']);
    assert.deepEqual(loadConfig({ZIP_STRICT_BUILD: 'true'}).onBroken, ['throw', 'throw', 'throw', 'throw', 'throw']);
  });
});
