/**
 * Each test value's outcome as the test mode plays it: the testing page's stories
 * (packages/model/src/testOutcomes.ts) run through a fresh test mode, and the events it sent, as sent. The
 * testing page's fixtures are these events (plugins/api-reference/test-outcome-events.ts), so a
 * decline fixture carries its card's own `failure_code`, and a story's events are about one charge.
 */
import {approvalActions, sampleSecretKey, testAmounts, testCards} from '@zip/model/testValues';
import type {TestOutcome} from '@zip/model/testOutcomes';
import {TestMode, type ApiRequest} from './testMode';

type Json = Record<string, unknown>;

/** The time the stories are played at: fixed, so the generated fixtures change only with the model. */
const playedAt = Date.UTC(2026, 0, 5, 1, 0, 0);
const amount = 89000;
const redirect = {success_url: 'https://shop.example.com/paid', failure_url: 'https://shop.example.com/failed'};

function call(testMode: TestMode, method: string, path: string, body: Json = {}): Json {
  const request: ApiRequest = {method, path, body, apiKey: sampleSecretKey, idempotencyKey: `outcome-${testMode.events.length}-${path}`};
  const answer = testMode.handle(request);
  if (answer.status >= 400) throw new Error(`test outcome: ${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function playCard(testMode: TestMode, outcome: string, number: string): void {
  const source = call(testMode, 'POST', '/v2/sources', {type: 'card', card: {number, exp_month: 12, exp_year: 2030, cvc: '123'}});
  const charge = call(testMode, 'POST', '/v2/charges', {amount, source: source.id, return_url: redirect.success_url});
  const id = charge.id as string;
  if (outcome === 'three-d-secure-passed' || outcome === 'three-d-secure-failed') {
    testMode.completeThreeDs(id);
    call(testMode, 'POST', `/v2/charges/${id}/verify`);
  } else if (outcome === 'dispute-won' || outcome === 'dispute-lost') {
    testMode.submitDisputeEvidence(testMode.openDispute(id));
  } else if (outcome === 'refund-fails') {
    call(testMode, 'POST', `/v2/charges/${id}/refund`, {amount});
    testMode.settleRefunds();
  }
}

/** A GCash payment: the approval page's button pressed, then a charge if the source is chargeable. */
function playWallet(testMode: TestMode, status: 'chargeable' | 'cancelled' | 'expired', amountMinor = amount): void {
  const source = call(testMode, 'POST', '/v2/sources', {type: 'gcash', amount: amountMinor, currency: 'PHP', redirect});
  testMode.sourceOutcome(source.id as string, status);
  if (status === 'chargeable') call(testMode, 'POST', '/v2/charges', {amount: amountMinor, source: source.id});
}

/** The events a test value's outcome makes Zip send, in order, as the test mode sends them. */
export function playOutcome(outcome: TestOutcome): Json[] {
  const testMode = new TestMode({now: playedAt});
  const card = testCards.find((candidate) => candidate.outcome === outcome);
  const approval = approvalActions.find((action) => `approval-${action.sourceStatus}` === outcome);
  const failingAmount = testAmounts.find((value) => `amount-${value.failureCode}` === outcome);
  if (card) playCard(testMode, outcome, card.number);
  else if (approval) playWallet(testMode, approval.sourceStatus as 'chargeable' | 'cancelled' | 'expired');
  else if (failingAmount) playWallet(testMode, 'chargeable', failingAmount.amountMinor);
  else throw new Error(`test outcome ${outcome}: no test value of packages/model/src/testValues.ts has it`);
  return testMode.events.map((event) => structuredClone(event) as Json);
}

/** Every test value's outcome. */
export const allOutcomes = (): TestOutcome[] => [
  ...testCards.map((card) => card.outcome as TestOutcome),
  ...approvalActions.map((action) => `approval-${action.sourceStatus}` as TestOutcome),
  ...testAmounts.map((value) => `amount-${value.failureCode}` as TestOutcome),
];
