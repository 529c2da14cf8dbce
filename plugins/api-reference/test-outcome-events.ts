/**
 * `.generated/test-outcome-events.json`: the events each test value's outcome makes the test mode
 * send (packages/test-mode/src/outcomes.ts), which the testing page's fixtures are made of
 * (src/components/WebhookFixtureDownload). Loaded when a reader uses a fixture's form, never in a
 * page's bundle.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {allOutcomes, playOutcome} from '@zip/test-mode/outcomes';

export const testOutcomeEventsFile = '.generated/test-outcome-events.json';

export function writeTestOutcomeEvents(): void {
  const events = Object.fromEntries(allOutcomes().map((outcome) => [outcome, playOutcome(outcome)]));
  mkdirSync('.generated', {recursive: true});
  writeFileSync(testOutcomeEventsFile, `${JSON.stringify(events)}\n`);
}
