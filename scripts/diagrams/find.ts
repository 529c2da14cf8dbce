/**
 * Finds the diagrams of the site: every ```mermaid fenced code block in the .md/.mdx pages under
 * docs/, guides/ and api/. Pages are parsed with the MDX parser the build uses, so a block's
 * source (and so its id) is exactly the `value` the build's remark plugin sees, whatever the
 * fence's indentation. Generated API pages (*.api.mdx, *.info.mdx, *.tag.mdx, *.schema.mdx) are
 * build output and are skipped.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Code, Nodes} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {mdxjs} from 'micromark-extension-mdxjs';
import {DIAGRAM_SOURCE_DIRS, diagramId} from '../../plugins/diagrams/files';
import {listPages} from '../lib/pages';

export interface DiagramBlock {
  /** The page, relative to the repository root, with forward slashes. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The block's content: what mermaid draws and what the id is taken from. */
  readonly source: string;
  readonly id: string;
}

/** A page that may hold a diagram; only those are parsed. */
const MAYBE_MERMAID = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*mermaid\b/m;

/**
 * Blanks the front matter, keeping its lines, so that the MDX parser does not read YAML as
 * Markdown and line numbers stay those of the file. (Docusaurus strips it before parsing too.)
 */
function blankFrontMatter(text: string): string {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== '---') return text;
  const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === '---');
  if (end < 0) return text;
  return lines.map((line, index) => (index <= end ? '' : line)).join('\n');
}

/** The ```mermaid blocks of one page's text, in order. `file` is only used in messages. */
export function findDiagramsInText(text: string, file: string): DiagramBlock[] {
  if (!MAYBE_MERMAID.test(text)) return [];
  let tree: Nodes;
  try {
    tree = fromMarkdown(blankFrontMatter(text.replace(/\r\n?/g, '\n')), {
      extensions: [mdxjs()],
      mdastExtensions: [mdxFromMarkdown()],
    });
  } catch (error) {
    const place = (error as {place?: {line?: number; start?: {line?: number}}}).place;
    const line = place?.line ?? place?.start?.line ?? 1;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file}:${line}: the page cannot be parsed as MDX, so its diagrams cannot be found: ${reason}`);
  }
  const blocks: DiagramBlock[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'code') {
      const code = node as Code;
      if (code.lang === 'mermaid') {
        blocks.push({file, line: code.position?.start.line ?? 1, source: code.value, id: diagramId(code.value)});
      }
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return blocks;
}

/** Every diagram of the site, page by page in path order. */
export function findDiagrams(root: string, dirs: readonly string[] = DIAGRAM_SOURCE_DIRS): DiagramBlock[] {
  return dirs.flatMap((dir) =>
    listPages(root, [dir]).flatMap((file) => findDiagramsInText(readFileSync(path.join(root, file), 'utf8'), file)),
  );
}
