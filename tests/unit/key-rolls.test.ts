/**
 * The content check's rule that a key or secret rolled after a leak, or when someone leaves, is
 * rolled with no overlap (scripts/check-content/key-rolls.ts). Each failing case asserts the file
 * and the line it names.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {checkKeyRolls} from '../../scripts/check-content/key-rolls';
import {formatProblem, parsePage} from '../../scripts/lib/pages';

const FILE = 'docs/help/test.mdx';

function page(heading: string, ...body: string[]): string {
  return ['---', 'title: Test', 'description: A test page.', '---', '', `## ${heading}`, '', ...body].join('\n');
}

function check(source: string): string[] {
  return checkKeyRolls(parsePage(source, FILE)).map(formatProblem);
}

describe('a key rolled after a leak or a departure is rolled with no overlap', () => {
  it('fails a roll under a heading about someone leaving that leaves the overlap to the dialog, naming file and line', () => {
    const problems = check(page('When someone leaves', '1. Remove them.', '2. Ask your developer to roll the live secret key.'));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^docs\/help\/test\.mdx:9: a key or secret rolled after a leak/);
  });

  it('fails a line about a leaked key that says only "roll"', () => {
    assert.equal(check(page('Keys', 'If a secret key may have leaked, select **Roll key** at once.')).length, 1);
  });

  it('passes when the line says no overlap, or sets expire_previous_in_hours to 0', () => {
    assert.deepEqual(check(page('When someone leaves', 'Roll the live secret key with **no overlap**.')), []);
    assert.deepEqual(check(page('Leaked secrets', 'If the old secret has leaked, roll with `expire_previous_in_hours` set to `0`.')), []);
  });

  it('leaves a routine roll alone', () => {
    assert.deepEqual(check(page('Rotate on a schedule', 'Roll each key every year, with an overlap of a day.')), []);
  });

  it('reads prose only, not code blocks', () => {
    assert.deepEqual(check(page('Leaked keys', '```bash title="Roll"', 'roll the key', '```')), []);
  });
});
