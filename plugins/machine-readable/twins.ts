/**
 * Writes the Markdown twin of each page the plugin lists (index.ts) and
 * returns what llms.txt says about each. It runs in a worker thread
 * (twins-worker.mjs), beside the other plugins' `postBuild` work on the main
 * thread (the search index parses every page too), so it reads nothing from
 * Docusaurus: each job carries what its page needs.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {pageParts, pageTitle, pageToMarkdown, parsePageParts, type PageParts} from './html-to-markdown';
import type {LlmsLink} from './llms-txt';
import {firstSentence, withLlmsDirective} from './markdown-text';
import {TwinsCache, type ConvertedTwin, type TwinsCacheSettings} from './twins-cache';
import type {PublishedOperation} from '@zip/model/apiOperation';
import {apiProducts, derivedSpecs} from '@zip/model/apiReference';

export interface TwinJob {
  /** The page's path on the site, e.g. `/help/security`. */
  readonly pagePath: string;
  /** Its section in llms.txt. */
  readonly section: string;
  /** Its built HTML file, and the same relative to the build folder (for messages). */
  readonly htmlFile: string;
  readonly htmlFileInBuild: string;
  /** Where the twin is written, and its absolute URL. */
  readonly twinFile: string;
  readonly twinUrl: string;
  /** The page's source file (`@site/…`), or its path for a page with no docs article. */
  readonly source: string;
  /** An endpoint page's operation and code samples, from the published operations file. */
  readonly operation?: PublishedOperation;
}

export interface TwinSettings {
  readonly siteUrl: string;
  readonly llmsUrl: string;
  readonly llmsFullUrl: string;
  /** Each webhook event type's page (`charge.succeeded` → its path): a fixture's events link their pages. */
  readonly eventPages: Readonly<Record<string, string>>;
  /** The twins the last build made (twins-cache.ts); none are kept without it. */
  readonly cache?: TwinsCacheSettings;
}

export interface Twin {
  readonly pagePath: string;
  readonly section: string;
  readonly link: LlmsLink;
  readonly markdown: string;
}

/** The twin of a page without a docs article: what it is, and where the Markdown is. */
function pointerTwin(title: string, description: string | undefined, llmsUrl: string, llmsFullUrl: string): string {
  return (
    [
      `# ${title}`,
      ...(description ? [description] : []),
      `This page is interactive and has no other text. Every page of this site has a Markdown version, listed in [llms.txt](${llmsUrl}); [llms-full.txt](${llmsFullUrl}) has all of them in one file.`,
    ].join('\n\n') + '\n'
  );
}

/** An endpoint page's twin, from its operation: method, path, fields and the code samples its explorer shows. */
async function endpointTwin(published: PublishedOperation, pagePath: string, title: string, siteUrl: string): Promise<ConvertedTwin> {
  const {endpointMarkdown} = await import('./endpoint-markdown');
  const {operation, codeSamples, change} = published;
  // A page of one resource names the operation's page in the API's complete reference, as its HTML does (plugins/api-reference).
  const derived = derivedSpecs.find((spec) => pagePath.includes(`/${spec.outputDir}/`));
  const complete = derived && apiProducts.find((product) => product.sourceSpec === derived.sourceSpec && product.tag === undefined);
  const completePage = complete && published.pages.find((page) => page.includes(`/${complete.outputDir}/`));
  const alsoIn =
    complete && completePage ? {reference: complete.label.replace(/ \(complete\)$/, ''), url: `${siteUrl}${completePage}`} : undefined;
  // The generated front matter cuts the description mid-sentence; the spec has it whole.
  const summary = operation.description ? firstSentence(operation.description) : '';
  const heading = operation.method === 'event' ? `Webhook event ${title}` : `${operation.method.toUpperCase()} ${operation.path}`;
  return {
    markdown: endpointMarkdown({
      title,
      operation,
      codeSamples,
      ...(change ? {change, changelogUrl: `${siteUrl}/api/changelog`} : {}),
      errorsUrl: `${siteUrl}/api/errors`,
      ...(alsoIn ? {alsoIn} : {}),
    }),
    title,
    description: `${heading}${summary ? ` — ${summary}` : ''}`,
  };
}

/** A content page's twin, from its article. */
function contentTwin(job: TwinJob, parts: PageParts, settings: TwinSettings): ConvertedTwin {
  const page = parsePageParts(parts, job.htmlFileInBuild);
  const markdown =
    pageToMarkdown(page, {pagePath: job.pagePath, siteUrl: settings.siteUrl, source: job.source, eventPages: settings.eventPages}) ??
    pointerTwin(page.title, page.description, settings.llmsUrl, settings.llmsFullUrl);
  return {markdown, title: page.title, description: page.description};
}

async function writeTwin(job: TwinJob, settings: TwinSettings, cache: TwinsCache, folders: Set<string>): Promise<Twin> {
  const html = await readFile(job.htmlFile, 'utf8');
  // Each twin's inputs, all of them: the cache's key (twins-cache.ts).
  let twin: ConvertedTwin;
  const {operation} = job;
  if (operation !== undefined) {
    const title = pageTitle(html, job.htmlFileInBuild);
    twin = await cache.remember(['endpoint', job.source, job.pagePath, title, operation, settings.siteUrl], () =>
      endpointTwin(operation, job.pagePath, title, settings.siteUrl),
    );
  } else {
    const parts = pageParts(html);
    twin = await cache.remember(
      [
        'content',
        job.pagePath,
        job.source,
        job.htmlFileInBuild,
        settings.siteUrl,
        settings.llmsUrl,
        settings.llmsFullUrl,
        settings.eventPages,
        parts,
      ],
      () => contentTwin(job, parts, settings),
    );
  }
  // Each folder is made once: at 900 pages, asking again for every twin took half a second.
  const folder = path.dirname(job.twinFile);
  if (!folders.has(folder)) {
    await mkdir(folder, {recursive: true});
    folders.add(folder);
  }
  const markdown = withLlmsDirective(twin.markdown, settings.llmsUrl);
  await writeFile(job.twinFile, markdown);
  return {
    pagePath: job.pagePath,
    section: job.section,
    markdown,
    link: {title: twin.title, url: job.twinUrl, description: twin.description},
  };
}

/** Writes every job's twin, in order; the first page that cannot be converted fails them all, naming it. */
export default async function writeTwins(jobs: readonly TwinJob[], settings: TwinSettings): Promise<Twin[]> {
  const cache = await TwinsCache.open(settings.cache);
  const twins: Twin[] = [];
  const folders = new Set<string>();
  for (const job of jobs) twins.push(await writeTwin(job, settings, cache, folders));
  await cache.save();
  return twins;
}
