/**
 * A built page, split into the parts its twin is made from (its article and
 * description) and parsed, with its title: what the twins' cache keys on and
 * what html-to-markdown.ts converts.
 */
import type {Element, Root} from 'hast';
import {fromHtml} from 'hast-util-from-html';
import {findFirst, textContent, zeroWidth} from './hast-helpers';
import {oneLine} from './markdown-text';

export interface PageSummary {
  /** The page's h1, as the reader sees it. */
  readonly title: string;
  /** `<meta name="description">`, when the page has one. */
  readonly description?: string;
}

/** A built page, parsed once: its title, description and HTML tree. */
export interface ParsedPage extends PageSummary {
  readonly tree: Root;
  /** The h1 element the title comes from. */
  readonly heading: Element;
}

/**
 * What a content page's twin is made from: its article's HTML (the whole
 * page's when it has none) and its description. The rest of the page (the
 * navbar, the sidebar, the scripts' hashed names) does not reach the twin,
 * so the twins' cache (twins.ts) keys on these parts.
 */
export interface PageParts {
  /** The `<article>` element's HTML, or the whole page's. */
  readonly content: string;
  /** Whether `content` is the article alone. */
  readonly isArticle: boolean;
  /** `<meta name="description">`, on one line; empty when the page has none. */
  readonly description: string;
}

/** Splits a built page into the parts its twin is made from, parsing its head alone for the description. */
export function pageParts(html: string): PageParts {
  // The twin is made from the page's article: parsing it (and the head, for
  // the description) alone skips the navbar, the sidebar and the footer,
  // which on an API page are most of its HTML. A page with no article is
  // parsed whole.
  const articleStart = html.indexOf('<article');
  const articleEnd = html.lastIndexOf('</article>');
  const headEnd = html.indexOf('</head>');
  const isArticle = articleStart !== -1 && articleEnd > articleStart && headEnd !== -1 && headEnd < articleStart;
  const head = fromHtml(isArticle ? html.slice(0, headEnd + '</head>'.length) : html);
  const meta = findFirst(head, (node) => node.tagName === 'meta' && node.properties.name === 'description');
  return {
    content: isArticle ? html.slice(articleStart, articleEnd + '</article>'.length) : html,
    isArticle,
    description: typeof meta?.properties.content === 'string' ? oneLine(meta.properties.content) : '',
  };
}

/** Parses a page's parts and reads its title (the article's h1, else the page's). */
export function parsePageParts(parts: PageParts, source: string): ParsedPage {
  const tree = fromHtml(parts.content, {fragment: parts.isArticle});
  const article = findFirst(tree, (node) => node.tagName === 'article') ?? findFirst(tree, (node) => node.tagName === 'main') ?? tree;
  const {heading, title} = titledHeading(
    findFirst(article, (node) => node.tagName === 'h1'),
    source,
  );
  return parts.description ? {tree, heading, title, description: parts.description} : {tree, heading, title};
}

/** Parses a built page and reads its title (the article's h1, else the page's) and meta description. */
export function parsePage(html: string, source: string): ParsedPage {
  return parsePageParts(pageParts(html), source);
}

/**
 * The title of a page whose twin is not made from its HTML (an endpoint
 * page's comes from its operation): the text of its article's h1, parsed
 * alone rather than with the whole page, which is most of what parsing the
 * largest pages cost in a build.
 */
export function pageTitle(html: string, source: string): string {
  const start = html.indexOf('<h1', Math.max(0, html.indexOf('<article')));
  const end = start === -1 ? -1 : html.indexOf('</h1>', start);
  const heading =
    end === -1
      ? undefined
      : findFirst(fromHtml(html.slice(start, end + '</h1>'.length), {fragment: true}), (node) => node.tagName === 'h1');
  return titledHeading(heading, source).title;
}

/** A page's h1 and its title (one line, without the zero-width spaces the theme adds); an error naming the page when there is none. */
function titledHeading(heading: Element | undefined, source: string): {heading: Element; title: string} {
  const title = heading ? oneLine(textContent(heading).replace(zeroWidth, '')) : '';
  if (!heading || !title) throw new Error(`${source}: the page has no <h1> title, so its Markdown twin would have none.`);
  return {heading, title};
}
