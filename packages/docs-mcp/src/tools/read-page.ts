/**
 * `read_page`: a page's Markdown twin by its path or URL, whole, by section or in parts within `answerBudget` (page-sections.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import {answering, readOnly, textAnswer} from '../answers';
import {answerBudget} from '../limits';
import {ToolInputError} from '../operations';
import {findSection, openingOf, outlineOf, partsOf, sectionsOf} from '../page-sections';
import type {DocsSources} from '../sources';

/** `/help/security`, `https://docs…/help/security#x`, `help/security.md` → `/help/security`. */
function pagePathOf(page: string): string {
  let path = page.trim();
  if (/^https?:\/\//i.test(path)) {
    // A URL that does not parse names no page: the caller hears that, not the parser's "Invalid URL".
    if (!URL.canParse(path))
      throw new ToolInputError(`No page at "${page.slice(0, 200)}": not a URL or a path. Find pages with search_docs.`);
    path = new URL(path).pathname;
  }
  path = path.replace(/[#?].*$/, '');
  // One leading slash: "//host/x" would name another host to a URL parser.
  path = `/${path.replace(/^\/+/, '')}`;
  if (path === '/index.md') return '/';
  return path.replace(/\.md$/, '').replace(/\/index$/, '/');
}

/** The `#fragment` of a page path or URL, the section it names. */
function fragmentOf(page: string): string | undefined {
  const fragment = /#([^#?]+)$/.exec(page.trim())?.[1];
  return fragment ? decodeURIComponentSafely(fragment) : undefined;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** "part 2 of 3" and how to read on, under an answer in parts. */
function partNote(part: number, parts: number, readOn: string): string {
  return part < parts
    ? `\n\n[Part ${part} of ${parts}; ${readOn.replace('{next}', String(part + 1))}.]`
    : parts > 1
      ? `\n\n[Part ${part} of ${parts}, the last.]`
      : '';
}

/**
 * read_page's answer, within answerBudget: a short page whole; a long one as its opening and
 * outline, then a named section, or the whole page in parts of whole blocks.
 */
function pageAnswer(twin: string, pagePath: string, sectionName: string | undefined, part: number): string {
  const sections = sectionsOf(twin);
  if (sectionName !== undefined) {
    const section = findSection(sections, sectionName);
    if (!section) {
      throw new ToolInputError(
        `No section "${sectionName}" on ${pagePath}. Sections: ${sections.map((candidate) => candidate.anchor).join(', ') || 'none (read the page whole)'}.`,
      );
    }
    const parts = partsOf(section.text, answerBudget);
    if (part > parts.length) throw new ToolInputError(`The section has ${parts.length} part(s); part ${part} is past its end.`);
    return `From ${pagePath}#${section.anchor}:\n\n${parts[part - 1]}${partNote(part, parts.length, `call read_page with section "${section.anchor}" and part {next} to read on`)}`;
  }
  if (twin.length <= answerBudget && part === 1) return twin;
  const parts = partsOf(twin, answerBudget);
  // Part 1 is the digest below; parts 2 to parts.length + 1 are the page's text.
  if (part > 1) {
    if (part - 1 > parts.length)
      throw new ToolInputError(`The page has parts 1 (its outline) to ${parts.length + 1}; part ${part} is past its end.`);
    return `${parts[part - 2]}${partNote(part, parts.length + 1, 'call read_page with part {next} to read on')}`;
  }
  const opening = openingOf(twin, Math.floor(answerBudget / 3));
  let outline = outlineOf(sections);
  if (outline.length > answerBudget - opening.length - 600) outline = outlineOf(sections.filter((section) => section.level <= 3));
  if (outline.length > answerBudget - opening.length - 600) outline = outlineOf(sections.filter((section) => section.level === 2));
  return [
    opening,
    `## On this page (${twin.length} characters)`,
    outline,
    `[Read one section with read_page and its anchor as section, e.g. section "${sections[0]?.anchor ?? ''}"; or the whole page in ${parts.length} parts with part 2 to ${parts.length + 1}.]`,
  ].join('\n\n');
}

export function registerReadPage(server: McpServer, {files}: DocsSources): void {
  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: `A page of the docs as Markdown, by its path (from search_docs or a link), e.g. "/help/security". A page longer than ${answerBudget} characters answers with its outline (each section's anchor) and opening; then read one section by its anchor, e.g. section "cards-that-succeed". A section too long for one answer comes in parts (part).`,
      inputSchema: z
        .object({
          path: z
            .string()
            .trim()
            .min(1)
            .max(500)
            .describe('The page\'s path or URL, e.g. "/help/security" or "/guides/developer-guide/testing#3-d-secure".'),
          section: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .optional()
            .describe("A heading's anchor (from the outline or a link's #fragment), or its text."),
          part: z.number().int().min(1).max(100).default(1).describe('Which part of a long page or section, from 1.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({path, section, part}) =>
      answering(async () => {
        const pagePath = pagePathOf(path);
        const twin = await files(markdownTwinPath(pagePath));
        if (twin === undefined) throw new ToolInputError(`No page at "${path}". Find pages with search_docs.`);
        return textAnswer(pageAnswer(twin, pagePath, section ?? fragmentOf(path), part));
      }),
  );
}
