/**
 * Turns a built page's HTML into its Markdown twin. The page's article (the
 * rendered MDX, `.theme-doc-markdown`) is parsed with hast-util-from-html,
 * the Docusaurus widgets in it are rewritten into plain HTML that says the
 * same thing (code blocks, tabs, admonitions, collapsibles, link cards), and
 * hast-util-to-mdast and mdast-util-to-markdown (with GFM tables) write the
 * Markdown. Navigation, heading anchors, buttons and forms (the in-page tools,
 * such as the webhook verifier, work only in a browser) are dropped; site links
 * become absolute URLs.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import {defaultHandlers, toMdast, type Handle} from 'hast-util-to-mdast';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {toMarkdown} from 'mdast-util-to-markdown';
import {
  classes,
  element,
  findAll,
  findFirst,
  hasClass,
  hasClassPrefix,
  isElement,
  label,
  text,
  textContent,
  zeroWidth,
} from './hast-helpers';
import {oneLine} from './markdown-text';
import type {ParsedPage} from './page-parts';

export {textContent} from './hast-helpers';
export {pageParts, pageTitle, parsePage, parsePageParts, type PageParts, type PageSummary, type ParsedPage} from './page-parts';

export interface ConvertOptions {
  /** The page's path on the site, e.g. `/help/security`. */
  readonly pagePath: string;
  /** The site's origin and base, e.g. `https://docs.example.com`, for absolute links. */
  readonly siteUrl: string;
  /** Names the page in error messages (its path or file). */
  readonly source: string;
  /** Each webhook event type's page, for a fixture's list of events (`fixtureElements`). */
  readonly eventPages?: Readonly<Record<string, string>>;
}

/** Elements that never carry the page's content. */
const droppedTags = new Set(['button', 'form', 'svg', 'nav', 'script', 'style', 'noscript', 'template', 'link', 'meta']);

/** A link target as an absolute URL, so the twin's links work wherever it is read. */
function absoluteUrl(href: string, options: ConvertOptions): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
  const pageUrl = `${options.siteUrl}${options.pagePath}`;
  if (href.startsWith('#')) return `${pageUrl}${href}`;
  if (href.startsWith('/')) return `${options.siteUrl}${href}`;
  return new URL(href, pageUrl).href;
}

/** A Docusaurus code block as `<pre data-language data-meta>`, its text one line per `.token-line`. */
/**
 * A code block as a <pre> that says its language and title, after its title
 * as a paragraph of its own: a fence's `title=` is a Docusaurus convention
 * most Markdown readers drop, and the title (a file name, what the call does)
 * is what the page shows above the code.
 */
function codeBlockElements(container: Element): Element[] {
  const languageClass = [container, findFirst(container, (node) => node.tagName === 'pre')]
    .flatMap((node) => (node ? classes(node) : []))
    .find((name) => name.startsWith('language-'));
  const titleElement = findFirst(container, (node) => hasClassPrefix(node, 'codeBlockTitle'));
  const code = findFirst(container, (node) => node.tagName === 'code') ?? container;
  const lines = findAll(code, (node) => hasClass(node, 'token-line'));
  const value = lines.length > 0 ? lines.map(textContent).join('\n') : textContent(code);
  const title = titleElement ? oneLine(textContent(titleElement)) : '';
  const pre = element('pre', [text(value.replace(/\n+$/, ''))], {
    dataLanguage: languageClass?.slice('language-'.length) ?? '',
    dataMeta: title ? `title=${JSON.stringify(title)}` : '',
  });
  return title ? [label(title), pre] : [pre];
}

function childElements(node: Element): Element[] {
  return node.children.filter(isElement);
}

/**
 * A set of tabs: one child holds the tab list (Docusaurus Tabs put the list
 * first; the OpenAPI theme wraps it once more), another child holds the
 * panels. Returns the tab labels and the panels, in order.
 */
