/**
 * The money formats the fact tables print. They are written out by hand (see
 * groupThousands in src/data/facts.ts); these tests hold them to what
 * `toLocaleString('en-US')` prints.
 */
import {describe, it} from 'node:test';
import assert from 'node:assert/strict';
import {formatPeso, formatUsd} from '../../src/data/facts';

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
