/**
 * Draws every diagram of the site ahead of time: `npm run diagrams`.
 *
 * Each ```mermaid block in docs/, guides/ and api/ (scripts/diagrams/find.ts) is rendered to SVG
 * in Debian's Chromium by the mermaid library in node_modules, with the configuration the site
 * gives `@docusaurus/theme-mermaid` (light theme: the site has no dark mode), and written to
 * `diagrams/<id>.svg` (plugins/diagrams/files.ts). SVGs no diagram uses any more are removed.
 * The build inlines the SVGs into the pages (plugins/diagrams/remark.ts), so no page loads mermaid.
 *
 * The output is deterministic: each diagram is drawn in a fresh page whose Math.random is seeded
 * with the diagram's id, and mermaid's `deterministicIds` is on. Running it twice changes nothing.
 * Text is measured with the fonts installed on this machine.
 *
 * A diagram mermaid cannot draw fails the run with its page and line.
 */
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import {DEFAULT_THEME_CONFIG} from '@docusaurus/theme-mermaid/lib/validateThemeConfig.js';
import {chromium, type BrowserContext} from 'playwright-core';
import {chromiumArgs, chromiumPath} from '@zip/perf/chromium';
import {DIAGRAMS_DIR} from '../../plugins/diagrams/files';
import {findDiagrams, type DiagramBlock} from './find';

const ROOT = process.cwd();

/** What the site's `themeConfig.mermaid` says, with the theme's defaults filled in. */
interface MermaidThemeConfig {
  theme?: {light?: string; dark?: string};
  options?: Record<string, unknown>;
}

/**
 * The configuration `@docusaurus/theme-mermaid` passes to `mermaid.initialize` on the site
 * (`{startOnLoad: false, ...options, theme}`, light colour mode), plus stable ids.
 */
export async function siteMermaidConfig(): Promise<Record<string, unknown>> {
  const loaded = (await import('../../docusaurus.config')) as {default: Config | {default: Config}};
  // tsx loads the TypeScript config as CommonJS: the default export may be nested once.
  const config = 'default' in loaded.default ? loaded.default.default : loaded.default;
  const site = (config.themeConfig as {mermaid?: MermaidThemeConfig} | undefined)?.mermaid;
  const theme = site?.theme?.light ?? DEFAULT_THEME_CONFIG.mermaid.theme.light;
  const options = site?.options ?? DEFAULT_THEME_CONFIG.mermaid.options;
  return {startOnLoad: false, ...options, theme, deterministicIds: true};
}

/** The browser build of mermaid that the site's theme depends on. */
function mermaidBundlePath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js');
}

/** Replaces Math.random with a PRNG seeded from `seed` (hex), so any random id is reproducible. */
function seededRandomScript(seed: string): string {
  return `(() => {
    let state = ${parseInt(seed.slice(0, 8), 16) >>> 0} || 1;
    Math.random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  })();`;
}

/** Draws one diagram in a fresh page and returns its SVG. */
async function renderOne(context: BrowserContext, bundle: string, config: Record<string, unknown>, block: DiagramBlock): Promise<string> {
  const page = await context.newPage();
  try {
    await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({content: seededRandomScript(block.id)});
    await page.addScriptTag({content: bundle});
    const result = await page.evaluate(
      async ({config, id, source}) => {
        const mermaid = (window as unknown as {mermaid: MermaidApi}).mermaid;
        mermaid.initialize(config);
        try {
          return {svg: (await mermaid.render(id, source)).svg};
        } catch (error) {
          return {error: error instanceof Error ? error.message : String(error)};
        }
      },
      {config, id: `diagram-${block.id}`, source: block.source},
    );
    if ('error' in result) throw new Error(`${block.file}:${block.line}: mermaid cannot draw this diagram: ${result.error}`);
    return result.svg;
  } finally {
    await page.close();
  }
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{svg: string}>;
}

export interface RenderSummary {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/** Renders every diagram under `root` into `root/diagrams/` and removes unused SVGs. */
export async function renderDiagrams(root = ROOT): Promise<RenderSummary> {
  const blocks = findDiagrams(root);
  const outDir = path.join(root, DIAGRAMS_DIR);
  await mkdir(outDir, {recursive: true});
  const summary: RenderSummary = {written: [], unchanged: [], removed: []};

  // One render per distinct source: the same diagram on two pages shares its SVG.
  const unique = new Map<string, DiagramBlock>();
  for (const block of blocks) if (!unique.has(block.id)) unique.set(block.id, block);

  const bundle = await readFile(mermaidBundlePath(), 'utf8');
  const config = await siteMermaidConfig();
  const profile = await mkdtemp(path.join(tmpdir(), 'zip-docs-diagrams-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs],
    viewport: {width: 1280, height: 900},
    colorScheme: 'light',
  });
  try {
    // Nothing is fetched: the page and the library are given to the browser directly.
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    for (const block of unique.values()) {
      const svg = `${await renderOne(context, bundle, config, block)}\n`;
      const name = `${block.id}.svg`;
      const file = path.join(outDir, name);
      const previous = await readFile(file, 'utf8').catch(() => undefined);
      if (previous === svg) {
        summary.unchanged.push(name);
      } else {
        await writeFile(file, svg);
        summary.written.push(name);
      }
    }
  } finally {
    await context.close();
    await rm(profile, {recursive: true, force: true});
  }

  for (const name of (await readdir(outDir)).sort()) {
    if (name.endsWith('.svg') && !unique.has(name.slice(0, -'.svg'.length))) {
      await rm(path.join(outDir, name));
      summary.removed.push(name);
    }
  }
  return summary;
}

async function main(): Promise<void> {
  const summary = await renderDiagrams();
  for (const name of summary.written) console.log(`wrote ${DIAGRAMS_DIR}/${name}`);
  for (const name of summary.removed) console.log(`removed ${DIAGRAMS_DIR}/${name} (no diagram uses it)`);
  console.log(
    `${summary.written.length} written, ${summary.unchanged.length} unchanged, ${summary.removed.length} removed. Commit ${DIAGRAMS_DIR}/.`,
  );
}

if (process.argv[1]?.endsWith('render.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
