/**
 * Checks the HTTP examples in the hand-written guides and API pages against openapi/*.yaml:
 *
 *   npx tsx scripts/check-samples.ts                 every page under guides/ and api/
 *   npx tsx scripts/check-samples.ts api/errors.mdx  only the pages named
 *
 * In fenced code blocks (not of generated reference pages, which are made from the specs):
 *  - curl commands (bash, sh, shell, zsh, console): method, URL, query, -d/--data/--json body,
 *    a heredoc body for `-d @-`, and the Idempotency-Key header;
 *  - fetch() calls (js, ts, jsx, tsx): URL, `method`, `body: JSON.stringify({...})`, headers;
 *  - requests-style calls (python, py): `<name>.get|post|put|patch|delete(url, json={...})`;
 *  - JSON blocks (json; jsonc allows comments) must parse. One titled as a request is a request
 *    body; any other is a response example, checked against the response of the nearest call
 *    above it in the same H2 section or, without one, the schema its `"object"` names. `nocheck`
 *    in a JSON block's meta leaves only the parse check;
 *  - card numbers, in every block and in the specs' examples: only test cards may be shown.
 * URLs, bodies and ids may come from constants in the same block; what cannot be read as a
 * literal is skipped, not guessed. Each problem is printed as `path:line: reason`; the exit code
 * is 1 when there is any. The rules are in scripts/check-samples/.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {checkPage, checkSpecTestCards} from './check-samples/check';
import {formatProblem, listPages, readPage} from './lib/pages';
import {loadSpecs} from './lib/specs';

export {
  checkMarkdown,
  checkSpecTestCards,
  extractCodeBlocks,
  extractHttpSamples,
  isRequestTitle,
  matchOperation,
  unknownTestCards,
} from './check-samples/check';
export type {FileReport, OperationMatch, Problem} from './check-samples/check';
export {parseLiteral} from './check-samples/literals';
export {formatProblem} from './lib/pages';
export {loadSpecs, type Specs} from './lib/specs';
/** The hand-written .md/.mdx pages under `directories`, relative to `root`, sorted. */
export const findPages = listPages;

function main(argv: readonly string[]): number {
  const root = process.cwd();
  const specs = loadSpecs(path.join(root, 'openapi'));
  const files =
    argv.length > 0
      ? argv.map((file) => path.relative(root, path.resolve(file)).split(path.sep).join('/'))
      : listPages(root, ['guides', 'api']);
  const reports = files.map((file) => checkPage(readPage(root, file), specs));
  const problems = reports.flatMap((report) => report.problems);
  const samples = reports.reduce((sum, report) => sum + report.samples, 0);
  for (const name of argv.length > 0
    ? []
    : readdirSync(path.join(root, 'openapi'))
        .filter((entry) => /\.ya?ml$/.test(entry))
        .sort()) {
    problems.push(...checkSpecTestCards(readFileSync(path.join(root, 'openapi', name), 'utf8'), `openapi/${name}`));
  }
  problems.forEach((problem) => console.log(formatProblem(problem)));
  const count = (number: number, word: string): string => `${number} ${word}${number === 1 ? '' : 's'}`;
  const checked = `${samples} samples in ${count(files.length, 'file')}`;
  const failing = new Set(problems.map((problem) => problem.file)).size;
  console.log(
    problems.length > 0
      ? `check-samples: ${count(problems.length, 'problem')} in ${count(failing, 'file')} (${checked} checked).`
      : `check-samples: ${checked} match the specs.`,
  );
  return problems.length > 0 ? 1 : 0;
}

if (process.argv[1]?.endsWith('check-samples.ts')) process.exitCode = main(process.argv.slice(2));
