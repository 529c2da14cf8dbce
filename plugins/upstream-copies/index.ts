/**
 * Every copy of upstream code in the site, checked against the installed
 * packages so that an upgrade fails the build naming the copy instead of
 * changing what the site does without a sound.
 *
 * - Every file in src/theme/ stands in for a theme component of the same
 *   name (Docusaurus's swizzling): that component must still exist in one
 *   of the themes, or the site's file is silently no longer used.
 * - The theme's source of an ejected component (copied or rewritten, not
 *   wrapped) must be the file it was last compared with, byte for byte (by
 *   SHA-256), so an upgrade of the theme makes someone compare the two.
 * - So must the sources of the site's other mirrors and runtime reaches
 *   (`upstreamMirrors`): code that repeats, repairs or replaces what a
 *   package does, outside src/theme/ and patches/.
 *
 * src/theme/README.md says why each override exists; CONTRIBUTING.md's
 * "Upgrading dependencies" lists every copy.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const pluginName = 'zip-upstream-copies';

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
  'ApiItem/explorerStore',
  'ApiItem/mendThemeMarkup',
  'ApiItem/useExplorerStore',
  'SearchBar/SearchOption',
  'SearchBar/SearchPanel',
  'SearchBar/comboboxKeys',
  'SearchBar/searchStatus',
  'SearchBar/useRoomBelow',
  'SearchBar/useSearchResults',
  'SearchBar/useSearchShortcut',
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
  LastUpdated: {
    source: '@docusaurus/theme-classic/lib/theme/LastUpdated/index.js',
    sha256: '30948229c514009458316d5f6d94da1562993c6d05ca40f3f56be9079f89b35c',
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

/**
 * Site files that mirror, repair or replace a package's code at run time: the
 * package files they follow, each with its SHA-256 when the copy was last
 * compared with it (after postinstall's patches, as installed).
 */
export const upstreamMirrors: Readonly<Record<string, {readonly follows: string; readonly sources: Readonly<Record<string, string>>}>> = {
  'plugins/api-reference/code-samples.ts': {
    follows: "the explorer's code-sample generation, repeated on Node for the operations file",
    sources: {
      'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest.js':
        'f2e1ed9e4ef35c718e19a993b7224fab7e532ce124356fd4db37f56c69dfb24e',
      'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/index.js':
        'faf02bf70d004b4e20797fece7ac5320c4cdc04879628a6af867f89eea664c60',
      'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/languages.js':
        '541217e36a30be3181416df53fa9ec2c215086f8a3ae2466eda476e6b1a3be04',
    },
  },
  'plugins/navigation/prefetchOnIntent.ts': {
    follows: "Link's viewport prefetch through `window.docusaurus`, which it replaces",
    sources: {
      '@docusaurus/core/lib/client/exports/Link.js': 'cd83fc0c2bffaab83186636c309c8086aac4aa53594dc7eeb4b9f9817527d277',
      '@docusaurus/core/lib/client/docusaurus.js': 'b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202',
    },
  },
  'src/theme/ApiItem/mendThemeMarkup.ts': {
    follows: "the theme's markup it repairs (tab arrows, the security heading, lists of divs)",
    sources: {
      'docusaurus-theme-openapi-docs/lib/theme/ApiTabs/index.js': 'fd5ffca5e1feefa8bb01bab4809b1c499880b886d05cd233308dc81c55c17bbb',
      'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/SecuritySchemes/index.js':
        '970510616c73d2a6bd496efe425c3ed0963c266235efd2a63a6c610267e6bdd8',
      'docusaurus-theme-openapi-docs/lib/theme/ParamsItem/index.js': 'cc6a811aedbb057524c5567f3da6e06df465a436bd05bd6d7f554b094f68152e',
      'docusaurus-theme-openapi-docs/lib/theme/Schema/index.js': '4e720b8a263a19f8f1babf0a0436b28569455d6a4d44a13149acffb0bbb73b0a',
    },
  },
};

/** One message per mirror whose package file is gone or changed. */
export function staleMirrors(nodeModules: string, mirrors = upstreamMirrors): string[] {
  const problems: string[] = [];
  for (const [copy, {follows, sources}] of Object.entries(mirrors)) {
    for (const [source, sha256] of Object.entries(sources)) {
      const sourcePath = join(nodeModules, source);
      if (!existsSync(sourcePath)) {
        problems.push(`${copy} follows ${source} (${follows}), which the installed version no longer has: rework the copy.`);
        continue;
      }
      const actual = createHash('sha256').update(readFileSync(sourcePath)).digest('hex');
      if (actual !== sha256) {
        problems.push(
          `${copy} follows ${source} (${follows}), which changed in the installed version (SHA-256 ${actual}, last compared with ${sha256}): ` +
            'compare the two, carry the change over, then update the hash in plugins/upstream-copies/index.ts.',
        );
      }
    }
  }
  return problems;
}

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
          'then update the hash in plugins/upstream-copies/index.ts.',
      );
    }
  }
  return problems;
}

export default function upstreamCopiesPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    loadContent() {
      const nodeModules = join(context.siteDir, 'node_modules');
      const problems = [...staleOverrides(join(context.siteDir, 'src/theme'), nodeModules), ...staleMirrors(nodeModules)];
      if (problems.length > 0) {
        throw new Error(`${pluginName}: ${problems.length} stale copy(ies) of upstream code:\n- ${problems.join('\n- ')}`);
      }
    },
  };
}
