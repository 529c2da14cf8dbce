/**
 * Every repository path the prose and the code comments name exists, so a
 * file moved or removed cannot leave a README or a comment pointing at it.
 *
 * A path is a token that starts with one of the repository's top-level
 * folders (plugins/, src/, tests/, .github/, …). In Markdown it is read from
 * code spans, fenced blocks and relative link targets; in code, from
 * comments. Placeholders (`<name>`), globs (`*`), elisions (`…`) and
 * example files named by one letter (`guides/x.mdx`) are skipped. A failure
 * names the file, the line and the path.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import ts from 'typescript';

const root = process.cwd();

/** The repository's files, as git tracks them. */
const trackedFiles: string[] = execFileSync('git', ['ls-files', '-z'], {cwd: root, encoding: 'utf8'}).split('\0').filter(Boolean);

/** The top-level folders a named path can start with. */
const topLevelFolders: string[] = [...new Set(trackedFiles.filter((file) => file.includes('/')).map((file) => file.split('/')[0] ?? ''))];

/** The Markdown files whose paths are checked. */
const markdownFiles = trackedFiles.filter(
  (file) =>
    (!file.includes('/') && file.endsWith('.md')) ||
    /^(plugins|packages)\/(.+\/)?README\.md$/.test(file) ||
    /^\.github\/[^/]+\.md$/.test(file) ||
    ['src/theme/README.md', 'patches/README.md', 'tests/README.md'].includes(file),
);

/** The code files whose comments are checked. */
const codeFiles = trackedFiles.filter((file) =>
  /^(plugins|packages|scripts|src|tests|functions)\/.+\.(ts|tsx|js|mjs|cjs|css|sh)$/.test(file),
);

export type NamedPath = {line: number; path: string};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The path-looking tokens in a piece of text: each starts with a top-level
 * folder (not right after a letter, a dot or a slash, so URLs and routes are
 * left out) and runs to the next space, quote, bracket or comma.
 */
export function pathTokens(text: string, folders: readonly string[]): {index: number; path: string}[] {
  const pattern = new RegExp(`(?<![\\w./@-])(?:\\./)?(?:${folders.map(escaped).join('|')})/[^\\s'"\`()\\[\\],;]*`, 'g');
  const tokens: {index: number; path: string}[] = [];
  for (const match of text.matchAll(pattern)) {
    const token = cleanToken(match[0]);
    if (token !== undefined) tokens.push({index: match.index, path: token});
  }
  return tokens;
}

