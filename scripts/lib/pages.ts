/**
 * The hand-written pages of the site, each read and parsed once with the MDX parser the build
 * uses (micromark + mdast, with MDX and YAML front matter), for the checks that read pages:
 * front matter, headings with the ids Docusaurus gives them (github-slugger), fenced code blocks
 * and the prose, all with their lines in the file.
 *
 * Generated API reference pages (*.api.mdx, *.info.mdx, *.tag.mdx, *.schema.mdx) are build output,
 * made from the specs, and are left out, as is anything that is not .md/.mdx (api/**\/sidebar.ts).
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import yaml from 'js-yaml';
import type {Nodes} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {frontmatter} from 'micromark-extension-frontmatter';
import {mdxjs} from 'micromark-extension-mdxjs';

export const GENERATED_PAGE = /\.(?:api|info|tag|schema)\.mdx$/;

export interface FrontMatter {
  /** The parsed YAML mapping (empty when the block is empty or does not parse). */
  readonly data: Readonly<Record<string, unknown>>;
  /** 1-based line of the opening `---`. */
  readonly line: number;
  /** The line a top-level key is written on; the opening line when it is not there. */
  lineOf(key: string): number;
}

export interface Heading {
  readonly depth: number;
  readonly text: string;
  /** The anchor Docusaurus gives it: an explicit `{#id}`, or the GitHub slug of its text. */
  readonly id: string;
  readonly line: number;
}

export interface CodeFence {
  /** The language after the fence (`json`, `bash`…), lower-cased, without a `{1,3}` line range; empty when none. */
  readonly lang: string;
  /** The rest of the info string: `title="…"`, `nocheck`… */
  readonly meta: string;
  /** The block's title (`title="…"` in the meta), as Docusaurus shows it above the code. */
  readonly title: string | undefined;
  /** The content, without the fences and without the indentation of the fence. */
  readonly text: string;
  /** 1-based line of the opening fence; the content starts on the next line. */
  readonly line: number;
  /** How many H1/H2 headings come before it: blocks with the same number share a section. */
  readonly section: number;
}

export interface TextLine {
  readonly line: number;
  readonly text: string;
}

export interface Page {
  /** Relative to the repository root, with forward slashes. */
  readonly file: string;
  readonly lines: readonly string[];
  /** Undefined when the page has no front matter block. */
  readonly frontMatter: FrontMatter | undefined;
  /** 1-based line where the body starts (after the front matter). */
  readonly bodyLine: number;
  readonly headings: readonly Heading[];
  readonly code: readonly CodeFence[];
  /**
   * What a reader reads, line by line: text (emphasis and links included), image alt text, JSX
   * attribute values and {expressions}. Inline code reads as a space; code blocks, import/export
   * statements and the front matter are not prose.
   */
  readonly prose: readonly TextLine[];
  /** Why the page, or its front matter, cannot be read; the other fields are then partial. */
  readonly errors: readonly TextLine[];
  /** False when the file could not be read or parsed as MDX: then only `errors` says anything. */
  readonly parsed: boolean;
}

/** The hand-written .md/.mdx pages under `dirs` (relative to `root`), sorted; missing folders have none. */
export function listPages(root: string, dirs: readonly string[]): string[] {
  const pages: string[] = [];
  const walk = (relativeDir: string): void => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relativeDir), {withFileTypes: true});
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const relative = path.posix.join(relativeDir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.mdx?$/.test(entry.name) && !GENERATED_PAGE.test(entry.name)) pages.push(relative);
    }
  };
  dirs.forEach(walk);
  return pages.sort();
}

