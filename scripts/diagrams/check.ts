/**
 * Checks that every diagram has its SVG and every SVG has its diagram: `npm run check:diagrams`,
 * part of `npm run test:static`.
 *
 *  - a ```mermaid block in docs/, guides/ or api/ whose `diagrams/<id>.svg` is missing (a new or
 *    changed diagram) is reported at the block's `path:line`: the build would draw it in the
 *    reader's browser, loading mermaid. Fix: `npm run diagrams`, then commit diagrams/.
 *  - an SVG in diagrams/ that no block uses (the diagram was changed or removed) is named.
 *    Fix: `npm run diagrams` removes it.
 *
 * Every problem is printed as `path:line: reason`; the exit code is 1 when there is any.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {DIAGRAMS_DIR} from '../../plugins/diagrams/files';
import {findDiagrams, type DiagramBlock} from './find';

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

/** The SVG file names in the diagrams folder (none when it does not exist). */
export function listSvgs(directory: string): string[] {
  try {
    return readdirSync(directory)
      .filter((name) => name.endsWith('.svg'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The problems between the diagrams found in the pages and the SVG files there are. */
export function checkDiagrams(blocks: readonly DiagramBlock[], svgNames: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const svgs = new Set(svgNames);
  for (const block of blocks) {
    if (!svgs.has(`${block.id}.svg`)) {
      problems.push({
        file: block.file,
        line: block.line,
        reason: `diagram has no SVG (${DIAGRAMS_DIR}/${block.id}.svg): run \`npm run diagrams\` and commit ${DIAGRAMS_DIR}/`,
      });
    }
  }
  const used = new Set(blocks.map((block) => `${block.id}.svg`));
  for (const name of svgNames) {
    if (!used.has(name)) {
      problems.push({
        file: `${DIAGRAMS_DIR}/${name}`,
        line: 1,
        reason: 'no diagram uses this SVG any more: run `npm run diagrams` to remove it',
      });
    }
  }
  return problems;
}

/** How a problem is printed: `path:line: reason`. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

/** Checks the repository at `root`. */
export function checkRepository(root: string): {problems: Problem[]; diagrams: number} {
  const blocks = findDiagrams(root);
  return {problems: checkDiagrams(blocks, listSvgs(path.join(root, DIAGRAMS_DIR))), diagrams: blocks.length};
}

function main(): void {
  let result;
  try {
    result = checkRepository(process.cwd());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
    return;
  }
  for (const problem of result.problems) console.error(formatProblem(problem));
  if (result.problems.length > 0) {
    console.error(`check:diagrams: ${result.problems.length} problem(s).`);
    process.exitCode = 1;
  } else {
    console.log(`check:diagrams: ${result.diagrams} diagrams, each with its SVG in ${DIAGRAMS_DIR}/; no unused SVG.`);
  }
}

if (process.argv[1]?.endsWith('check.ts')) main();
