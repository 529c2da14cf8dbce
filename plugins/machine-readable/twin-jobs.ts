/**
 * The first step after the build: which pages get a twin, from which HTML
 * file, in which llms.txt section, and the worker that writes them.
 */
import {readFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {RouteConfig} from '@docusaurus/types';
import {createMatcher, flattenRoutes} from '@docusaurus/utils';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import {operationsFilePath, type OperationsFile, type PublishedOperation} from '@zip/model/apiOperation';
import type {DocPage} from './doc-pages';
import type {Twin, TwinJob, TwinSettings} from './twins';

/** The H2 of llms.txt's section for pages outside the docs (llmstxt.org: "Optional" may be skipped). */
export const otherPagesSectionTitle = 'Optional';

/** The pages the sitemap plugin lists: every leaf route, less ignored and no-index ones. */
export function sitemapPagePaths(
  routes: readonly RouteConfig[],
  routesBuildMetadata: Readonly<Record<string, {noIndex: boolean}>>,
  ignorePatterns: readonly string[],
): string[] {
  const ignored = createMatcher([...ignorePatterns]);
  return flattenRoutes([...routes])
    .map((route) => route.path)
    .filter((routePath) => !ignored(routePath) && routesBuildMetadata[routePath]?.noIndex !== true);
}

/** The built HTML file of a page: `<path>/index.html`, or `<path>.html` without trailing slashes. */
function htmlFileOf(outDir: string, baseUrl: string, pagePath: string): string {
  const relative = pagePath.slice(baseUrl.length).replace(/\/$/, '');
  const candidates = relative === '' ? ['index.html'] : [path.join(relative, 'index.html'), `${relative}.html`];
  const found = candidates.map((candidate) => path.join(outDir, candidate)).find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      `${pagePath}: the sitemap lists this page, but the build has no HTML file for it (looked for ${candidates.join(', ')}).`,
    );
  }
  return found;
}

/** Every endpoint page's operation and samples, as the API reference plugin published them (plugins/api-reference). */
export async function readPublishedOperations(outDir: string): Promise<OperationsFile> {
  const operationsFile = path.join(outDir, operationsFilePath);
  if (!existsSync(operationsFile))
    throw new Error(`zip-machine-readable: the build has no ${operationsFilePath} to write endpoint twins from.`);
  return JSON.parse(await readFile(operationsFile, 'utf8')) as OperationsFile;
}

/** The endpoint pages' operations, by page path. */
export function operationsByPage(published: OperationsFile): Map<string, PublishedOperation> {
  return new Map<string, PublishedOperation>(published.operations.flatMap((entry) => entry.pages.map((page) => [page, entry] as const)));
}

interface TwinJobsInput {
  readonly outDir: string;
  readonly baseUrl: string;
  readonly pagePaths: readonly string[];
  readonly docPages: ReadonlyMap<string, DocPage>;
  /** The llms.txt section of each docs instance. */
  readonly sectionTitles: ReadonlyMap<string, string>;
  readonly operationOf: ReadonlyMap<string, PublishedOperation>;
  readonly absolute: (sitePath: string) => string;
}

/** One job per sitemap page: its HTML, its section, where its twin goes. */
export function twinJobs({outDir, baseUrl, pagePaths, docPages, sectionTitles, operationOf, absolute}: TwinJobsInput): TwinJob[] {
  return pagePaths.map((pagePath): TwinJob => {
    const htmlFile = htmlFileOf(outDir, baseUrl, pagePath);
    const doc = docPages.get(pagePath);
    const section = doc ? sectionTitles.get(doc.docsPluginId) : otherPagesSectionTitle;
    if (section === undefined) {
      throw new Error(`${pagePath}: its docs instance "${doc?.docsPluginId ?? ''}" has no llms.txt section in the plugin's options.`);
    }
    const twinPath = markdownTwinPath(pagePath, baseUrl);
    const operation = operationOf.get(pagePath);
    return {
      pagePath,
      section,
      htmlFile,
      htmlFileInBuild: path.relative(outDir, htmlFile),
      twinFile: path.join(outDir, twinPath.slice(baseUrl.length)),
      twinUrl: absolute(twinPath),
      source: doc ? doc.metadata.source : pagePath,
      ...(operation ? {operation} : {}),
    };
  });
}

/**
 * Writes the twins in a worker thread (twins-worker.mjs runs twins.ts). The
 * other plugins' `postBuild` hooks run at the same time on this thread, and
 * the search plugin's parses every page too: on two cores the two halves now
 * take the time of the longer one, not of both.
 */
export function writeTwinsInWorker(siteDir: string, jobs: readonly TwinJob[], settings: TwinSettings): Promise<Twin[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(siteDir, 'plugins/machine-readable/twins-worker.mjs'), {workerData: {jobs, settings}});
    let twins: Twin[] | undefined;
    worker.once('message', (message: Twin[]) => {
      twins = message;
    });
    worker.once('error', (error) =>
      reject(new Error(`zip-machine-readable: writing the Markdown twins failed: ${error.message}`, {cause: error})),
    );
    worker.once('exit', (code) => {
      if (twins) resolve(twins);
      else reject(new Error(`zip-machine-readable: the worker writing the Markdown twins stopped (exit code ${code}) before it answered.`));
    });
  });
}
