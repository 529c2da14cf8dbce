/**
 * Holds each test outcome's story (packages/model/src/testOutcomes.ts) to the specs, for `npm run
 * check:content`: a step's call must be an operation of a spec, each status change must name an
 * object the specs define with statuses its schema's `status` enum allows, starting where the
 * story last left that object, and each event must be a webhook a spec declares. A problem names
 * the row (the outcome) and its line in the data file, and the step.
 */
import {propertiesOf, type Specs} from '../lib/specs';
import type {Problem} from '../lib/pages';
import type {OutcomeStep} from '@zip/model/testOutcomes';

export const testOutcomesFile = 'packages/model/src/testOutcomes.ts';

/** The line of `outcome`'s row in the data file's source, or 1 when it cannot be found. */
export function rowLine(source: string, outcome: string): number {
  const escaped = outcome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\s*(?:'${escaped}'|${escaped}):`);
  const index = source.split('\n').findIndex((line) => pattern.test(line));
  return index + 1 || 1;
}

/** The `status` enum of each object the specs define, with its schema's name and file. */
function statusesOf(specs: Pick<Specs, 'resources'>, object: string): {values: string[]; where: string} | undefined {
  const resource = specs.resources.get(object);
  const values = resource ? propertiesOf(resource.schema).status?.enum : undefined;
  if (!resource || !Array.isArray(values)) return undefined;
  return {
    values: values.filter((value): value is string => typeof value === 'string'),
    where: `${resource.schemaName} in ${resource.specFile}`,
  };
}

/**
 * Every problem of the stories `outcomes`, whose source is `source`; `expected` lists the outcomes
 * of test mode's values, each of which needs a story.
 */
export function checkTestOutcomes(
  outcomes: Readonly<Record<string, readonly OutcomeStep[] | undefined>>,
  expected: readonly string[],
  specs: Pick<Specs, 'operations' | 'resources' | 'events'>,
  source: string,
): Problem[] {
  const problems: Problem[] = [];
  for (const outcome of expected) {
    if (outcomes[outcome] === undefined) {
      problems.push({
        file: testOutcomesFile,
        line: 1,
        reason: `the test value "${outcome}" of packages/model/src/testValues.ts has no story`,
      });
    }
  }
  const operations = new Set(specs.operations.map((operation) => `${operation.method} ${operation.template}`));
  for (const [outcome, steps = []] of Object.entries(outcomes)) {
    if (!expected.includes(outcome)) {
      problems.push({
        file: testOutcomesFile,
        line: rowLine(source, outcome),
        reason: `"${outcome}" is the outcome of no value of packages/model/src/testValues.ts`,
      });
    }
    const report = (step: number, reason: string) =>
      problems.push({file: testOutcomesFile, line: rowLine(source, outcome), reason: `test outcome "${outcome}", step ${step}: ${reason}`});
    if (steps.length === 0) report(0, 'the story has no steps');
    const current = new Map<string, string>();
    steps.forEach((step, index) => {
      const number = index + 1;
      if (step.call !== undefined && !operations.has(step.call)) report(number, `the call "${step.call}" is no operation of the specs`);
      for (const change of step.changes) {
        const statuses = statusesOf(specs, change.object);
        if (statuses === undefined) {
          report(number, `no spec defines an object "${change.object}" with a \`status\``);
          continue;
        }
        for (const status of [change.from, change.to]) {
          if (status !== null && !statuses.values.includes(status)) {
            report(
              number,
              `${change.object} status "${status}" is not in the status enum of ${statuses.where} (${statuses.values.join(', ')})`,
            );
          }
        }
        const before = current.get(change.object);
        if (change.from === null && before !== undefined) {
          report(number, `creates a ${change.object}, but the story already has one (${before})`);
        } else if (change.from !== null && before !== undefined && change.from !== before) {
          report(number, `${change.object} goes from "${change.from}", but the story left it "${before}"`);
        }
        current.set(change.object, change.to);
      }
      for (const event of step.events) {
        if (!specs.events.has(event)) report(number, `the event "${event}" is a webhook of no spec`);
      }
    });
  }
  return problems;
}
