/**
 * Site search at build time: after the build, every docs page's HTML is
 * read and its sections (plugins/search/sections.ts) written to
 * `search-index.json`, which the search box, the search page and the docs
 * MCP server load (packages/model/src/siteSearch.ts). Also adds the search page,
 * `/search`.
 */
import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {searchIndexPath, toIndexFile, type SearchSection} from '@zip/model/siteSearch';
import {sectionsOfPage} from './sections';

const pluginName = 'zip-search';

export interface SearchPluginOptions {
  /** Routes never indexed, although they are docs pages. */
  readonly leftOut: readonly RegExp[];
}

/** The HTML file the build wrote for a route (`/a/b` → `a/b.html`, `/` → `index.html`). */
function htmlFileOf(outDir: string, route: string): string | undefined {
  const candidates = route.endsWith('/')
    ? [join(outDir, route, 'index.html')]
    : [join(outDir, `${route}.html`), join(outDir, route, 'index.html')];
  return candidates.find((file) => existsSync(file));
}

/** A sentence: up to a full stop, question or exclamation mark followed by a space ("₱15.00" stays whole). */
const sentencePattern = /(?:[^.!?]|[.!?](?!\s|$))+(?:[.!?]+(?=\s|$)|$)/g;

/**
 * A sentence written on this many pages or more is the pages' furniture
 * (every event page's "Verify the Zip-Signature header…"): it would match
 * every search for its words, so it is left out of every section.
 */
const repeatedSentencePages = 6;

function withoutRepeatedSentences(sections: readonly SearchSection[]): SearchSection[] {
  const sentencesOf = (text: string): string[] => text.match(sentencePattern)?.map((sentence) => sentence.trim()) ?? [];
  const pagesOfSentence = new Map<string, Set<string>>();
  for (const section of sections) {
    for (const sentence of sentencesOf(section.text)) {
      if (sentence.length < 30) continue;
      const pages = pagesOfSentence.get(sentence) ?? new Set<string>();
      pages.add(section.path);
      pagesOfSentence.set(sentence, pages);
    }
  }
  const repeated = (sentence: string): boolean => (pagesOfSentence.get(sentence)?.size ?? 0) >= repeatedSentencePages;
  return sections.map((section) => ({
    ...section,
    text: sentencesOf(section.text)
      .filter((sentence) => !repeated(sentence))
      .join(' '),
  }));
}

/** The sections of every docs page the build wrote, in route order. */
export async function sectionsOfBuild(outDir: string, routes: readonly string[], leftOut: readonly RegExp[]): Promise<SearchSection[]> {
  const sections: SearchSection[] = [];
  for (const route of [...new Set(routes)].sort()) {
    if (leftOut.some((pattern) => pattern.test(route))) continue;
    const file = htmlFileOf(outDir, route);
    if (!file) continue;
    try {
      sections.push(...sectionsOfPage(route, await readFile(file, 'utf8')));
    } catch (error) {
      throw new Error(`${pluginName}: could not read the sections of ${route} (${file}): ${String(error)}`, {cause: error});
    }
  }
  return withoutRepeatedSentences(sections);
}

export default function searchPlugin(_context: unknown, options: SearchPluginOptions): Plugin {
  return {
    name: pluginName,
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/search',
        // By the site alias: the route's module path is written into the client scripts as given.
        component: '@site/src/components/SiteSearch/SearchPage.tsx',
        exact: true,
      });
    },
    async postBuild({outDir, routesPaths}) {
      const sections = await sectionsOfBuild(outDir, routesPaths, options.leftOut);
      if (sections.length === 0) throw new Error(`${pluginName}: the build has no docs page to index.`);
      await writeFile(join(outDir, searchIndexPath), JSON.stringify(toIndexFile(sections)));
    },
  };
}