function tabSet(node: Element): {labels: string[]; panels: Element[]} | undefined {
  const children = childElements(node);
  const tabList = children
    .map((child) => (child.properties.role === 'tablist' ? child : findFirst(child, (inner) => inner.properties.role === 'tablist')))
    .find((found) => found !== undefined);
  const panelHolder = children.find((child) => childElements(child).some((inner) => inner.properties.role === 'tabpanel'));
  if (!tabList || !panelHolder) return undefined;
  return {
    labels: childElements(tabList)
      .filter((tab) => tab.properties.role === 'tab')
      .map((tab) => oneLine(textContent(tab))),
    panels: childElements(panelHolder).filter((panel) => panel.properties.role === 'tabpanel'),
  };
}

/** Each tab as a labelled section: its label in bold, then its panel. */
function tabsElements(tabs: {labels: string[]; panels: Element[]}, options: ConvertOptions): ElementContent[] {
  if (tabs.labels.length !== tabs.panels.length) {
    // Lazy tabs render only the selected panel; the twin would lose the others.
    throw new Error(
      `${options.source}: a tab set has ${tabs.labels.length} tabs but ${tabs.panels.length} panels in the HTML; make it render every panel (no \`lazy\`).`,
    );
  }
  return tabs.panels.flatMap((panel, index) => [label(tabs.labels[index] ?? ''), ...rewriteChildren(panel, options)]);
}

function admonitionElement(container: Element, options: ConvertOptions): Element {
  const type = classes(container)
    .find((name) => name.startsWith('theme-admonition-'))
    ?.slice('theme-admonition-'.length);
  const heading = findFirst(container, (node) => hasClassPrefix(node, 'admonitionHeading'));
  const content = findFirst(container, (node) => hasClassPrefix(node, 'admonitionContent'));
  const headingText = oneLine(heading ? textContent(heading) : (type ?? 'note'));
  // The default heading is the type in lower case, which CSS shows in capitals.
  const title = headingText === type ? headingText.charAt(0).toUpperCase() + headingText.slice(1) : headingText;
  return element('blockquote', [label(title), ...(content ? rewriteChildren(content, options) : [])]);
}

function detailsElements(details: Element, options: ConvertOptions): ElementContent[] {
  const summary = details.children.find((child): child is Element => isElement(child) && child.tagName === 'summary');
  const rest = details.children.filter((child) => child !== summary);
  return [...(summary ? [label(textContent(summary))] : []), ...rest.flatMap((child) => rewrite(child, options))];
}

/**
 * A link laid out as a card (LinkCards: `<a><span>Title</span><span>What it
 * covers</span></a>`) reads as "[Title](url): What it covers".
 */
function cardLinkElements(link: Element, options: ConvertOptions): ElementContent[] | undefined {
  const elements = link.children.filter(isElement);
  // A card is a link holding its title and its description, each a <span> or a <div> (src/components/LinkCards).
  const onlyParts = elements.length >= 2 && elements.every((child) => child.tagName === 'span' || child.tagName === 'div');
  const strayText = link.children.some((child) => child.type === 'text' && child.value.trim() !== '');
  if (!onlyParts || strayText) return undefined;
  const [first, ...rest] = elements;
  if (!first) return undefined;
  const anchor = element('a', rewriteChildren(first, options), {href: absoluteUrl(String(link.properties.href ?? ''), options)});
  return [anchor, text(`: ${rest.map((span) => oneLine(textContent(span))).join(' ')}`)];
}

function rewriteChildren(node: Element | Root, options: ConvertOptions): ElementContent[] {
  return node.children.flatMap((child) => rewrite(child, options));
}

/**
 * A diagram drawn at build time (src/components/Diagram) as its mermaid source, a ```mermaid block:
 * the diagram's steps as text, which the SVG's drawing does not give. One drawn in the browser
 * (no SVG yet, `npm start` only) has no text to give.
 */
function diagramElements(container: Element): ElementContent[] {
  const source = container.properties.dataMermaidSource;
  if (typeof source !== 'string' || !source.trim()) return [];
  return [element('pre', [text(source.replace(/\n+$/, ''))], {dataLanguage: 'mermaid', dataMeta: ''})];
}

