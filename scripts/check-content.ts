/**
 * Content check for hand-written pages: `npx tsx scripts/check-content.ts`.
 *
 * For every .md/.mdx page under CONTENT_DIRS (read and parsed by scripts/lib/pages.ts) it checks:
 *  - the page parses as MDX and its front matter as YAML;
 *  - front matter has a non-empty `title` and `description` (one sentence, at most 160 characters);
 *  - the page has at least one H2;
 *  - no placeholder wording (lorem, TODO, TBD, coming soon), on any line of the page;
 *  - no number that `packages/model/src/facts.ts` owns is typed as literal text. The forbidden
 *    strings are derived from the facts file itself, so a new fact extends the check.
 *    Import/export statements, front matter, inline code and code blocks are skipped;
 *    Mermaid diagrams are checked, because they are read as prose.
 *
 * And every code block that acts on a payment outcome is a region of a reference integration or
 * labelled as an excerpt, and every region or excerpt names a file that is there
 * (scripts/check-content/payment-samples.ts, with the rules it reads code by).
 *
 * And a key or secret rolled after a leak or when someone leaves is said to be rolled with no
 * overlap (scripts/check-content/key-rolls.ts).
 *
 * And a command that runs the stateful test mode runs it from the tarball the site publishes
 * (scripts/check-content/test-mode-command.ts).
 *
 * And it holds each test outcome's story (packages/model/src/testOutcomes.ts) to the specs
 * (scripts/check-content/test-outcomes.ts), naming the outcome and its line.
 *
 * Links are not checked here: the production build and the browser crawl fail on a broken link
 * or anchor.
 *
 * Every problem is printed as `path:line: reason`; the exit code is 1 if there is any.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {testOutcomes, testValueOutcomes} from '@zip/model/testOutcomes';
import {checkPaymentSamples} from './check-content/payment-samples';
import {checkKeyRolls} from './check-content/key-rolls';
import {checkProseFields} from './check-content/prose-fields';
import {checkTestModeCommands} from './check-content/test-mode-command';
import {checkTestOutcomes, testOutcomesFile} from './check-content/test-outcomes';
import {collectForbidden, factHits, type Forbidden} from './check-content/typed-facts';
import {formatProblem, type Page, type Problem, readPages} from './lib/pages';
import {loadSpecs} from './lib/specs';

export type {Problem} from './lib/pages';
export {collectForbidden} from './check-content/typed-facts';

/** Folders whose pages are checked. */
export const CONTENT_DIRS = ['docs', 'guides', 'api'] as const;

const MAX_DESCRIPTION = 160;

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

const PLACEHOLDER = /\blorem\b|\btodo\b|\btbd\b|coming soon/i;

/** The rules for `title`, `description` and the wording of every front matter value. */
function checkFrontMatter(page: Page, report: (line: number, reason: string) => void): void {
  const data = page.frontMatter?.data ?? {};
  const lineOf = (key: string): number => (Object.hasOwn(data, key) ? (page.frontMatter?.lineOf(key) ?? 1) : 1);
  const text = (value: unknown): string =>
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  for (const field of ['title', 'description'] as const) {
    if (text(data[field]).trim() === '') report(lineOf(field), `front matter \`${field}\` is missing or empty`);
  }
  const description = text(data.description);
  if (description.length > MAX_DESCRIPTION) {
    report(lineOf('description'), `description is ${description.length} characters (at most ${MAX_DESCRIPTION})`);
  }
  for (const [key, value] of Object.entries(data)) {
    if (PLACEHOLDER.test(text(value))) report(lineOf(key), `placeholder wording in front matter \`${key}\``);
  }
}

/** Every problem of one page. */
export function checkPage(page: Page, forbidden: Forbidden[]): Problem[] {
  const problems: Problem[] = [];
  const report = (line: number, reason: string): void => {
    problems.push({file: page.file, line, reason});
  };
  for (const error of page.errors) report(error.line, error.text);
  if (!page.parsed) return problems;
  // A front matter that does not parse has that one problem: its fields cannot be read.
  if (page.errors.length === 0) checkFrontMatter(page, report);

  page.lines.forEach((line, index) => {
    if (index + 1 >= page.bodyLine && PLACEHOLDER.test(line)) report(index + 1, 'placeholder wording (lorem, TODO, TBD or "coming soon")');
  });
  if (!page.headings.some((heading) => heading.depth === 2)) report(page.bodyLine, 'no H2 heading (## …)');

  // Mermaid diagrams are read as prose; their `code` spans are not.
  const diagrams = page.code
    .filter((block) => block.lang === 'mermaid')
    .flatMap((block) =>
      block.text
        .split('\n')
        .map((line, index) => ({line: block.line + 1 + index, text: line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length))})),
    );
  for (const {line, text: prose} of [...page.prose, ...diagrams]) {
    for (const hit of factHits(prose, forbidden)) {
      const more = hit.owners.length > 1 ? ` and ${hit.owners.length - 1} more` : '';
      report(
        line,
        `literal "${hit.text}" states ${hit.owners[0] ?? ''}${more}; render it from packages/model/src/facts.ts with <Fact> or a Facts table`,
      );
    }
  }
  return problems.sort((first, second) => first.line - second.line);
}

function main(): void {
  const problems: Problem[] = [];
  const forbidden = collectForbidden(problems);
  const root = process.cwd();
  const pages = readPages(root, CONTENT_DIRS);
  for (const page of pages)
    problems.push(
      ...checkPage(page, forbidden),
      ...checkPaymentSamples(page, `${root}/`),
      ...checkProseFields(page, `${root}/`),
      ...checkKeyRolls(page),
      ...checkTestModeCommands(page),
    );
  problems.push(
    ...checkTestOutcomes(
      testOutcomes,
      testValueOutcomes,
      loadSpecs(path.join(root, 'openapi')),
      readFileSync(path.join(root, testOutcomesFile), 'utf8'),
    ),
  );
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) {
    console.error(`check-content: ${problems.length} problem(s) in ${pages.length} page(s).`);
    process.exit(1);
  }
  console.log(
    `check-content: ${pages.length} page(s) in ${CONTENT_DIRS.join(', ')} passed (${forbidden.length} fact patterns from packages/model/src/facts.ts; code that acts on a payment outcome shown by region or labelled an excerpt), and ${Object.keys(testOutcomes).length} test outcomes in ${testOutcomesFile} agree with the specs.`,
  );
}

if (process.argv[1]?.endsWith('check-content.ts')) main();
