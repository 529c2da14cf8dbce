/**
 * The code's folders depend on each other in one direction only. The site's folders at the root:
 * `src/` (what runs in the reader's browser) imports neither `plugins/` nor `scripts/`, and no two
 * folders import each other. The workspaces of `packages/` are walls of their own: each imports
 * only the workspaces below it in `stack`, by name, and nothing of the site but its generated data
 * (`.generated/`); the model (`@zip/model`) imports no other workspace. A module both sides need
 * belongs in the lower one. Each plugin of `plugins/` imports no other plugin: what two share
 * belongs in `@zip/model` or in the site's configuration.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve, sep} from 'node:path';
import {describe, it} from 'node:test';

const root = resolve(import.meta.dirname, '../..');
/** The site's folders, and the performance lab, which measures the site and reads its delivery policy. */
const siteFolders = ['src', 'plugins', 'scripts', 'functions', 'packages/perf'] as const;
/** The workspaces, lowest first: each may import those before it. */
const stack = ['packages/model', 'packages/test-mode', 'packages/docs-mcp', 'packages/integrations'] as const;
/** Workspaces that others import by their package name only (their `exports`), never by a path into them. */
const importedByName = ['packages/model', 'packages/test-mode', 'packages/docs-mcp', 'packages/perf'];
const units: readonly string[] = [...siteFolders, ...stack].filter((unit) => existsSync(join(root, unit)));

const importPattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

interface Edge {
  readonly from: string;
  readonly to: string;
  /** `file:line` of the import. */
  readonly place: string;
  /** The import names a file by its path (relative or `@site/`) rather than a package name. */
  readonly byPath: boolean;
}

function codeFiles(folder: string): string[] {
  return readdirSync(join(root, folder), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(entry.name))
    .filter((entry) => !relative(root, entry.parentPath).split(sep).includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const workspaceNames = new Map(
  units
    .filter((unit) => unit.startsWith('packages/'))
    .map((workspace) => [(JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {name: string}).name, workspace]),
);

/** The unit a path of the repository is in: a site folder, a workspace, `.generated`, or undefined. */
function unitOfPath(path: string): string | undefined {
  const parts = relative(root, path).split(sep);
  const top = parts[0] ?? '';
  if (top === 'packages') return units.find((unit) => unit === `packages/${parts[1]}`);
  if (top === '.generated') return top;
  return units.find((unit) => unit === top);
}

/** The unit an import lands in, or undefined for another package or a file outside them. */
function unitOfImport(importer: string, request: string): {unit: string | undefined; byPath: boolean} {
  if (request.startsWith('@site/')) return {unit: unitOfPath(join(root, request.slice('@site/'.length))), byPath: true};
  if (request.startsWith('.')) return {unit: unitOfPath(resolve(importer, '..', request)), byPath: true};
  const name = request.split('/').slice(0, 2).join('/');
  return {unit: workspaceNames.get(name), byPath: false};
}

function imports(): Edge[] {
  const edges: Edge[] = [];
  for (const from of units) {
    for (const file of codeFiles(from)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(importPattern)) {
            const {unit: to, byPath} = unitOfImport(file, match[1] ?? '');
            if (to && to !== from) edges.push({from, to, place: `${relative(root, file)}:${index + 1}`, byPath});
          }
        });
    }
  }
  return edges;
}

/** Imports from one plugin's folder into another's, by relative path. */
function pluginToPlugin(): string[] {
  const pluginOf = (path: string): string | undefined => {
    const [top, plugin] = relative(root, path).split(sep);
    return top === 'plugins' ? plugin : undefined;
  };
  return codeFiles('plugins').flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(importPattern)]
          .map((match) => match[1] ?? '')
          // A path built from a template (`../${dir}/…`) names generated output, not a module.
          .filter(
            (request) => request.startsWith('.') && !request.includes('${') && pluginOf(resolve(file, '..', request)) !== pluginOf(file),
          )
          .filter((request) => pluginOf(resolve(file, '..', request)) !== undefined)
          .map((request) => `${relative(root, file)}:${index + 1} imports ${request}`),
      ),
  );
}

describe('folder boundaries', () => {
  const edges = imports();

  it('no plugin imports another', () => {
    assert.deepEqual(pluginToPlugin(), []);
  });

  it('src/ imports neither plugins/ nor scripts/', () => {
    for (const edge of edges.filter(({from, to}) => from === 'src' && (to === 'plugins' || to === 'scripts')))
      assert.fail(`src/ imports ${edge.to}/ at ${edge.place}: move the shared module into src/ or @zip/model`);
  });

  it('no two folders or workspaces import each other', () => {
    for (const edge of edges) {
      const back = edges.find(({from, to}) => from === edge.to && to === edge.from);
      assert.equal(
        back,
        undefined,
        `${edge.from}/ imports ${edge.to}/ (${edge.place}) and ${edge.to}/ imports ${edge.from}/ (${back?.place})`,
      );
    }
  });

  it('a workspace imports only the workspaces below it and the generated data, never the site', () => {
    for (const edge of edges.filter(({from}) => (stack as readonly string[]).includes(from))) {
      const below = stack.slice(0, stack.indexOf(edge.from as (typeof stack)[number])) as readonly string[];
      assert.ok(
        edge.to === '.generated' || below.includes(edge.to),
        `${edge.from}/ imports ${edge.to}/ at ${edge.place}: a workspace imports only ${below.join(', ') || 'no other workspace'}`,
      );
    }
  });

  it('the model imports no other workspace', () => {
    const model = edges.filter(({from, to}) => from === 'packages/model' && to !== '.generated');
    assert.deepEqual(
      model.map(({to, place}) => `${to} at ${place}`),
      [],
    );
  });

  it('the workspaces are imported by their package names, not by paths into them', () => {
    for (const edge of edges.filter(({to, byPath}) => byPath && importedByName.includes(to)))
      assert.fail(
        `${edge.place} imports ${edge.to}/ by path: import it as its package (${[...workspaceNames].find(([, w]) => w === edge.to)?.[0]})`,
      );
  });
});