/** The path a token names, or undefined for a placeholder, a glob, an elision or an example. */
function cleanToken(raw: string): string | undefined {
  if (/[<>*{}…$|?]|\.\.\./.test(raw) || /\/[a-z]\.[\w.]+$/.test(raw)) return undefined;
  let token = raw
    .replace(/^\.\//, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(:\d+)?$/, '')
    .replace(/['’]s$/, '');
  while (/[.:!]$/.test(token)) token = token.slice(0, -1);
  return token;
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The paths a Markdown file names: in code spans, fenced blocks and relative link targets (resolved from the file's folder). */
export function markdownPaths(file: string, text: string, folders: readonly string[]): NamedPath[] {
  const named: NamedPath[] = [];
  const add = (index: number, value: string): void => {
    for (const token of pathTokens(value, folders)) named.push({line: lineAt(text, index + token.index), path: token.path});
  };
  // Fenced blocks, then code spans in what is left (a span may run over a line break).
  let prose = text;
  for (const fence of text.matchAll(/^( {0,3})(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm)) {
    const body = fence[3] ?? '';
    add(fence.index + fence[0].indexOf(body), body);
    prose = prose.slice(0, fence.index) + fence[0].replace(/[^\n]/g, ' ') + prose.slice(fence.index + fence[0].length);
  }
  for (const span of prose.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)) {
    add(span.index + (span[1] ?? '').length, span[2] ?? '');
  }
  const withoutSpans = prose.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
  for (const link of withoutSpans.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = link[1] ?? '';
    if (/^([a-z]+:|\/|#)/i.test(target) || /[<>*{}…]/.test(target)) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target.replace(/#.*$/, '')));
    named.push({line: lineAt(text, link.index), path: resolved});
  }
  return named;
}

/** The comments of a file, with the offset each starts at. */
export function comments(file: string, text: string): {index: number; text: string}[] {
  if (file.endsWith('.sh')) {
    const found: {index: number; text: string}[] = [];
    for (const match of text.matchAll(/(?:^|\s)(#(?!!).*)$/gm))
      found.push({index: match.index + match[0].indexOf(match[1] ?? ''), text: match[1] ?? ''});
    return found;
  }
  if (file.endsWith('.css')) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({index: match.index, text: match[0]}));
  }
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const collect = (found: readonly ts.CommentRange[] | undefined): void => {
    for (const range of found ?? []) ranges.set(range.pos, range);
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges.values()].sort((a, b) => a.pos - b.pos).map((range) => ({index: range.pos, text: text.slice(range.pos, range.end)}));
}

/** The paths a code file's comments name. */
export function commentPaths(file: string, text: string, folders: readonly string[]): NamedPath[] {
  return comments(file, text).flatMap((comment) =>
    pathTokens(comment.text, folders).map((token) => ({line: lineAt(text, comment.index + token.index), path: token.path})),
  );
}

/** Whether a path a file names exists: from the repository's root, or in a workspace from the workspace's own. */
function exists(file: string, named: string): boolean {
  const workspace = /^packages\/[^/]+\//.exec(file)?.[0];
  return existsSync(path.join(root, named)) || (workspace !== undefined && existsSync(path.join(root, workspace, named)));
}

/** Each named path that does not exist, as `file:line: path`. */
function missing(files: readonly string[], find: (file: string, text: string, folders: readonly string[]) => NamedPath[]): string[] {
  return files.flatMap((file) =>
    find(file, readFileSync(path.join(root, file), 'utf8'), topLevelFolders)
      .filter((named) => !exists(file, named.path))
      .map((named) => `${file}:${named.line}: ${named.path}`),
  );
}

describe('named paths', () => {
  it('finds the files to read', () => {
    assert.ok(markdownFiles.includes('README.md') && markdownFiles.includes('CONTRIBUTING.md'));
    assert.ok(codeFiles.some((file) => file.startsWith('plugins/')) && codeFiles.some((file) => file.startsWith('tests/')));
    assert.ok(topLevelFolders.includes('plugins') && topLevelFolders.includes('.github'));
  });

  it('every path the Markdown names exists', () => {
    const problems = missing(markdownFiles, markdownPaths);
    assert.deepEqual(problems, [], `Paths named in Markdown that do not exist:\n  ${problems.join('\n  ')}`);
  });

  it('every path a code comment names exists', () => {
    const problems = missing(codeFiles, commentPaths);
    assert.deepEqual(problems, [], `Paths named in code comments that do not exist:\n  ${problems.join('\n  ')}`);
  });

  it('reads paths from spans, fences and links, and skips placeholders, globs, URLs and routes', () => {
    const folders = ['plugins', 'src', 'tests', '.github'];
    const text = [
      'See `plugins/delivery/policy.ts`, `plugins/<name>/README.md` and `tests/unit/*.test.ts`.',
      'Routes and URLs: `/plugins/x`, `https://example.com/src/y`, `node_modules/pkg/src/z.js`.',
      '```text',
      'src/data/           facts.ts',
      '```',
      'A [link](delivery/README.md), [another](https://example.com/plugins/a) and `npx tsx tests/e2e/shell.test.ts:12`.',
      '`.github/workflows/ci.yml`.',
    ].join('\n');
    assert.deepEqual(markdownPaths('plugins/README.md', text, folders), [
      {line: 4, path: 'src/data/'},
      {line: 1, path: 'plugins/delivery/policy.ts'},
      {line: 6, path: 'tests/e2e/shell.test.ts'},
      {line: 7, path: '.github/workflows/ci.yml'},
      {line: 6, path: 'plugins/delivery/README.md'},
    ]);
  });

  it('reads comments only, not strings, in code', () => {
    const folders = ['plugins', 'scripts'];
    const text = [
      '// The policy (plugins/delivery/policy.ts).',
      "const url = 'plugins/not-a-comment.ts'; // scripts/serve.ts's server",
      'const route = `${base}//plugins/in-a-template.ts`;',
      '/** See scripts/<name>.ts and plugins/diagrams/remark.ts; `plugins/x.ts` is an example. */',
    ].join('\n');
    assert.deepEqual(commentPaths('x.ts', text, folders), [
      {line: 1, path: 'plugins/delivery/policy.ts'},
      {line: 2, path: 'scripts/serve.ts'},
      {line: 4, path: 'plugins/diagrams/remark.ts'},
    ]);
  });
});
