/**
 * Writes the Markdown twin of each page the plugin lists (index.ts) and
 * returns what llms.txt says about each. It runs in a worker thread
 * (twins-worker.mjs), beside the other plugins' `postBuild` work on the main
 * thread (the search index parses every page too), so it reads nothing from
 * Docusaurus: each job carries what its page needs.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {generateCodeSamples, type LanguageTab} from './code-samples';
import {endpointMarkdown} from './endpoint-markdown';
import {pageTitle, pageToMarkdown, parsePage} from './html-to-markdown';
import type {LlmsLink} from './llms-txt';
import {firstSentence} from './markdown-text';
import {decodeOperation} from '../../src/utils/apiOperation';

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
  /** An endpoint page's operation, from its `api` front matter. */
  readonly encodedOperation?: string;
}

export interface TwinSettings {
  readonly siteUrl: string;
  readonly llmsUrl: string;
  readonly llmsFullUrl: string;
  readonly languageTabs: readonly LanguageTab[];
}

export interface Twin {
  readonly pagePath: string;
  readonly section: string;
  readonly link: LlmsLink;
  readonly markdown: string;
}

/** The twin of a page without a docs article: what it is, and where the Markdown is. */
function pointerTwin(title: string, description: string | undefined, llmsUrl: string, llmsFullUrl: string): string {
  return [
    `# ${title}`,
    ...(description ? [description] : []),
    `This page is interactive and has no text of its own. Every page of this site has a Markdown version, listed in [llms.txt](${llmsUrl}); [llms-full.txt](${llmsFullUrl}) has all of them in one file.`,
  ].join('\n\n') + '\n';
}

async function writeTwin(job: TwinJob, settings: TwinSettings): Promise<Twin> {
  const html = await readFile(job.htmlFile, 'utf8');
  let markdown: string;
  let title: string;
  let description: string | undefined;
  if (job.encodedOperation !== undefined) {
    title = pageTitle(html, job.htmlFileInBuild);
    const operation = decodeOperation(job.encodedOperation, job.source);
    // Webhook pages (method `event`) document what Zip sends: no request to make, so no code samples.
    const isWebhook = operation.method === 'event';
    const codeSamples = isWebhook ? [] : generateCodeSamples(operation, settings.languageTabs);
    markdown = endpointMarkdown({title, operation, codeSamples});
    // The generated front matter cuts the description mid-sentence; the spec has it whole.
    const summary = operation.description ? firstSentence(operation.description) : '';
    const heading = isWebhook ? `Webhook event ${title}` : `${operation.method.toUpperCase()} ${operation.path}`;
    description = `${heading}${summary ? ` — ${summary}` : ''}`;
  } else {
    const page = parsePage(html, job.htmlFileInBuild);
    title = page.title;
    description = page.description;
    markdown =
      pageToMarkdown(page, {pagePath: job.pagePath, siteUrl: settings.siteUrl, source: job.source}) ??
      pointerTwin(page.title, page.description, settings.llmsUrl, settings.llmsFullUrl);
  }
  await mkdir(path.dirname(job.twinFile), {recursive: true});
  await writeFile(job.twinFile, markdown);
  return {pagePath: job.pagePath, section: job.section, markdown, link: {title, url: job.twinUrl, description}};
}

/** Writes every job's twin, in order; the first page that cannot be converted fails them all, naming it. */
export default async function writeTwins(jobs: readonly TwinJob[], settings: TwinSettings): Promise<Twin[]> {
  const twins: Twin[] = [];
  for (const job of jobs) twins.push(await writeTwin(job, settings));
  return twins;
}
