/**
 * The testing page's fixtures are what the test mode sends for each test value
 * (`.generated/test-outcome-events.json`, plugins/api-reference/test-outcome-events.ts): the
 * story's events in order, a decline carrying its own failure code, every event of a story about
 * the same charge and source, an e-wallet's charge paid with the approved e-wallet source, and the
 * file as a fresh run of the test mode makes it.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {allOutcomes, playOutcome} from '@zip/test-mode/outcomes';
import {testOutcomeEventsFile} from '../../plugins/api-reference/test-outcome-events';
import {testAmounts, testCards} from '@zip/model/testValues';
import {eventsOf, type TestOutcome} from '@zip/model/testOutcomes';

type Json = Record<string, unknown>;
interface Event {
  readonly type: string;
  readonly data: {readonly object: Json};
}

/** What a failed charge of this outcome must say, or undefined when none of its events is a failure. */
function failureCodeOf(outcome: TestOutcome): string | undefined {
  if (outcome === 'three-d-secure-failed') return 'authentication_failed';
  const amount = testAmounts.find((value) => `amount-${value.failureCode}` === outcome);
  if (amount) return amount.failureCode;
  const card = testCards.find((candidate) => candidate.outcome === outcome);
  return card && /^[a-z_]+$/.test(outcome) ? outcome : undefined;
}

/** Ids replaced by their order of appearance, so two runs compare by what they say. */
const withoutIds = (events: readonly unknown[]): string => {
  const seen = new Map<string, string>();
  return JSON.stringify(events).replace(/\b(evt|ch|src|re|dp|cus)_[A-Za-z0-9]+/g, (id, prefix: string) => {
    if (!seen.has(id)) seen.set(id, `${prefix}_${seen.size}`);
    return seen.get(id) ?? id;
  });
};

/** What is wrong with one outcome's fixture events. */
function fixtureProblems(outcome: TestOutcome, events: readonly Event[]): string[] {
  const problems: string[] = [];
  const types = events.map((event) => event.type);
  if (types.join() !== eventsOf(outcome).join()) problems.push(`sends ${types.join(', ')}, the story says ${eventsOf(outcome).join(', ')}`);
  const charges = events.filter((event) => event.type.startsWith('charge.')).map((event) => event.data.object);
  const chargeIds = new Set(charges.map((charge) => charge.id));
  if (chargeIds.size > 1) problems.push(`its charge events are about ${chargeIds.size} charges: ${[...chargeIds].join(', ')}`);
  for (const dispute of events.filter((event) => event.type.startsWith('dispute.')).map((event) => event.data.object)) {
    if (!chargeIds.has(dispute.charge))
      problems.push(`dispute ${String(dispute.id)} is about ${String(dispute.charge)}, not the story's charge`);
  }
  const wallet = events.find((event) => event.type.startsWith('source.'))?.data.object;
  for (const charge of charges) {
    const source = charge.source as Json | undefined;
    if (wallet && (source?.id !== wallet.id || source?.type !== wallet.type))
      problems.push(
        `charge ${String(charge.id)} is paid with ${String(source?.type)} ${String(source?.id)}, not the approved ${String(wallet.type)} ${String(wallet.id)}`,
      );
  }
  const code = failureCodeOf(outcome);
  const failed = charges.find((charge) => charge.status === 'failed');
  if (code !== undefined && failed?.failure_code !== code)
    problems.push(`its failed charge says ${String(failed?.failure_code)}, not ${code}`);
  return problems;
}

describe('the testing page’s webhook fixtures', () => {
  if (!existsSync(testOutcomeEventsFile)) throw new Error(`${testOutcomeEventsFile} is missing: run npm run gen:api first.`);
  const fixtures = JSON.parse(readFileSync(testOutcomeEventsFile, 'utf8')) as Record<string, Event[]>;

  for (const outcome of allOutcomes()) {
    it(`${outcome}: the story's events, about one charge, with its own failure code, as the test mode sends them`, () => {
      const events = fixtures[outcome];
      assert.ok(events, `${testOutcomeEventsFile} has no fixture for ${outcome}`);
      assert.deepEqual(fixtureProblems(outcome, events), [], `${testOutcomeEventsFile}, ${outcome}`);
      assert.equal(
        withoutIds(events),
        withoutIds(playOutcome(outcome)),
        `${testOutcomeEventsFile}, ${outcome}: not what the test mode sends now (npm run gen:api -- --force)`,
      );
    });
  }

  it('finds a fixture that is wrong: a decline with another card’s code, or a charge paid with a card after an e-wallet approval', () => {
    const declined = structuredClone(fixtures.insufficient_funds ?? []);
    (declined[0] as {data: {object: Json}}).data.object.failure_code = 'authentication_failed';
    assert.deepEqual(fixtureProblems('insufficient_funds', declined), [
      'its failed charge says authentication_failed, not insufficient_funds',
    ]);
    const approved = structuredClone(fixtures['approval-chargeable'] ?? []);
    ((approved[1] as {data: {object: Json}}).data.object.source as Json).type = 'card';
    assert.equal(fixtureProblems('approval-chargeable', approved).length, 1);
  });
});