/** The line an MDX parse error points at: its place, or else the first position its message names. */
function errorLine(error: unknown): number {
  const place = (error as {place?: {line?: number; start?: {line?: number}}}).place;
  return place?.line ?? place?.start?.line ?? Number(/\((\d+):\d+/.exec(String(error))?.[1] ?? 1);
}

function readFrontMatter(value: string, line: number, errors: TextLine[]): FrontMatter {
  let data: Record<string, unknown> = {};
  try {
    const loaded = yaml.load(value);
    if (typeof loaded === 'object' && loaded !== null && !Array.isArray(loaded)) data = loaded as Record<string, unknown>;
    else if (loaded !== undefined && loaded !== null) errors.push({line, text: 'the front matter is not a YAML mapping of keys to values'});
  } catch (error) {
    const mark = error instanceof yaml.YAMLException ? error.mark : undefined;
    errors.push({
      line: line + 1 + (mark?.line ?? 0),
      text: `the front matter does not parse as YAML: ${error instanceof yaml.YAMLException ? error.reason : String(error)}`,
    });
  }
  const keyLines = value.split('\n');
  return {
    data,
    line,
    lineOf: (key) => {
      const index = keyLines.findIndex(
        (text) => text.startsWith(`${key}:`) || text.startsWith(`'${key}':`) || text.startsWith(`"${key}":`),
      );
      return index < 0 ? line : line + 1 + index;
    },
  };
}

/** Heading text as rendered: text and inline code, without markup. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

/** Parses one page's source. `file` names it in the result. */
export function parsePage(source: string, file: string): Page {
  const text = source.replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const errors: TextLine[] = [];
  const headings: Heading[] = [];
  const code: CodeFence[] = [];
  const segments: {line: number; column: number; text: string}[] = [];
  let frontMatter: FrontMatter | undefined;
  let bodyLine = 1;
  const addText = (value: string, line: number, column: number): void => {
    value.split('\n').forEach((part, index) => segments.push({line: line + index, column: index === 0 ? column : 0, text: part}));
  };
  const slugger = new GithubSlugger();
  let parsed = true;

  const visit = (node: Nodes): void => {
    const start = node.position?.start ?? {line: 1, column: 1};
    switch (node.type) {
      case 'yaml':
        frontMatter = readFrontMatter(node.value, start.line, errors);
        bodyLine = (node.position?.end.line ?? 0) + 1;
        return;
      case 'mdxjsEsm':
        return;
      case 'code': {
        const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(node.meta ?? '');
        const section = headings.filter((heading) => heading.depth <= 2).length;
        code.push({
          lang: (node.lang ?? '').replace(/\{.*$/, '').toLowerCase(),
          meta: node.meta ?? '',
          title: title?.slice(1).find((part) => part !== undefined),
          text: node.value,
          line: start.line,
          section,
        });
        return;
      }
      case 'text':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        addText(node.value, start.line, start.column);
        return;
      case 'inlineCode':
        addText(' ', start.line, start.column);
        return;
      case 'image':
        addText(node.alt ?? '', start.line, start.column);
        return;
      case 'heading': {
        const written = plainText(node).trim();
        const explicit = /\s*\{#([^}\s]+)\}$/.exec(written);
        const headingText = explicit ? written.slice(0, explicit.index) : written;
        headings.push({depth: node.depth, text: headingText, id: explicit?.[1] ?? slugger.slug(headingText), line: start.line});
        break;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attribute of node.attributes) {
          const value = typeof attribute.value === 'string' ? attribute.value : attribute.value?.value;
          const where = attribute.position?.start ?? start;
          if (value) addText(value, where.line, where.column);
        }
        break;
      default:
        break;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  try {
    visit(
      fromMarkdown(text, {
        extensions: [mdxjs(), frontmatter(['yaml'])],
        mdastExtensions: [mdxFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
      }),
    );
  } catch (error) {
    parsed = false;
    errors.push({
      line: errorLine(error),
      text: `the page cannot be parsed as MDX: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  const prose: TextLine[] = [];
  segments.sort((first, second) => first.line - second.line || first.column - second.column);
  for (const segment of segments) {
    const last = prose.at(-1);
    if (last?.line === segment.line) prose[prose.length - 1] = {line: last.line, text: last.text + segment.text};
    else prose.push({line: segment.line, text: segment.text});
  }
  return {file, lines, frontMatter, bodyLine, headings, code, prose, errors, parsed};
}

/** Reads and parses one page; `file` is relative to `root`. A file that cannot be read is a page with that error. */
export function readPage(root: string, file: string): Page {
  try {
    return parsePage(readFileSync(path.join(root, file), 'utf8'), file);
  } catch (error) {
    const page = parsePage('', file);
    return {
      ...page,
      errors: [{line: 1, text: `cannot read the file: ${error instanceof Error ? error.message : String(error)}`}],
      parsed: false,
    };
  }
}

/** Reads and parses the pages under `dirs`. */
export function readPages(root: string, dirs: readonly string[]): Page[] {
  return listPages(root, dirs).map((file) => readPage(root, file));
}

/** A problem a check found in a file, printed as `file:line: reason`. */
export interface Problem {
  file: string;
  line: number;
  reason: string;
}

export const formatProblem = (problem: Problem): string => `${problem.file}:${problem.line}: ${problem.reason}`;

/** The problems that keep a page from being read: it cannot be read or parsed, or its front matter is not YAML. */
export const pageProblems = (page: Page): Problem[] =>
  page.errors.map((error) => ({file: page.file, line: error.line, reason: error.text}));