/**
 * A webhook fixture (src/components/WebhookFixtureDownload): its title, its events in order, each
 * linked to its page's twin (the example payload and the recipe that signs it), and what the page's
 * form does, which a reader without the page does by hand.
 */
function fixtureElements(section: Element, options: ConvertOptions): ElementContent[] {
  const title = oneLine(String(section.properties.ariaLabel));
  const types = findAll(section, (node) => node.tagName === 'li').map((item) => oneLine(textContent(item)));
  const items = types.map((type) => {
    const page = options.eventPages?.[type];
    const code = element('code', [text(type)]);
    return element('li', [page ? element('a', [code], {href: absoluteUrl(`${page}.md`, options)}) : code]);
  });
  return [
    label(title),
    element('ol', items),
    element('p', [
      text(
        'The page downloads these deliveries as one file, each event’s example signed with your test secret at increasing times. To make them yourself, sign each example in this order with the recipe on its event’s page (Send a test delivery).',
      ),
    ]),
  ];
}

/** A GFM footnote reference as remark-gfm renders it: `<sup><a data-footnote-ref href="#user-content-fn-x">1</a></sup>`. */
function isFootnoteReference(node: Element): boolean {
  return (
    node.tagName === 'sup' && childElements(node).some((child) => child.tagName === 'a' && child.properties.dataFootnoteRef !== undefined)
  );
}

