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
import {copyFile, mkdir} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {IntegrationPage, IntegrationRule} from '@zip/model/integrationRules';
import {publishedSpecsPath} from '@zip/model/apiReference';
import {collectDocPages, type DocPage} from './doc-pages';
import {writeLlmsFiles} from './llms-files';
import {describePublishedSpecs} from './published-specs';
import {
  operationsByPage,
  otherPagesSectionTitle,
  readPublishedOperations,
  sitemapPagePaths,
  twinJobs,
  writeTwinsInWorker,
} from './twin-jobs';
import type {Twin} from './twins';
import {twinsCacheFile, twinsCodeFingerprint} from './twins-cache';

export {sitemapPagePaths};

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

/** Docusaurus's `postBuild` arguments the plugin reads. */
type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

/** After the build: the twins (in a worker), then the specs' entries, then llms.txt and the discovery files. */
async function writeMachineReadableFiles(
  context: LoadContext,
  options: MachineReadableOptions,
  docPages: ReadonlyMap<string, DocPage>,
  {outDir, routes, routesBuildMetadata, siteConfig}: PostBuildProps,
): Promise<void> {
  const siteUrl = siteConfig.url.replace(/\/$/, '');
  const {baseUrl} = siteConfig;
  const absolute = (sitePath: string): string => `${siteUrl}${sitePath}`;
  const llmsUrl = absolute(`${baseUrl}llms.txt`);
  const llmsFullUrl = absolute(`${baseUrl}llms-full.txt`);
  const sectionTitles = new Map(options.sections.map((section) => [section.docsPluginId, section.title]));

  const publishedOperations = await readPublishedOperations(outDir);
  const operationOf = operationsByPage(publishedOperations);
  const pagePaths = sitemapPagePaths(routes, routesBuildMetadata, options.sitemapIgnorePatterns);
  const jobs = twinJobs({outDir, baseUrl, pagePaths, docPages, sectionTitles, operationOf, absolute});
  const cache = {file: twinsCacheFile(context.siteDir), fingerprint: twinsCodeFingerprint(context.siteDir)};
  const eventPages = Object.fromEntries(
    publishedOperations.operations.filter((entry) => entry.operation.method === 'event').map((entry) => [entry.title, entry.permalink]),
  );
  const twins = await writeTwinsInWorker(context.siteDir, jobs, {siteUrl, llmsUrl, llmsFullUrl, eventPages, cache});

  // Sections in the configured order, pages in sidebar order (unlisted pages after, in sitemap order).
  const position = (twin: Twin): number => docPages.get(twin.pagePath)?.sidebarPosition ?? Number.MAX_SAFE_INTEGER;
  const sectionOrder = [...options.sections.map((section) => section.title), otherPagesSectionTitle];
  const ordered = sectionOrder.flatMap((title) =>
    twins.filter((twin) => twin.section === title).sort((left, right) => position(left) - position(right)),
  );

  const {specLinks, catalogApis} = await describePublishedSpecs({
    outDir,
    baseUrl,
    specs: options.specs,
    specsStaticDirectory: options.specsStaticDirectory,
    siteFile: (file) => path.join(context.siteDir, file),
    absolute,
    publishedOperations,
    ordered,
    isEndpointPage: (pagePath) => operationOf.has(pagePath),
  });
  await writeLlmsFiles({
    outDir,
    siteUrl,
    baseUrl,
    siteTitle: siteConfig.title,
    tagline: siteConfig.tagline,
    llmsUrl,
    llmsFullUrl,
    absolute,
    sectionTitles: options.sections.map((section) => section.title),
    about: options.about,
    rules: options.rules,
    skillPages: options.skillPages,
    ordered,
    specLinks,
    catalogApis,
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

    async postBuild(props) {
      await writeMachineReadableFiles(context, options, docPages, props);
    },
  };
}
