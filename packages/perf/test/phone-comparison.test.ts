/**
 * How the benchmark compares two sites' throttled loads (packages/perf/src/phone.ts,
 * pairedDifference): round by round, the median difference and an interval
 * from the differences' order statistics; and how it counts a load's blocking
 * time (blockingTime).
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {blockingTime, pairedDifference, type RoundLoad} from '../src/phone';

const loads = (hydratedMs: readonly number[], rounds: readonly number[] = hydratedMs.map((_, round) => round)): RoundLoad[] =>
  hydratedMs.map((ms, index) => ({
    fcpMs: 0,
    lcpMs: 0,
    hydratedMs: ms,
    blockingMs: 0,
    scriptBeforeHydratedGzip: 0,
    scriptsBeforeHydrated: [],
    round: rounds[index] ?? index,
  }));

describe('pairedDifference', () => {
  it('subtracts the baseline of the same round, not of the same position', () => {
    // Round 1 of the first site failed: its second load pairs with the baseline's round 2.
    const difference = pairedDifference(loads([2100, 2300], [0, 2]), loads([2000, 9000, 2150]));
    assert.deepEqual(difference && [difference.rounds, difference.lowMs, difference.highMs], [2, 100, 150]);
  });

  it('gives the median of nine differences, between the 2nd and 8th smallest with 96 % coverage', () => {
    const baseline = loads(Array.from({length: 9}, () => 2000));
    const difference = pairedDifference(loads([2300, 1900, 2050, 2100, 2000, 2400, 2150, 1950, 2200]), baseline);
    assert.ok(difference);
    assert.equal(difference.medianMs, 100);
    assert.equal(difference.lowMs, -50);
    assert.equal(difference.highMs, 300);
    assert.equal(difference.coverage.toFixed(3), '0.961');
  });

  it('with four rounds, gives the whole range and says it covers less than 90 %', () => {
    const difference = pairedDifference(loads([2010, 2040, 2020, 2030]), loads([2000, 2000, 2000, 2000]));
    assert.ok(difference);
    assert.deepEqual([difference.medianMs, difference.lowMs, difference.highMs], [25, 10, 40]);
    assert.ok(difference.coverage < 0.9);
  });

  it('has nothing to say without a shared round', () => {
    assert.equal(pairedDifference(loads([2000], [3]), loads([2000], [4])), undefined);
  });
});

describe('blockingTime', () => {
  it('adds the blocking time of the frames that start within the window', () => {
    const frames: [number, number][] = [
      [0, 150], // before the window (the first paint's own frame)
      [70, 30], // at its start
      [400, 0], // long, but nothing over 50 ms
      [900, 120],
      [1050, 200], // at its end: after
    ];
    assert.equal(blockingTime(frames, 70, 1050), 30 + 0 + 120);
  });
});
