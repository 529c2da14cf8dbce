/**
 * Content check for hand-written pages: `npx tsx scripts/check-content.ts`.
 *
 * For every .md/.mdx file under CONTENT_DIRS it checks:
 *  - front matter has a non-empty `title` and `description` (one sentence, at most 160 characters);
 *  - the page has at least one H2;
 *  - no placeholder wording (lorem, TODO, TBD, coming soon);
 *  - no number that `src/data/facts.ts` owns is typed as literal text. The forbidden
 *    strings are derived from the facts file itself, so a new fact extends the check.
 *    Import/export lines, front matter, inline code and code blocks are skipped;
 *    Mermaid diagrams are checked, because they are read as prose;
 *  - links to /help/ pages point at an existing page (and heading, when they name one),
 *    and other site links point at a route the site spec lists.
 *
 * Every problem is printed as `path:line: reason`; the exit code is 1 if there is any.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {apiProducts} from '../src/data/apiReference';
import {facts, formatPeso, formatPercent, formatTime24h, formatUsd, type Range} from '../src/data/facts';

/**
 * The generated page of every webhook event: `<product outputDir>/<kebab-cased operationId>`,
 * in each product whose spec (and tag, for products cut from the payments spec) declares it.
 */
function eventPageRoutes(): string[] {
  type Webhook = {post?: {operationId?: string; tags?: string[]}};
  return apiProducts.flatMap((product) => {
    const spec = yaml.load(readFileSync(product.sourceSpec, 'utf8')) as {webhooks?: Record<string, Webhook>};
    return Object.values(spec.webhooks ?? {})
      .map((webhook) => webhook.post)
      .filter((operation) => operation?.operationId && (product.tag === undefined || (operation.tags ?? []).includes(product.tag)))
      .map((operation) => `/${product.outputDir}/${(operation?.operationId ?? '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`);
  });
}

/** Folders whose pages are checked. */
export const CONTENT_DIRS = ['docs/help', 'guides'] as const;

/** Routes outside /help/ that pages may link to (from the site spec). */
const SITE_ROUTES: readonly string[] = [
  '/',
  '/guides/intro',
  '/guides/getting-started',
  '/guides/checkout',
  '/guides/onboarding',
  '/guides/payment-methods',
  ...['api-keys', 'developer-intro', 'getting-started', 'taking-payments', 'webhooks', 'testing'].map(
    (page) => `/guides/developer-guide/${page}`,
  ),
  ...[
    'add-product',
    'create-customer',
    'custom-branding',
    'generate-payment-links',
    'invite-team',
    'payment-decline',
    'refund-payment',
    'save-payment-information',
    'send-payment-request',
    'tutorials-intro',
    'update-payout',
  ].map((page) => `/guides/tutorials/${page}`),
  '/api/intro',
  '/api/authentication',
  '/api/errors',
  '/api/webhooks',
  '/api/checkout/intro',
  ...['capture-session', 'create-session', 'expire-session', 'list-sessions', 'retrieve-session'].map(
    (page) => `/api/checkout/endpoints/${page}`,
  ),
  '/api/core/charges/charges-intro',
  ...['capture-charge', 'create-charge', 'list-charges', 'refund-charge', 'retrieve-charge', 'verify-charge', 'void-charge'].map(
    (page) => `/api/core/charges/${page}`,
  ),
  ...['create-customer', 'retrieve-customer', 'retrieve-customer-by-email', 'update-customer', 'delete-customer'].map(
    (page) => `/api/core/customers/${page}`,
  ),
  '/api/core/events/events-intro',
  ...[
    'list-events',
    'retrieve-event',
    'create-webhook-endpoint',
    'list-webhook-endpoints',
    'retrieve-webhook-endpoint',
    'update-webhook-endpoint',
    'delete-webhook-endpoint',
    'roll-webhook-endpoint-secret',
  ].map((page) => `/api/core/events/${page}`),
  // One page per webhook event, in the product that owns the resource (openapi/*.yaml `webhooks`).
  ...eventPageRoutes(),
  '/api/core/customers/customers-intro',
  '/api/core/sources/sources-intro',
  ...['attach-source', 'create-source', 'detach-source', 'retrieve-source'].map((page) => `/api/core/sources/${page}`),
  '/api/links/links-intro',
  ...['activate-link', 'create-link', 'deactivate-link', 'list-links', 'retrieve-link', 'update-link'].map(
    (page) => `/api/links/${page}`,
  ),
  '/api/requests/requests-intro',
  ...['create-request', 'list-requests', 'resend-request', 'retrieve-request', 'void-request'].map(
    (page) => `/api/requests/${page}`,
  ),
];

