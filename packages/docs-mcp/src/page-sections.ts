/**
 * A page's Markdown twin cut for a context window: its sections by heading, and parts of a long
 * text that end between blocks (never inside a code block, a table or a list item's lines), so an
 * assistant reads a digest first and then the one section it needs.
 */
import GithubSlugger from 'github-slugger';

export interface PageSection {
  /** The heading's anchor on the page, as Docusaurus makes it from the heading's text. */
  readonly anchor: string;
  readonly title: string;
  /** 2 for `##`, 3 for `###`… */
  readonly level: number;
  /** The section's Markdown, its heading and sub-sections included. */
  readonly text: string;
}

const headingLine = /^(#{2,6})\s+(.+?)\s*#*\s*$/;
const fence = /^\s*(`{3,}|~{3,})/;

/** The page's lines, each marked when it lies inside a fenced code block. */
function linesOf(markdown: string): {line: string; fenced: boolean}[] {
  let open: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = fence.exec(line)?.[1];
    const fenced = open !== undefined || marker !== undefined;
    if (marker && open === undefined) open = marker;
    else if (marker && open !== undefined && marker[0] === open[0] && marker.length >= open.length) open = undefined;
    return {line, fenced};
  });
}

/** Every `##`–`######` section of a twin, in page order; a section runs until the next heading of its level or higher. */
export function sectionsOf(markdown: string): PageSection[] {
  const lines = linesOf(markdown);
  const slugger = new GithubSlugger();
  const headings = lines.flatMap(({line, fenced}, index) => {
    const match = fenced ? null : headingLine.exec(line);
    if (!match?.[1] || !match[2]) return [];
    const title = match[2].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '');
    return [{index, level: match[1].length, title, anchor: slugger.slug(title)}];
  });
  return headings.map((heading, position) => {
    const next = headings.slice(position + 1).find((candidate) => candidate.level <= heading.level);
    const end = next ? next.index : lines.length;
    return {
      anchor: heading.anchor,
      title: heading.title,
      level: heading.level,
      text: lines
        .slice(heading.index, end)
        .map(({line}) => line)
        .join('\n')
        .trimEnd(),
    };
  });
}

/** The section a reader names by its anchor (`#cards-that-succeed` or `cards-that-succeed`) or its heading's text. */
export function findSection(sections: readonly PageSection[], wanted: string): PageSection | undefined {
  const name = wanted.trim().replace(/^#/, '');
  const slug = new GithubSlugger().slug(name);
  return sections.find((section) => section.anchor === name) ?? sections.find((section) => section.anchor === slug);
}

/**
 * The blocks of a Markdown text: runs of lines between blank lines, a fenced code block kept whole
 * with the lines around it, so a cut between two blocks never breaks a structure.
 */
function blocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  for (const {line, fenced} of linesOf(markdown)) {
    if (!fenced && line.trim() === '') {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

/**
 * A block longer than the budget, in pieces: a code block between lines, each piece fenced again
 * with its language; anything else (a long list of fields) between list items or lines.
 */
function piecesOf(block: string, budget: number): string[] {
  if (block.length <= budget) return [block];
  const lines = block.split('\n');
  const opening = fence.exec(lines[0] ?? '')?.[1];
  const fenced = opening !== undefined && lines.length > 2;
  const body = fenced ? lines.slice(1, -1) : lines;
  const open = fenced ? (lines[0] ?? '') : '';
  const close = fenced ? (lines.at(-1) ?? '') : '';
  const room = budget - open.length - close.length - 2;
  // The units a piece is made of: lines of code; outside code, list items with their lines.
  const units: string[][] = [];
  for (const line of body) {
    const startsUnit = fenced || /^\s*([-*+]|\d+\.)\s/.test(line);
    const last = units.at(-1);
    if (last && !startsUnit) last.push(line);
    else units.push([line]);
  }
  const pieces: string[][] = [];
  let size = 0;
  for (const unit of units) {
    const length = unit.join('\n').length + 1;
    const current = pieces.at(-1);
    if (current && size + length <= room) {
      current.push(...unit);
      size += length;
    } else {
      pieces.push([...unit]);
      size = length;
    }
  }
  return pieces.map((piece) => (fenced ? [open, ...piece, close] : piece).join('\n'));
}

/**
 * `markdown` in parts of whole blocks, each within `budget` characters; a block longer than the
 * budget comes in pieces of its own (piecesOf).
 */
export function partsOf(markdown: string, budget: number): string[] {
  const parts: string[][] = [];
  let size = 0;
  for (const block of blocksOf(markdown).flatMap((whole) => piecesOf(whole, budget))) {
    const last = parts.at(-1);
    if (last && size + block.length + 2 <= budget) {
      last.push(block);
      size += block.length + 2;
    } else {
      parts.push([block]);
      size = block.length;
    }
  }
  return parts.map((blocks) => blocks.join('\n\n'));
}

/** The opening of a page (its text before the first section), within a budget. */
export function openingOf(markdown: string, budget: number): string {
  const first = sectionsOf(markdown)[0];
  const opening = first ? markdown.slice(0, markdown.indexOf(first.text)) : markdown;
  return partsOf(opening.trimEnd(), budget)[0] ?? '';
}

/** The page's outline: one line per section, indented by level, with its anchor and size. */
export function outlineOf(sections: readonly PageSection[]): string {
  return sections
    .map((section) => `${'  '.repeat(section.level - 2)}- ${section.title} (#${section.anchor}, ${section.text.length} characters)`)
    .join('\n');
}
