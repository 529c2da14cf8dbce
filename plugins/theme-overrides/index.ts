/**
 * Every file in src/theme/ stands in for a theme component of the same name
 * (Docusaurus's swizzling). When an upgrade renames or removes that
 * component, the site's file is silently no longer used, and what it fixed
 * comes back. This plugin fails the build instead, naming the file:
 *
 * - a wrapped or ejected component must still exist in one of the themes;
 * - the theme's source of an ejected component (copied or rewritten, not
 *   wrapped) must be the file it was last compared with, byte for byte (by
 *   SHA-256), so an upgrade of the theme makes someone compare the two.
 *
 * src/theme/README.md says why each file exists.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const pluginName = 'zip-theme-overrides';

/** Where each theme the site uses keeps its components, inside node_modules. */
const themeDirs: readonly string[] = [
  '@docusaurus/theme-classic/lib/theme',
  '@docusaurus/theme-mermaid/lib/theme',
  'docusaurus-theme-openapi-docs/lib/theme',
  '@docusaurus/core/lib/client/theme-fallback',
];

/** Site modules in src/theme/ that only the overrides beside them import. */
const siteHelpers: ReadonlySet<string> = new Set([
  'ApiItem/ExplorerPanel',
  'ApiItem/OperationItem',
  'ApiItem/ReaderKeyInExplorer',
  'ApiItem/mendThemeMarkup',
]);

/**
 * Ejected components (copied or rewritten, not wrapped): the theme's file they
 * stand for, and its SHA-256 when they were last compared with it.
 */
export const ejectedComponents: Readonly<Record<string, {readonly source: string; readonly sha256: string}>> = {
  'ApiExplorer/LiveEditor': {
    source: 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/LiveEditor/index.js',
    sha256: 'd6ec4e8533206307ce80a777976468321b724dfbfad45057440a998ef80c37ed',
  },
  ApiItem: {
    source: 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js',
    sha256: 'fd059f169de5c073fa3e6b57a6574f105e51c3656c57ea53146a65807848f878',
  },
  Markdown: {
    source: 'docusaurus-theme-openapi-docs/lib/theme/Markdown/index.js',
    sha256: 'a23feb9237909de9332e14ac14fb214eb255973e6f9538e1ba0b1ea6d3d0f2eb',
  },
  'NotFound/Content': {
    source: '@docusaurus/theme-classic/lib/theme/NotFound/Content/index.js',
    sha256: '1339cadd0fe0b2a29e2b200f0b10487e33bd49a8fdc7a86a91e9a6c16616e113',
  },
};

/** The component name of each override file: `ApiTabs/index.tsx` → `ApiTabs`. */
export function overrideNames(themeDir: string): string[] {
  const names: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|jsx?)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const name = relative(themeDir, path)
          .split(sep)
          .join('/')
          .replace(/\.(tsx?|jsx?)$/, '')
          .replace(/\/index$/, '');
        if (!siteHelpers.has(name)) names.push(name);
      }
    }
  };
  walk(themeDir);
  return names.sort();
}

/** One message per override whose target is gone or, for an ejected copy, changed. */
export function staleOverrides(siteThemeDir: string, nodeModules: string): string[] {
  const problems: string[] = [];
  for (const name of overrideNames(siteThemeDir)) {
    const found = themeDirs.some((dir) => ['.js', '/index.js'].some((ending) => existsSync(join(nodeModules, dir, `${name}${ending}`))));
    if (!found) {
      problems.push(
        `src/theme/${name} overrides a theme component that no installed theme has any more ` + `(looked in ${themeDirs.join(', ')}).`,
      );
    }
  }
  for (const [name, {source, sha256}] of Object.entries(ejectedComponents)) {
    const sourcePath = join(nodeModules, source);
    if (!existsSync(sourcePath)) continue; // reported above as a missing component
    const actual = createHash('sha256').update(readFileSync(sourcePath)).digest('hex');
    if (actual !== sha256) {
      problems.push(
        `src/theme/${name} is ejected from ${source}, which changed in the installed version ` +
          `(SHA-256 ${actual}, last compared with ${sha256}): compare the two, carry the change over, ` +
          'then update the hash in plugins/theme-overrides/index.ts.',
      );
    }
  }
  return problems;
}

export default function themeOverridesPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    loadContent() {
      const problems = staleOverrides(join(context.siteDir, 'src/theme'), join(context.siteDir, 'node_modules'));
      if (problems.length > 0) {
        throw new Error(`${pluginName}: ${problems.length} stale override(s):\n- ${problems.join('\n- ')}`);
      }
    },
  };
}
