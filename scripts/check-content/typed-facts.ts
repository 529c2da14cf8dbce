/**
 * The facts of `packages/model/src/facts.ts` as the literals a page must not type: each fact's value in the
 * ways a writer would write it (digits, words, ranges, pesos, percentages, times), so a new fact
 * extends the content check by itself. `factHits` finds them in a line of prose.
 */
import {facts, formatPeso, formatPercent, formatTime24h, formatUsd, type Range} from '@zip/model/facts';
import type {Problem} from '../lib/pages';

export interface Forbidden {
  /** How the fact is written, for the message. */
  example: string;
  /** The facts.ts path that owns it. */
  owner: string;
  pattern: RegExp;
}

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
          file: 'packages/model/src/facts/values.ts',
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