/** The footnote's label, from the reference's target (`#user-content-fn-fees` → `fees`), or its number. */
function footnoteLabel(href: unknown, fallback: string): string {
  return typeof href === 'string' ? (/^#user-content-fn-(.+)$/.exec(href)?.[1] ?? fallback) : fallback;
}

/** `<sup data-footnote-label>`: written as `[^label]` by footnoteReferenceHandler, never run into the text before it. */
function footnoteReferenceElement(node: Element): Element {
  const link = childElements(node).find((child) => child.tagName === 'a');
  return element('sup', [], {dataFootnoteLabel: footnoteLabel(link?.properties.href, oneLine(textContent(node)))});
}

/** A line break inside a table cell, marked for cellBreakHandler: Markdown table cells hold no newline. */
function markCellBreaks(node: ElementContent): ElementContent {
  if (node.type !== 'element') return node;
  if (node.tagName === 'br') return {...node, properties: {...node.properties, dataCellBreak: true}};
  return {...node, children: node.children.map(markCellBreaks)};
}

/** Rewrites one node of the article into plain, meaningful HTML (zero, one or several nodes). */
function rewrite(node: RootContent, options: ConvertOptions): ElementContent[] {
  if (node.type === 'text') return [text(node.value.replace(zeroWidth, ''))];
  if (node.type !== 'element') return [];
  if (droppedTags.has(node.tagName) || hasClass(node, 'hash-link')) return [];
  if (hasClass(node, 'theme-code-block')) return codeBlockElements(node);
  if (hasClass(node, 'docusaurus-mermaid-container')) return diagramElements(node);
  if (node.tagName === 'section' && String(node.properties.ariaLabel ?? '').startsWith('Fixture: ')) return fixtureElements(node, options);
  if (isFootnoteReference(node)) return [footnoteReferenceElement(node)];
  if (node.properties.dataFootnoteBackref !== undefined) return [];
  if (node.tagName === 'td' || node.tagName === 'th') return [{...node, children: rewriteChildren(node, options).map(markCellBreaks)}];
  const tabs = tabSet(node);
  if (tabs) return tabsElements(tabs, options);
  if (hasClass(node, 'theme-admonition')) return [admonitionElement(node, options)];
  if (node.tagName === 'details') return detailsElements(node, options);
  if (node.tagName === 'a') {
    const card = cardLinkElements(node, options);
    if (card) return card;
    const href = node.properties.href;
    const properties = typeof href === 'string' ? {href: absoluteUrl(href, options)} : {};
    return [element('a', rewriteChildren(node, options), properties)];
  }
  if (node.tagName === 'img') {
    const src = node.properties.src;
    if (typeof src !== 'string') return [];
    return [element('img', [], {src: absoluteUrl(src, options), alt: node.properties.alt ?? ''})];
  }
  return [{...node, children: rewriteChildren(node, options)}];
}

/** Code blocks with their language and title (`bash title="…"`), as Docusaurus writes them. */
const preHandler: Handle = (state, node) => {
  const language = typeof node.properties.dataLanguage === 'string' ? node.properties.dataLanguage : '';
  const meta = typeof node.properties.dataMeta === 'string' ? node.properties.dataMeta : '';
  // A <pre> that is not a Docusaurus code block names its language on its <code>, if anywhere.
  const code = findFirst(node, (child) => child.tagName === 'code');
  const fallbackLanguage = code
    ? classes(code)
        .find((name) => name.startsWith('language-'))
        ?.slice('language-'.length)
    : undefined;
  const result = {
    type: 'code' as const,
    lang: language || fallbackLanguage || null,
    meta: meta || null,
    value: textContent(node).replace(/\n+$/, ''),
  };
  state.patch(node, result);
  return result;
};

/** A line break in a table cell as `<br>`, as GFM tables write one; elsewhere a Markdown line break. */
const breakHandler: Handle = (state, node) => {
  if (node.properties.dataCellBreak !== true) return defaultHandlers.br(state, node);
  const result = {type: 'html' as const, value: '<br>'};
  state.patch(node, result);
  return result;
};

/** A footnote reference as `[^label]`, GFM's syntax, which the footnotes section below defines. */
const footnoteReferenceHandler: Handle = (state, node) => {
  const label = node.properties.dataFootnoteLabel;
  if (typeof label !== 'string') return state.all(node) as never;
  const result = {type: 'footnoteReference' as const, identifier: label, label};
  state.patch(node, result);
  return result;
};

/**
 * The footnotes section remark-gfm renders (`<section data-footnotes>`, a hidden heading and an
 * `<ol>` of `<li id="user-content-fn-x">`) as GFM footnote definitions (`[^x]: …`).
 */
const footnotesSectionHandler: Handle = (state, node) => {
  if (node.properties.dataFootnotes === undefined) return state.all(node) as never;
  const items = findAll(node, (child) => child.tagName === 'li');
  return items.map((item) => {
    const label = footnoteLabel(`#${String(item.properties.id ?? '')}`, String(items.indexOf(item) + 1));
    const children = state.all(item) as never[];
    return {type: 'footnoteDefinition' as const, identifier: label, label, children};
  }) as never;
};

/** The tree without `target`, wherever it is. */
function without(node: Element, target: Element): Element {
  return {
    ...node,
    children: node.children.filter((child) => child !== target).map((child) => (isElement(child) ? without(child, target) : child)),
  };
}

/**
 * The Markdown twin of a content page: `# title`, then the article as
 * Markdown. Undefined for a page without a docs article (such as search).
 */
export function pageToMarkdown(page: ParsedPage, options: ConvertOptions): string | undefined {
  const content = findFirst(page.tree, (node) => hasClass(node, 'theme-doc-markdown'));
  if (!content) return undefined;
  // The title is written once, as the twin's first line; the article's own h1 is dropped.
  const rewritten: Root = {type: 'root', children: rewriteChildren(without(content, page.heading), options)};
  const mdast = toMdast(rewritten, {
    handlers: {pre: preHandler, br: breakHandler, sup: footnoteReferenceHandler, section: footnotesSectionHandler},
  });
  const body = toMarkdown(mdast, {
    // Cells are not padded to align the pipes: smaller files, same tables.
    extensions: [gfmToMarkdown({tablePipeAlign: false})],
    bullet: '-',
    emphasis: '_',
    strong: '*',
    rule: '-',
    fences: true,
    listItemIndent: 'one',
  }).trim();
  return `# ${page.title}\n\n${body}\n`;
}