const ROOT = process.cwd();
const MAX_DESCRIPTION = 160;

interface Problem {
  file: string;
  line: number;
  reason: string;
}

interface Forbidden {
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
  const amount =
    typeof value === 'number'
      ? numberPattern(value)
      : `${numberPattern(value.min)}${DASH}${numberPattern(value.max)}`;
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
function collectForbidden(problems: Problem[]): Forbidden[] {
  const out: Forbidden[] = [];
  const visit = (value: unknown, keyPath: string[]): void => {
    const key = keyPath[keyPath.length - 1] ?? '';
    const owner = `facts.${keyPath.join('.')}`;
    if (typeof value === 'number' || typeof value === 'string' || isRange(value)) {
      const found = forbiddenFor(key, owner, value);
      if (found === null) {
        problems.push({file: 'src/data/facts.ts', line: 1, reason: `${owner} is a number with no known unit suffix (see the naming table)`});
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
// Page parsing
// ---------------------------------------------------------------------------

interface Page {
  file: string;
  lines: string[];
  frontMatter: Map<string, {value: string; line: number}>;
  /** Index of the first body line. */
  bodyStart: number;
}

function listPages(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(absolute);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort()) {
    const relative = path.join(dir, entry);
    if (statSync(path.join(ROOT, relative)).isDirectory()) {
      files.push(...listPages(relative));
    } else if (/\.mdx?$/.test(entry)) {
      files.push(relative);
    }
  }
  return files;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && (trimmed[0] === '"' || trimmed[0] === "'") && trimmed.endsWith(trimmed[0])) {
    return trimmed.slice(1, -1);
  }
  return trimmed;
}

function readPage(file: string): Page {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split(/\r?\n/);
  const frontMatter = new Map<string, {value: string; line: number}>();
  let bodyStart = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
    if (end > 0) {
      for (let index = 1; index < end; index += 1) {
        const match = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(lines[index] ?? '');
        if (match?.[1] !== undefined) {
          frontMatter.set(match[1], {value: unquote(match[2] ?? ''), line: index + 1});
        }
      }
      bodyStart = end + 1;
    }
  }
  return {file, lines, frontMatter, bodyStart};
}

/** GitHub-style heading slug, as Docusaurus makes it. */
function slugify(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function headingIds(page: Page): Set<string> {
  const ids = new Set<string>();
  const counts = new Map<string, number>();
  let fence: string | null = null;
  for (const line of page.lines.slice(page.bodyStart)) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1] !== undefined) {
      fence = fence === null ? fenceMatch[1] : line.trim().startsWith(fence) ? null : fence;
      continue;
    }
    const heading = fence === null ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading?.[1] !== undefined) {
      const explicit = /\{#([\w-]+)\}\s*$/.exec(heading[1]);
      const base = explicit?.[1] ?? slugify(heading[1]);
      const seen = counts.get(base) ?? 0;
      counts.set(base, seen + 1);
      ids.add(seen === 0 ? base : `${base}-${seen}`);
    }
  }
  return ids;
}

