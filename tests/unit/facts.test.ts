/**
 * The money formats the fact tables print. They are written out by hand (see
 * groupThousands in packages/model/src/facts/format.ts); these tests hold them to what
 * `toLocaleString('en-US')` prints.
 */
import {describe, it} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {facts, formatDate, formatPeso, formatUsd, publicSources} from '@zip/model/facts';

// What toLocaleString('en-US', …) prints, from one formatter: toLocaleString
// builds a new one on every call, too slow for 330,000 amounts.
const enUsAmount = new Intl.NumberFormat('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2});
const byIntl = (minor: number): string => enUsAmount.format(minor / 100);

describe('money formats', () => {
  it('print pesos and dollars with two decimals and grouped thousands', () => {
    assert.equal(formatPeso(0), 'PHP 0.00');
    assert.equal(formatPeso(1500), 'PHP 15.00');
    assert.equal(formatPeso(50_000_000), 'PHP 500,000.00');
    assert.equal(formatPeso(123_456_789_012), 'PHP 1,234,567,890.12');
    assert.equal(formatUsd(100), 'USD 1.00');
    assert.equal(formatPeso(-250_050), 'PHP -2,500.50');
  });

  it('agree with toLocaleString on every amount up to PHP 2,000, and on a spread up to PHP 10 million', () => {
    for (let minor = -100_000; minor <= 1_000_000_000; minor += 7_919) {
      assert.equal(formatPeso(minor), `PHP ${byIntl(minor)}`, `${minor} minor units`);
    }
    for (let minor = 0; minor <= 200_000; minor += 1) {
      assert.equal(formatPeso(minor), `PHP ${byIntl(minor)}`, `${minor} minor units`);
    }
  });
});

describe('Philippine rules', () => {
  const isoDay = /^\d{4}-\d{2}-\d{2}$/;

  it('name only public sources that exist, each with the day it was checked', () => {
    for (const [rule, group] of Object.entries(facts.philippineRules)) {
      assert.ok(group.sources.length > 0, `facts.philippineRules.${rule} names no source`);
      for (const name of group.sources) {
        assert.ok(Object.hasOwn(publicSources, name), `facts.philippineRules.${rule} names unknown source "${name}"`);
      }
    }
    for (const [name, source] of Object.entries(publicSources)) {
      assert.match(source.checkedOn, isoDay, `publicSources["${name}"].checkedOn is not YYYY-MM-DD`);
      assert.match(source.url, /^https:\/\//, `publicSources["${name}"].url is not an https address`);
    }
  });

  it('write dates out in words', () => {
    assert.equal(formatDate('2024-01-11'), '11 January 2024');
    assert.equal(formatDate('2024-08'), 'August 2024');
    assert.equal(formatDate('undated'), 'undated');
  });
});

describe('Node.js version on the pages', () => {
  // One supported release, from facts.developer.nodeJsRelease through <Fact name="developer.nodeJs" />;
  // a typed "Node.js 20" in prose or a code block's title goes stale when the release changes.
  it('is never typed: pages print it from the facts file', () => {
    const root = path.join(import.meta.dirname, '..', '..');
    const typed = /\bNode(?:\.js)?\s+v?\d+/;
    const offenders: string[] = [];
    const visit = (dir: string): void => {
      for (const entry of readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (/\.mdx?$/.test(entry.name) && !entry.name.endsWith('.api.mdx')) {
          readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (typed.test(line)) offenders.push(`${path.relative(root, full)}:${index + 1}: ${line.trim()}`);
            });
        }
      }
    };
    for (const folder of ['docs', 'guides', 'api']) visit(path.join(root, folder));
    assert.deepEqual(offenders, [], `Node.js version typed as text; use <Fact name="developer.nodeJs" />:\n${offenders.join('\n')}`);
  });
});
