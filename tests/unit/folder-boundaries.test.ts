/**
 * The site's code folders depend on each other in one direction only: `src/`
 * (what runs in the reader's browser and the data it shows) imports neither
 * `plugins/` nor `scripts/`, and no two folders import each other (the docs
 * MCP server, `mcp/`, and the Pages Functions, `functions/`, included). Each
 * workspace in `packages/` is a folder of its own. A module both sides need
 * belongs in the lower one.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve, sep} from 'node:path';
import {describe, it} from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const workspaces: string[] = readdirSync(join(root, 'packages'), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => `packages/${entry.name}`);
const folders: readonly string[] = ['src', 'plugins', 'scripts', 'mcp', 'functions', ...workspaces];

const importPattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

function codeFiles(folder: string): string[] {
  return readdirSync(join(root, folder), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The folder (a top-level one, or a workspace) an import lands in, or undefined for a package or a file outside them. */
function folderOf(importer: string, request: string): string | undefined {
  const target = request.startsWith('@site/')
    ? join(root, request.slice('@site/'.length))
    : request.startsWith('.')
      ? resolve(importer, '..', request)
      : undefined;
  if (!target) return undefined;
  const [top, workspace] = relative(root, target).split(sep);
  return folders.find((folder) => folder === top || folder === `${top}/${workspace}`);
}

/** Every import from one folder into another: "from → to" to the first place it is made. */
function crossFolderImports(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const from of folders) {
    for (const file of codeFiles(from)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const match of line.matchAll(importPattern)) {
          const to = folderOf(file, match[1] ?? '');
          const edge = `${from} → ${to}`;
          if (to && to !== from && !edges.has(edge)) edges.set(edge, `${relative(root, file)}:${index + 1}`);
        }
      });
    }
  }
  return edges;
}

describe('folder boundaries', () => {
  const edges = crossFolderImports();

  it('src/ imports neither plugins/ nor scripts/', () => {
    for (const to of ['plugins', 'scripts']) {
      const place = edges.get(`src → ${to}`);
      assert.equal(place, undefined, `src/ imports ${to}/ at ${place}: move the shared module into src/`);
    }
  });

  it('no two folders import each other', () => {
    for (const [edge, place] of edges) {
      const [from, to] = edge.split(' → ');
      const back = edges.get(`${to} → ${from}`);
      assert.equal(back, undefined, `${from}/ imports ${to}/ (${place}) and ${to}/ imports ${from}/ (${back})`);
    }
  });
});
