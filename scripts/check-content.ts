/**
 * Content check for hand-written pages: `npx tsx scripts/check-content.ts`.
 *
 * For every .md/.mdx page under CONTENT_DIRS (read and parsed by scripts/lib/pages.ts) it checks:
 *  - the page parses as MDX and its front matter as YAML;
 *  - front matter has a non-empty `title` and `description` (one sentence, at most 160 characters);
 *  - the page has at least one H2;
 *  - no placeholder wording (lorem, TODO, TBD, coming soon), on any line of the page;
 *  - no number that `src/data/facts.ts` owns is typed as literal text. The forbidden
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
 * And it holds each test outcome's story (src/data/testOutcomes.ts) to the specs
 * (scripts/check-content/test-outcomes.ts), naming the outcome and its line.
 *
 * Links are not checked here: the production build and the browser crawl fail on a broken link
 * or anchor.
 *
 * Every problem is printed as `path:line: reason`; the exit code is 1 if there is any.
 */
import {facts, formatPeso, formatPercent, formatTime24h, formatUsd, type Range} from '../src/data/facts';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {testOutcomes, testValueOutcomes} from '../src/data/testOutcomes';
import {checkPaymentSamples} from './check-content/payment-samples';
import {checkKeyRolls} from './check-content/key-rolls';
import {checkProseFields} from './check-content/prose-fields';
import {checkTestModeCommands} from './check-content/test-mode-command';
import {checkTestOutcomes, testOutcomesFile} from './check-content/test-outcomes';
import {formatProblem, type Page, type Problem, readPages} from './lib/pages';
import {loadSpecs} from './lib/specs';

export type {Problem} from './lib/pages';

/** Folders whose pages are checked. */
export const CONTENT_DIRS = ['docs', 'guides', 'api'] as const;

const MAX_DESCRIPTION = 160;

export interface Forbidden {
  /** How the fact is written, for the message. */
  example: string;
  /** The facts.ts path that owns it. */
  owner: string;
  pattern: RegExp;
}

// ---------------------------------------------------------------------------
// Forbidden literals, derived from facts.ts
// ---------------------------------------------------------------------------

