/**
 * The sections of a built page, as site search indexes them: the page's top
 * (its title, keywords and the text before the first heading) and each h2
 * and h3 with an anchor, holding the text up to the next such heading. Read
 * from the HTML the build wrote, so what is indexed is what a reader sees.
 */
import {fromHtml} from 'hast-util-from-html';
import type {Element, ElementContent, Root, RootContent} from 'hast';
import type {SearchSection} from '@zip/model/siteSearch';

type Node = Root | RootContent | ElementContent;

function classesOf(element: Element): readonly string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function hasClass(element: Element, name: string): boolean {
  return classesOf(element).includes(name);
}

/**
 * What a reader does not search for, left out of every section:
 * - the page's furniture, the same on every page (breadcrumbs, the footer's
 *   edit link and date, "Was this page helpful?", buttons, heading links,
 *   the label before a code excerpt);
 * - code samples, as DocSearch leaves them out too: three languages of the
 *   same request were a third of a guide's words, and what a reader looks
 *   for in them (paths, fields, codes) the API pages hold once;
 * - on endpoint pages, the hidden tabs (the error object and its codes again
 *   on every page, which /api/errors holds once), field descriptions,
 *   examples and the field's type and "required" badges: an endpoint page is
 *   found by its name, method, path, description and field names.
 */
function isLeftOut(element: Element): boolean {
  const {properties, tagName} = element;
  if (['nav', 'button', 'script', 'style', 'svg', 'template', 'header', 'h1'].includes(tagName)) return true;
  if (properties.dataPageFeedback !== undefined || properties.dataSpecDescription !== undefined) return true;
  if (properties.role === 'tabpanel' && properties.hidden !== undefined && properties.hidden !== false) return true;
  return [
    'theme-doc-footer',
    'theme-doc-breadcrumbs',
    'theme-code-block',
    // The label plugins/code-regions puts before an excerpt: the same sentence on many pages.
    'code-fragment-label',
    'hash-link',
    'openapi-example',
    'openapi-schema__type',
    'openapi-schema__required',
    'openapi-schema__nullable',
    'openapi-schema__divider',
  ].some((name) => hasClass(element, name));
}

/** Elements whose text is a word apart from what comes before and after. */
const blockTags = new Set([
  'p',
  'li',
  'ul',
  'ol',
  'div',
  'section',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'pre',
  'blockquote',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'figure',
  'figcaption',
  'strong',
]);

function find(node: Node, test: (element: Element) => boolean): Element | undefined {
  if (node.type === 'element' && test(node)) return node;
  if ('children' in node) {
    for (const child of node.children) {
      const found = find(child, test);
      if (found) return found;
    }
  }
  return undefined;
}

/** The text of a node, without what isLeftOut leaves out below it. */
function textOf(node: Node, top = true): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  if (node.type === 'element' && !top && isLeftOut(node)) return ' ';
  const inner = node.children.map((child) => textOf(child, false)).join('');
  return node.type === 'element' && blockTags.has(node.tagName) ? ` ${inner} ` : inner;
}

const tidy = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .trim();

/** The page's `<meta name="keywords">`, comma-separated words. */
function keywordsOf(tree: Root): string {
  const meta = find(tree, (element) => element.tagName === 'meta' && element.properties.name === 'keywords');
  return String(meta?.properties.content ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The sections of one page's HTML, or none when it is not a docs page (it
 * has no `.theme-doc-markdown`). `path` is the page's URL path.
 */
export function sectionsOfPage(path: string, html: string): SearchSection[] {
  const tree = fromHtml(html);
  const content = find(tree, (element) => hasClass(element, 'theme-doc-markdown'));
  if (!content) return [];
  const heading = find(content, (element) => element.tagName === 'h1');
  const pageTitle = heading ? tidy(textOf(heading)) : path;
  const sections: SearchSection[] = [];
  let current = {anchor: '', heading: '', parts: [] as string[]};
  const close = (): void => {
    const text = tidy(current.parts.join(' '));
    // Two headings with one anchor (an API overview's "Authentication" and the
    // generated security schemes under it) lead to one place: one section.
    const at = current.anchor === '' ? -1 : sections.findIndex((section) => section.anchor === current.anchor);
    const earlier = sections[at];
    if (earlier) {
      sections[at] = {...earlier, text: [earlier.text, text].filter(Boolean).join(' ')};
    } else if (current.anchor === '' || text || current.heading) {
      sections.push({
        path,
        pageTitle,
        keywords: current.anchor === '' ? keywordsOf(tree) : '',
        anchor: current.anchor,
        heading: current.heading,
        text,
      });
    }
  };
  // Walks the content in document order, starting a section at each h2 or h3 with an id.
  const walk = (node: Node): void => {
    if (node.type === 'text') {
      current.parts.push(node.value);
      return;
    }
    if (node.type !== 'element') return;
    if (isLeftOut(node)) return;
    if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties.id === 'string') {
      close();
      current = {anchor: node.properties.id, heading: tidy(textOf(node)), parts: []};
      return;
    }
    const block = blockTags.has(node.tagName);
    if (block) current.parts.push(' ');
    node.children.forEach(walk);
    if (block) current.parts.push(' ');
  };
  walk(content);
  close();
  return sections;
}
