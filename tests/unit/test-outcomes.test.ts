/**
 * Each test outcome's story (packages/model/src/testOutcomes.ts) against the specs, as `npm run
 * check:content` holds it (scripts/check-content/test-outcomes.ts): the real list passes, and a
 * broken row fails naming the outcome, its line and the step.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {checkTestOutcomes, rowLine, testOutcomesFile} from '../../scripts/check-content/test-outcomes';
import {loadSpecs} from '../../scripts/lib/specs';
import {eventsOf, stepsOf, testOutcomes, testValueOutcomes, type OutcomeStep} from '@zip/model/testOutcomes';

const root = path.join(import.meta.dirname, '../..');
const specs = loadSpecs(path.join(root, 'openapi'));
const source = readFileSync(path.join(root, testOutcomesFile), 'utf8');

/** The list with one outcome's steps replaced. */
const withRow = (outcome: string, steps: readonly OutcomeStep[]) => ({...testOutcomes, [outcome]: steps});
const check = (outcomes: Readonly<Record<string, readonly OutcomeStep[] | undefined>>) =>
  checkTestOutcomes(outcomes, testValueOutcomes, specs, source).map((problem) => `${problem.file}:${problem.line}: ${problem.reason}`);

describe('test outcomes’ stories', () => {
  it('agree with the specs, and every test value has one', () => {
    assert.deepEqual(check(testOutcomes), []);
  });

  it('give each outcome its events in order, for a webhook fixture', () => {
    assert.deepEqual(eventsOf('three-d-secure-passed'), ['charge.pending', 'charge.succeeded']);
    assert.deepEqual(eventsOf('three-d-secure-failed'), ['charge.pending', 'charge.failed']);
    assert.deepEqual(eventsOf('dispute-won'), ['charge.succeeded', 'dispute.opened', 'dispute.won']);
    assert.deepEqual(eventsOf('approval-expired'), ['source.expired']);
    assert.throws(() => stepsOf('authentication_failed'), /no story for the test outcome "authentication_failed"/);
  });

  const line = rowLine(source, 'three-d-secure-passed');
  const broken = (steps: readonly OutcomeStep[]) => check(withRow('three-d-secure-passed', steps));
  const [asked, pressed, verified] = stepsOf('three-d-secure-passed') as [OutcomeStep, OutcomeStep, OutcomeStep];

  it('finds a row’s line in the data file', () => {
    assert.ok(line > 1);
    assert.match(source.split('\n')[line - 1] ?? '', /'three-d-secure-passed':/);
  });

  it('fail on an event no spec declares, naming the row, its line and the step', () => {
    assert.deepEqual(broken([asked, pressed, {...verified, events: ['charge.completed']}]), [
      `${testOutcomesFile}:${line}: test outcome "three-d-secure-passed", step 3: the event "charge.completed" is a webhook of no spec`,
    ]);
  });

  it('fail on a status the object’s schema does not allow, saying which it allows', () => {
    const problems = broken([asked, pressed, {...verified, changes: [{object: 'charge', from: 'pending', to: 'approved'}]}]);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(
      problems[0] ?? '',
      /^packages\/model\/src\/testOutcomes\.ts:\d+: test outcome "three-d-secure-passed", step 3: charge status "approved" is not in the status enum of Charge in openapi\/payments\.yaml \(pending, authorised, succeeded, /,
    );
  });

  it('fail on an object the specs do not define, and a call that is no operation', () => {
    assert.deepEqual(broken([{...asked, call: 'POST /v2/payments', changes: [{object: 'payment', from: null, to: 'pending'}]}]), [
      `${testOutcomesFile}:${line}: test outcome "three-d-secure-passed", step 1: the call "POST /v2/payments" is no operation of the specs`,
      `${testOutcomesFile}:${line}: test outcome "three-d-secure-passed", step 1: no spec defines an object "payment" with a \`status\``,
    ]);
  });

  it('fail on a change that does not start where the story left the object', () => {
    assert.deepEqual(broken([asked, {...verified, changes: [{object: 'charge', from: 'authorised', to: 'succeeded'}]}]), [
      `${testOutcomesFile}:${line}: test outcome "three-d-secure-passed", step 2: charge goes from "authorised", but the story left it "pending"`,
    ]);
  });

  it('fail on a test value without a story, and on a story of no value', () => {
    const withoutRefund = Object.fromEntries(Object.entries(testOutcomes).filter(([outcome]) => outcome !== 'refund-fails'));
    assert.deepEqual(check(withoutRefund), [
      `${testOutcomesFile}:1: the test value "refund-fails" of packages/model/src/testValues.ts has no story`,
    ]);
    assert.deepEqual(check({...testOutcomes, 'approval-pending': [asked]}), [
      `${testOutcomesFile}:1: "approval-pending" is the outcome of no value of packages/model/src/testValues.ts`,
    ]);
  });
});
