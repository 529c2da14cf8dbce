/**
 * Machine-readable docs: a Markdown twin of every page in the sitemap
 * (`/help/security` → `/help/security.md`, `/` → `/index.md`), `/llms.txt`
 * listing them in the llmstxt.org format, `/llms-full.txt` with all of them,
 * and the published OpenAPI specs at `/openapi/<name>.yaml`.
 *
 * - Content pages (help, guides, hand-written API pages, the spec's info page)
 *   are converted from their built HTML, so the twin says what the page says.
 * - Endpoint pages are rendered from their operation and the code samples
 *   the page's explorer shows, as the API reference plugin publishes them
 *   (`/openapi/operations.json`).
 * - A page with no docs article (search) gets a short twin that points to
 *   llms.txt.
 *
 * The specs are copied to a static directory when content loads, so the dev
 * server serves them too; the twins and llms files are written after the
 * build, from its HTML.
 */
import {copyFile, mkdir, readFile, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import type {LoadedContent as DocsLoadedContent, DocMetadata} from '@docusaurus/plugin-content-docs';
import {createMatcher, flattenRoutes} from '@docusaurus/utils';
import {llmsFullTxt, llmsTxt, type LlmsLink, type LlmsSection} from './llms-txt';
import {oneLine} from './markdown-text';
import {specEntry} from './spec-entries';
import type {Twin, TwinJob, TwinSettings} from './twins';
import {twinsCacheFile, twinsCodeFingerprint} from './twins-cache';
import {SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js';
import {writeAgentDiscoveryFiles, type CatalogApi} from './agent-discovery';
import {apiProducts} from '@zip/model/apiReference';
import {docsMcpServerName, docsMcpServerVersion} from '@zip/model/docsMcp';
import type {IntegrationPage, IntegrationRule} from '@zip/model/integrationRules';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import {operationsFilePath, type OperationsFile, type PublishedOperation} from '@zip/model/apiOperation';

export interface DocsSectionOption {
  /** The H2 of its section in llms.txt. */
  readonly title: string;
  /** The docs plugin instance whose pages the section lists (`default` for the preset's). */
  readonly docsPluginId: string;
}

export interface MachineReadableOptions {
  /** Rules for coding agents, first in llms.txt, each linking to a site path (`/api/intro#idempotency`). */
  readonly rules: readonly IntegrationRule[];
  /** The pages the integration skill sends an agent to (agent-discovery.ts). */
  readonly skillPages: readonly IntegrationPage[];
  /** Paragraphs about the site, under the rules in llms.txt. */
  readonly about: readonly string[];
  /** One llms.txt section per docs instance, in this order. */
  readonly sections: readonly DocsSectionOption[];
  /** The spec files to publish, relative to the site folder (e.g. `openapi/payments.yaml`). */
  readonly specs: readonly string[];
  /** The sitemap's `ignorePatterns`: the twins cover exactly the sitemap's pages. */
  readonly sitemapIgnorePatterns: readonly string[];
  /**
   * A folder listed in the site's `staticDirectories`; the specs are copied
   * into its `openapi/` so the build and the dev server both serve them.
   */
  readonly specsStaticDirectory: string;
}

/** The folder, under the site root, that published specs are served from. */
export const publishedSpecsPath = '/openapi/';

/** The H2 of llms.txt's section for pages outside the docs (llmstxt.org: "Optional" may be skipped). */
const otherPagesSectionTitle = 'Optional';

interface DocPage {
  readonly docsPluginId: string;
  readonly metadata: DocMetadata;
  /** Position in the sidebars, for llms.txt's order. */
  readonly sidebarPosition: number;
}

/** Doc ids in the order the sidebars show them: categories' own pages first, then their items. */
function sidebarDocIds(items: readonly unknown[], found: string[] = []): string[] {
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as {type?: string; id?: string; items?: unknown[]; link?: {type?: string; id?: string}};
    if ((entry.type === 'doc' || entry.type === 'ref') && entry.id) found.push(entry.id);
    if (entry.type === 'category') {
      if (entry.link?.type === 'doc' && entry.link.id) found.push(entry.link.id);
      sidebarDocIds(entry.items ?? [], found);
    }
  }
  return found;
}

/** Every doc of every docs instance, by permalink, with its place in the sidebars. */
function collectDocPages(allDocs: Readonly<Record<string, unknown>>): Map<string, DocPage> {
  const pages = new Map<string, DocPage>();
  for (const [docsPluginId, content] of Object.entries(allDocs)) {
    for (const version of (content as DocsLoadedContent).loadedVersions) {
      const order = Object.values(version.sidebars).flatMap((sidebar) => sidebarDocIds(sidebar));
      for (const metadata of version.docs) {
        const position = order.indexOf(metadata.id);
        pages.set(metadata.permalink, {
          docsPluginId,
          metadata,
          sidebarPosition: position === -1 ? Number.MAX_SAFE_INTEGER : position,
        });
      }
    }
  }
  return pages;
}

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

/**
 * Writes the twins in a worker thread (twins-worker.mjs runs twins.ts). The
 * other plugins' `postBuild` hooks run at the same time on this thread, and
 * the search plugin's parses every page too: on two cores the two halves now
 * take the time of the longer one, not of both.
 */
function writeTwinsInWorker(siteDir: string, jobs: readonly TwinJob[], settings: TwinSettings): Promise<Twin[]> {
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

/**
 * The plugin. It reads nothing from `context` until Docusaurus runs a hook,
 * so the config can be inspected by calling plugin functions without a site.
 */
export default function machineReadablePlugin(context: LoadContext, options: MachineReadableOptions): Plugin {
  const siteFile = (file: string): string => path.join(context.siteDir, file);
  let docPages = new Map<string, DocPage>();

  return {
    name: 'zip-machine-readable',

    getPathsToWatch() {
      return options.specs.map(siteFile);
    },

    // The llms.txt directive of every page's HTML (AFDocs' llms-txt-directive-html), first in the body, outside the app
    // React hydrates: for agents, so hidden from view and from assistive technology, which have the site's own navigation.
    injectHtmlTags() {
      return {
        preBodyTags: [
          {
            tagName: 'a',
            attributes: {href: `${context.siteConfig.baseUrl}llms.txt`, hidden: true, 'data-agent-directive': 'llms.txt'},
            innerHTML: 'For tools and assistants: /llms.txt lists every page of these docs as Markdown.',
          },
        ],
      };
    },

    async loadContent() {
      const target = path.join(siteFile(options.specsStaticDirectory), publishedSpecsPath);
      await mkdir(target, {recursive: true});
      for (const spec of options.specs) {
        await copyFile(siteFile(spec), path.join(target, path.basename(spec)));
      }
    },

    async allContentLoaded({allContent}) {
      docPages = collectDocPages(allContent['docusaurus-plugin-content-docs'] ?? {});
    },

    async postBuild({outDir, routes, routesBuildMetadata, siteConfig}) {
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const {baseUrl} = siteConfig;
      const absolute = (sitePath: string): string => `${siteUrl}${sitePath}`;
      const llmsUrl = absolute(`${baseUrl}llms.txt`);
      const llmsFullUrl = absolute(`${baseUrl}llms-full.txt`);
      const sectionTitles = new Map(options.sections.map((section) => [section.docsPluginId, section.title]));

      // Every endpoint page's operation and samples, as the API reference plugin published them (plugins/api-reference).
      const operationsFile = path.join(outDir, operationsFilePath);
      if (!existsSync(operationsFile))
        throw new Error(`zip-machine-readable: the build has no ${operationsFilePath} to write endpoint twins from.`);
      const publishedOperations = JSON.parse(await readFile(operationsFile, 'utf8')) as OperationsFile;
      const operationOf = new Map<string, PublishedOperation>(
        publishedOperations.operations.flatMap((entry) => entry.pages.map((page) => [page, entry] as const)),
      );

      const pagePaths = sitemapPagePaths(routes, routesBuildMetadata, options.sitemapIgnorePatterns);
      const jobs = pagePaths.map((pagePath): TwinJob => {
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
      const cache = {file: twinsCacheFile(context.siteDir), fingerprint: twinsCodeFingerprint(context.siteDir)};
      const eventPages = Object.fromEntries(
        publishedOperations.operations.filter((entry) => entry.operation.method === 'event').map((entry) => [entry.title, entry.permalink]),
      );
      const twins = await writeTwinsInWorker(context.siteDir, jobs, {
        siteUrl,
        llmsUrl,
        llmsFullUrl,
        eventPages,
        cache,
      });

      // Sections in the configured order, pages in sidebar order (unlisted pages after, in sitemap order).
      const position = (twin: Twin): number => docPages.get(twin.pagePath)?.sidebarPosition ?? Number.MAX_SAFE_INTEGER;
      const sectionOrder = [...options.sections.map((section) => section.title), otherPagesSectionTitle];
      const ordered = sectionOrder.flatMap((title) =>
        twins.filter((twin) => twin.section === title).sort((left, right) => position(left) - position(right)),
      );

      const specLinks: LlmsLink[] = [];
      const catalogApis: CatalogApi[] = [];
      for (const spec of options.specs) {
        const fileName = path.basename(spec);
        const published = path.join(outDir, publishedSpecsPath, fileName);
        const original = await readFile(siteFile(spec), 'utf8');
        if (!existsSync(published) || (await readFile(published, 'utf8')) !== original) {
          throw new Error(
            `${spec}: the build does not serve it unchanged at ${publishedSpecsPath}${fileName}; list "${options.specsStaticDirectory}" in the site's staticDirectories.`,
          );
        }
        const info = publishedOperations.specs[path.basename(spec, '.yaml')];
        // The API's base URL: its operations' first server (they share one).
        const servers = publishedOperations.operations.find(
          (entry) => entry.spec === path.basename(spec, '.yaml') && entry.operation.servers,
        )?.operation.servers;
        const title = [info?.title ?? fileName, info?.version ?? ''].filter(Boolean).join(' ');
        specLinks.push(
          specEntry({
            spec,
            specUrl: absolute(`${baseUrl}${publishedSpecsPath.slice(1)}${fileName}`),
            specBytes: Buffer.byteLength(original),
            title,
            ...(info?.description ? {description: info.description} : {}),
            baseUrl,
            twins: ordered,
            isEndpointPage: (pagePath) => operationOf.has(pagePath),
          }),
        );
        const intro = apiProducts.find((product) => product.sourceSpec === spec && product.tag === undefined)?.introDocId;
        catalogApis.push({
          title: info?.title ?? fileName,
          version: info?.version ?? '',
          baseUrl: servers?.[0]?.url ?? '',
          specUrl: absolute(`${baseUrl}${publishedSpecsPath.slice(1)}${fileName}`),
          docUrl: absolute(`${baseUrl}api/${intro ?? 'intro'}`),
        });
      }

      const sections: LlmsSection[] = [
        ...options.sections.map((section) => ({
          title: section.title,
          links: ordered.filter((twin) => twin.section === section.title).map((twin) => twin.link),
        })),
        {title: 'OpenAPI specs', links: specLinks},
        {title: otherPagesSectionTitle, links: ordered.filter((twin) => twin.section === otherPagesSectionTitle).map((twin) => twin.link)},
      ];
      const name = siteConfig.title;
      const summary = oneLine(siteConfig.tagline);
      const details = [
        ...options.about,
        `Every page of this site has a Markdown version at its address with \`.md\` added (the home page's is ${absolute(markdownTwinPath(baseUrl, baseUrl))}). The lists below link to them, section by section; [llms-full.txt](${llmsFullUrl}) has every page in one file, in the same order. Each API's OpenAPI spec can be downloaded as YAML from the API's overview page, listed under OpenAPI specs.`,
      ];
      const rules = options.rules.map((rule) => ({
        text: rule.text,
        linkTitle: rule.pageTitle,
        url: absolute(`${baseUrl}${rule.page.replace(/^\//, '')}`),
      }));
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt({name, summary, rules, details, sections}));
      const twinOf = new Map(ordered.map((twin) => [twin.pagePath, twin.link]));
      await writeAgentDiscoveryFiles({
        outDir,
        siteUrl,
        baseUrl,
        siteName: name,
        llmsUrl,
        rules: options.rules.map((rule) => ({...rule, url: absolute(`${baseUrl}${rule.page.replace(/^\//, '')}`)})),
        pages: options.skillPages.map((page) => {
          const link = twinOf.get(page.page);
          if (!link) throw new Error(`${page.page}: the integration skill links to it (skillPages), but the build has no such page.`);
          return {title: link.title, url: link.url, use: page.use};
        }),
        apis: catalogApis,
        mcp: {name: docsMcpServerName, version: docsMcpServerVersion, protocolVersions: SUPPORTED_PROTOCOL_VERSIONS},
      });
      await writeFile(
        path.join(outDir, 'llms-full.txt'),
        llmsFullTxt(
          {name, summary},
          ordered.map((twin) => twin.markdown),
        ),
      );
    },
  };
}