const NUMBER_WORDS: Record<number, string> = {
  1: 'one',
  2: 'two',
  3: 'three',
  4: 'four',
  5: 'five',
  6: 'six',
  7: 'seven',
  8: 'eight',
  9: 'nine',
  10: 'ten',
  11: 'eleven',
  12: 'twelve',
  14: 'fourteen',
  15: 'fifteen',
  20: 'twenty',
  24: 'twenty-four',
  30: 'thirty',
  60: 'sixty',
  90: 'ninety',
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_AFTER_NUMBER = '(?<![\\d.,])';
const NOT_BEFORE_NUMBER = '(?![\\d]|[.,]\\d)';
const DASH = '\\s*(?:–|—|-|to)\\s*';

/** A number as digits (with or without thousands commas) or, when small, as a word. */
function numberPattern(value: number, words = true): string {
  const digits = value.toLocaleString('en-US', {maximumFractionDigits: 2});
  const options = [escape(digits).replace(/,/g, ',?')];
  const word = NUMBER_WORDS[value];
  if (words && word !== undefined) {
    options.push(word);
  }
  return `(?:${options.join('|')})`;
}

function countPattern(value: number | Range, unit: string): RegExp {
  const amount = typeof value === 'number' ? numberPattern(value) : `${numberPattern(value.min)}${DASH}${numberPattern(value.max)}`;
  return new RegExp(`${NOT_AFTER_NUMBER}\\b${amount}[\\s-]+${unit}`, 'i');
}

const DAY_UNIT = '(?:(?:calendar|business|working|banking)[\\s-]+)?days?\\b';
const HOUR_UNIT = '(?:hours?|hrs?|h)\\b';
const MINUTE_UNIT = '(?:minutes?|mins?)\\b';
const SECOND_UNIT = '(?:seconds?|secs?)\\b';

function rangeOrSingle(value: number | Range): number[] {
  return typeof value === 'number' ? [value] : [value.min, value.max];
}

function countForbidden(owner: string, value: number | Range, unit: string, label: string): Forbidden[] {
  const out: Forbidden[] = [];
  const example = typeof value === 'number' ? `${value} ${label}` : `${value.min}–${value.max} ${label}`;
  out.push({owner, example, pattern: countPattern(value, unit)});
  if (typeof value !== 'number') {
    for (const end of rangeOrSingle(value)) {
      out.push({owner, example: `${end} ${label}`, pattern: countPattern(end, unit)});
    }
  }
  return out;
}

function pesoForbidden(owner: string, minor: number): Forbidden[] {
  const major = minor / 100;
  const whole = Number.isInteger(major);
  const digits = escape(Math.trunc(major).toLocaleString('en-US')).replace(/,/g, ',?');
  const cents = whole ? '(?:\\.00)?' : escape(`.${formatPeso(minor).split('.')[1] ?? '00'}`);
  const out: Forbidden[] = [
    {
      owner,
      example: formatPeso(minor),
      pattern: new RegExp(`(?:\\bPHP|₱|\\bPhp|\\bP(?=\\d))\\s?${digits}${cents}${NOT_BEFORE_NUMBER}`),
    },
    {owner, example: `${major} pesos`, pattern: new RegExp(`${NOT_AFTER_NUMBER}\\b${digits}${cents}\\s+pesos?\\b`, 'i')},
  ];
  if (minor >= 1000) {
    // The amount in centavos, as an API would take it.
    out.push({owner, example: String(minor), pattern: new RegExp(`${NOT_AFTER_NUMBER}\\b${minor}${NOT_BEFORE_NUMBER}`)});
  }
  return out;
}

function usdForbidden(owner: string, minor: number): Forbidden[] {
  const digits = escape(Math.trunc(minor / 100).toLocaleString('en-US')).replace(/,/g, ',?');
  const cents = minor % 100 === 0 ? '(?:\\.00)?' : escape(`.${String(minor % 100).padStart(2, '0')}`);
  return [
    {
      owner,
      example: formatUsd(minor),
      pattern: new RegExp(`(?:\\bUSD|US\\$|\\$)\\s?${digits}${cents}${NOT_BEFORE_NUMBER}`),
    },
  ];
}

function percentForbidden(owner: string, percent: number): Forbidden[] {
  const number = Number.isInteger(percent) ? `${escape(String(percent))}(?:\\.0+)?` : escape(String(percent));
  return [
    {
      owner,
      example: formatPercent(percent),
      pattern: new RegExp(`${NOT_AFTER_NUMBER}\\b${number}\\s?(?:%|percent\\b|per cent\\b)`, 'i'),
    },
  ];
}

function timeForbidden(owner: string, time24h: string): Forbidden[] {
  const twelve = formatTime24h(time24h); // "3:00 PM"
  const [clock = '', suffix = ''] = twelve.split(' ');
  const [hour = '', minute = '00'] = clock.split(':');
  const suffixPattern = suffix === 'PM' ? '(?:PM|P\\.M\\.|pm|p\\.m\\.)' : '(?:AM|A\\.M\\.|am|a\\.m\\.)';
  const minutePattern = minute === '00' ? '(?::00)?' : `:${minute}`;
  return [
    {
      owner,
      example: twelve,
      pattern: new RegExp(`(?<![\\d:])(?:${escape(time24h)}|${hour}${minutePattern}\\s?${suffixPattern})(?![\\d])`),
    },
  ];
}

function isRange(value: unknown): value is Range {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 2 &&
    typeof (value as Record<string, unknown>).min === 'number' &&
    typeof (value as Record<string, unknown>).max === 'number'
  );
}

