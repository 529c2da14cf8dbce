/**
 * The site search's index file holds the documents only; the reader's
 * browser builds the lunr indexes from them (searchWorker.ts says why).
 *
 * In the build, the search plugin's `buildIndex` (which its `postBuild`
 * calls through its module's exports) is replaced: it hands the plugin the
 * documents without an index to write, so no index is built at all. First
 * it builds the first documents of each type both ways, with the plugin's
 * builder and the browser's (buildSearchIndex.ts), and fails the build,
 * naming this plugin, when the two differ: an upgrade that changes how the
 * plugin indexes (fields, pipeline, tokenizer) stops the build instead of
 * making the browser's index differ from the plugin's.
 *
 * In the bundle, the worker that `searchByWorker` starts is replaced by
 * searchWorker.ts, through the substitution guard (plugins/substitutions.ts).
 * The build also fails when the plugin's files no longer call `buildIndex`
 * the way this wrapper expects.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import lunr from 'lunr';
import type {FieldTokenizer} from '../search-spellings/spellings';
import {failWith, requireCallThroughExports, type Fail, searchPlugin, searchPluginCheckedWith, searchPluginRequire} from '../search-plugin-server';
import {cacheBuildDependencies, importReplacementPlugin, substitutionGuard, type ImportReplacement} from '../substitutions';
import {buildSearchIndex, type SearchDocument} from './buildSearchIndex';

const pluginName = 'zip-lean-search-index';

type BuildIndex = (allDocuments: SearchDocument[][], options: object) => {documents: SearchDocument[]; index?: lunr.Index}[];

/** Marks the wrapper, so a second build in the same process does not wrap it twice. */
const installed = Symbol.for('zip.leanSearchIndex');

export function leanSearchIndexSubstitutions(siteDir: string): readonly ImportReplacement[] {
  return [
    {
      name: "@easyops-cn/docusaurus-search-local's search worker (theme/worker.js), as searchByWorker starts it",
      packageName: searchPlugin,
      checkedWith: searchPluginCheckedWith,
      importers: [/docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]searchByWorker\.js$/],
      request: './worker.js',
      standIn: join(siteDir, 'plugins/lean-search-index/searchWorker.ts'),
    },
  ];
}

/**
 * How many documents of each type the check builds both ways: enough text to
 * exercise the tokenizer, stop words and stemmer, without building every
 * index twice in every build (the browser builds the whole of them).
 */
export const checkedDocumentsPerType = 100;

/**
 * What the search plugin's `buildIndex` would return, with the documents
 * only, after checking on the first documents of each type that the
 * browser's builder makes the index the plugin's builder makes.
 */
export function documentsOnly(
  allDocuments: SearchDocument[][],
  options: object,
  pluginsBuildIndex: BuildIndex,
  fail: Fail,
): {documents: SearchDocument[]}[] {
  // As the plugin does: a type with no documents is an empty list.
  const groups = Array.from(allDocuments, (documents) => documents ?? []);
  const samples = groups.map((documents) => documents.slice(0, checkedDocumentsPerType));
  const tokenizer = lunr.tokenizer as unknown as FieldTokenizer;
  pluginsBuildIndex(samples, options).forEach(({index}, type) => {
    if (!index) fail(`buildIndex returned no index for document type ${type}`);
    const inBrowser = JSON.stringify(buildSearchIndex(lunr, samples[type] ?? [], tokenizer));
    if (inBrowser !== JSON.stringify(index)) {
      fail(`the index the browser builds from the documents of type ${type} differs from the one the search plugin built`);
    }
  });
  return groups.map((documents) => ({documents}));
}

function installWrapper(siteDir: string): void {
  const fail: Fail = failWith(pluginName, siteDir, 'The browser would no longer build the index the plugin builds.');
  requireCallThroughExports(siteDir, './utils/postBuildFactory', '(0, buildIndex_1.buildIndex)(', fail);
  const module = searchPluginRequire(siteDir)('./utils/buildIndex') as {buildIndex?: BuildIndex & {[installed]?: true}};
  const original = module.buildIndex;
  if (typeof original !== 'function') fail('utils/buildIndex no longer exports buildIndex');
  if (original[installed]) return;
  const wrapper: BuildIndex & {[installed]?: true} = (allDocuments, options) => documentsOnly(allDocuments, options, original, fail);
  wrapper[installed] = true;
  module.buildIndex = wrapper;
}

export default function leanSearchIndexPlugin(context: LoadContext): Plugin {
  installWrapper(context.siteDir);
  const substitutions = leanSearchIndexSubstitutions(context.siteDir);
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      // The plugin starts its worker in production only (searchByWorker.js):
      // the development server searches nothing, and its bundle has no worker.
      if (isServer || config.mode !== 'production') return {};
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/lean-search-index/index.ts'),
        plugins: [importReplacementPlugin(pluginName, substitutions), substitutionGuard(pluginName, context.siteDir, substitutions)],
      };
    },
  };
}