function routeOf(file: string): string {
  return `/${file.replace(/^docs\//, '').replace(/\.mdx?$/, '').replace(/\/index$/, '')}`;
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

const PLACEHOLDER = /\blorem\b|\btodo\b|\btbd\b|coming soon/i;

function checkPage(page: Page, forbidden: Forbidden[], routes: Map<string, Page>, problems: Problem[]): void {
  const report = (line: number, reason: string): void => {
    problems.push({file: page.file, line, reason});
  };

  for (const field of ['title', 'description'] as const) {
    const entry = page.frontMatter.get(field);
    if (entry === undefined || entry.value === '') {
      report(entry?.line ?? 1, `front matter \`${field}\` is missing or empty`);
    }
  }
  const description = page.frontMatter.get('description');
  if (description !== undefined && description.value.length > MAX_DESCRIPTION) {
    report(description.line, `description is ${description.value.length} characters (at most ${MAX_DESCRIPTION})`);
  }
  for (const [key, entry] of page.frontMatter) {
    if (PLACEHOLDER.test(entry.value)) {
      report(entry.line, `placeholder wording in front matter \`${key}\``);
    }
  }

  let hasH2 = false;
  let fence: {marker: string; mermaid: boolean} | null = null;
  for (let index = page.bodyStart; index < page.lines.length; index += 1) {
    const raw = page.lines[index] ?? '';
    const lineNumber = index + 1;

    const fenceMatch = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(raw);
    if (fenceMatch?.[1] !== undefined) {
      if (fence === null) {
        fence = {marker: fenceMatch[1], mermaid: fenceMatch[2] === 'mermaid'};
        continue;
      }
      if (raw.trim().startsWith(fence.marker)) {
        fence = null;
        continue;
      }
    }
    if (PLACEHOLDER.test(raw)) {
      report(lineNumber, 'placeholder wording (lorem, TODO, TBD or "coming soon")');
    }
    if (fence !== null && !fence.mermaid) {
      continue;
    }
    if (fence === null && /^(import|export)\s/.test(raw)) {
      continue;
    }
    if (fence === null && /^##\s+\S/.test(raw)) {
      hasH2 = true;
    }

    const prose = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const hit of factHits(prose, forbidden)) {
      const more = hit.owners.length > 1 ? ` and ${hit.owners.length - 1} more` : '';
      report(lineNumber, `literal "${hit.text}" states ${hit.owners[0] ?? ''}${more}; render it from src/data/facts.ts with <Fact> or a Facts table`);
    }

    if (fence === null) {
      checkLinks(prose, lineNumber, routes, report);
    }
  }
  if (!hasH2) {
    report(page.bodyStart + 1, 'no H2 heading (## …)');
  }
}

interface Hit {
  start: number;
  end: number;
  text: string;
  owners: string[];
}

/** Fact literals in one line: one hit per place, with every fact it states, ignoring hits inside a longer hit. */
function factHits(prose: string, forbidden: Forbidden[]): Hit[] {
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

function checkLinks(prose: string, line: number, routes: Map<string, Page>, report: (line: number, reason: string) => void): void {
  const links = [...prose.matchAll(/\]\((\/[^)\s]*)\)|\b(?:href|to)="(\/[^"]*)"/g)];
  for (const link of links) {
    const target = link[1] ?? link[2] ?? '';
    const [pathPart = '', anchor] = target.split('#');
    const route = pathPart.length > 1 ? pathPart.replace(/\/$/, '') : pathPart;
    if (route.startsWith('/help/')) {
      const page = routes.get(route);
      if (page === undefined) {
        report(line, `link to ${target}: no page at ${route}`);
      } else if (anchor !== undefined && anchor !== '' && !headingIds(page).has(anchor)) {
        report(line, `link to ${target}: ${page.file} has no heading #${anchor}`);
      }
    } else if (!SITE_ROUTES.includes(route)) {
      report(line, `link to ${target}: not a route in the site spec`);
    }
  }
}

function main(): void {
  const problems: Problem[] = [];
  const forbidden = collectForbidden(problems);
  const files = CONTENT_DIRS.flatMap((dir) => listPages(dir));
  const pages = files.map(readPage);
  const routes = new Map(pages.map((page) => [routeOf(page.file), page]));
  for (const page of pages) {
    checkPage(page, forbidden, routes, problems);
  }
  for (const problem of problems) {
    console.log(`${problem.file}:${problem.line}: ${problem.reason}`);
  }
  if (problems.length > 0) {
    console.error(`check-content: ${problems.length} problem(s) in ${pages.length} page(s).`);
    process.exit(1);
  }
  console.log(
    `check-content: ${pages.length} page(s) in ${CONTENT_DIRS.join(', ')} passed (${forbidden.length} fact patterns from src/data/facts.ts).`,
  );
}

main();