/** The forbidden strings for one fact, chosen by its key's suffix (see the table in facts.ts). */
function forbiddenFor(key: string, owner: string, value: number | Range | string): Forbidden[] | null {
  if (typeof value === 'string') {
    if (key.endsWith('Version')) {
      return [{owner, example: value, pattern: new RegExp(`${NOT_AFTER_NUMBER}\\b${escape(value)}${NOT_BEFORE_NUMBER}`)}];
    }
    if (key.endsWith('Time24h')) {
      return timeForbidden(owner, value);
    }
    return [];
  }
  const single = typeof value === 'number' ? value : null;
  if (key.endsWith('UsdMinor') && single !== null) {
    return usdForbidden(owner, single);
  }
  if (key.endsWith('Minor') && single !== null) {
    return pesoForbidden(owner, single);
  }
  if ((key.endsWith('Percent') || key === 'percent') && single !== null) {
    return percentForbidden(owner, single);
  }
  if (key.endsWith('TPlusBusinessDays') && single !== null) {
    return [
      {owner, example: `T+${single}`, pattern: new RegExp(`\\bT\\s?\\+\\s?${single}(?!\\d)`, 'i')},
      ...countForbidden(owner, single, DAY_UNIT, single === 1 ? 'business day' : 'business days'),
    ];
  }
  if (key.endsWith('BusinessDays')) {
    return countForbidden(owner, value, DAY_UNIT, 'business days');
  }
  if (key.endsWith('CalendarDays')) {
    return countForbidden(owner, value, DAY_UNIT, 'calendar days');
  }
  if (key.endsWith('Days')) {
    return countForbidden(owner, value, DAY_UNIT, 'days');
  }
  if (key.endsWith('Hours')) {
    return countForbidden(owner, value, HOUR_UNIT, 'hours');
  }
  if (key.endsWith('Minutes')) {
    const out = countForbidden(owner, value, MINUTE_UNIT, 'minutes');
    for (const minutes of rangeOrSingle(value)) {
      if (minutes % 60 === 0) {
        out.push(...countForbidden(owner, minutes / 60, HOUR_UNIT, 'hours'));
      }
    }
    return out;
  }
  if (key.endsWith('Seconds')) {
    return countForbidden(owner, value, SECOND_UNIT, 'seconds');
  }
  if (key.endsWith('Times') && single !== null) {
    return countForbidden(owner, single, 'times\\b', 'times');
  }
  if (key.endsWith('PerSecond') && single !== null) {
    return [
      {
        owner,
        example: `${single} requests per second`,
        pattern: new RegExp(`${NOT_AFTER_NUMBER}\\b${single}\\s*(?:requests?\\s*)?(?:per|/|a)\\s*(?:second|sec|s)\\b`, 'i'),
      },
    ];
  }
  if (key.endsWith('Level') && single !== null) {
    return [{owner, example: `Level ${single}`, pattern: new RegExp(`\\bLevel\\s+${single}(?!\\d)`, 'i')}];
  }
  return null;
}

/** Walks facts.ts and collects every forbidden literal; numeric facts without a known unit are problems. */
export function collectForbidden(problems: Problem[]): Forbidden[] {
  const out: Forbidden[] = [];
  const visit = (value: unknown, keyPath: string[]): void => {
    const key = keyPath[keyPath.length - 1] ?? '';
    const owner = `facts.${keyPath.join('.')}`;
    if (typeof value === 'number' || typeof value === 'string' || isRange(value)) {
      const found = forbiddenFor(key, owner, value);
      if (found === null) {
        problems.push({
          file: 'src/data/facts.ts',
          line: 1,
          reason: `${owner} is a number with no known unit suffix (see the naming table)`,
        });
      } else {
        out.push(...found);
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...keyPath, String(index)]));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [childKey, child] of Object.entries(value)) {
        visit(child, [...keyPath, childKey]);
      }
    }
  };
  visit(facts, []);
  return out;
}

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
        `literal "${hit.text}" states ${hit.owners[0] ?? ''}${more}; render it from src/data/facts.ts with <Fact> or a Facts table`,
      );
    }
  }
  return problems.sort((first, second) => first.line - second.line);
}

interface Hit {
  start: number;
  end: number;
  text: string;
  owners: string[];
}

/** Fact literals in one line: one hit per place, with every fact it states, ignoring hits inside a longer hit. */
export function factHits(prose: string, forbidden: Forbidden[]): Hit[] {
  const hits = new Map<string, Hit>();
  for (const item of forbidden) {
    const global = new RegExp(item.pattern.source, item.pattern.flags.includes('g') ? item.pattern.flags : `${item.pattern.flags}g`);
    for (const match of prose.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      const key = `${start}:${end}`;
      const hit = hits.get(key) ?? {start, end, text: match[0], owners: []};
      if (!hit.owners.includes(item.owner)) {
        // The fact written exactly this way is named first.
        if (item.example.toLowerCase() === match[0].toLowerCase()) {
          hit.owners.unshift(item.owner);
        } else {
          hit.owners.push(item.owner);
        }
      }
      hits.set(key, hit);
    }
  }
  const all = [...hits.values()];
  return all
    .filter((hit) => !all.some((other) => other !== hit && other.start <= hit.start && other.end >= hit.end))
    .sort((a, b) => a.start - b.start);
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
    `check-content: ${pages.length} page(s) in ${CONTENT_DIRS.join(', ')} passed (${forbidden.length} fact patterns from src/data/facts.ts; code that acts on a payment outcome shown by region or labelled an excerpt), and ${Object.keys(testOutcomes).length} test outcomes in ${testOutcomesFile} agree with the specs.`,
  );
}

if (process.argv[1]?.endsWith('check-content.ts')) main();
