/**
 * The content check's rule that a page runs the stateful test mode from the tarball the site
 * publishes, never by a package name the npm registry does not have
 * (scripts/check-content/test-mode-command.ts). Each failing case asserts the file and the line.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {checkTestModeCommands} from '../../scripts/check-content/test-mode-command';
import {formatProblem, parsePage} from '../../scripts/lib/pages';

const FENCE = '```';
const FILE = 'guides/test.mdx';

function page(...commands: string[]): string {
  return [
    '---',
    'title: Test',
    'description: A test page.',
    '---',
    '',
    '## Start',
    '',
    `${FENCE}bash title="Start"`,
    ...commands,
    FENCE,
  ].join('\n');
}

function check(source: string): string[] {
  return checkTestModeCommands(parsePage(source, FILE)).map(formatProblem);
}

describe('the test mode runs from the site', () => {
  it('fails npx zip-test-mode, naming file and line', () => {
    const problems = check(page('export PORT=4011', 'npx zip-test-mode --port 4011'));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^guides\/test\.mdx:10: the test mode is not on the npm registry/);
  });

  it('fails the workspace name with npm exec, npm install and npx -p', () => {
    assert.equal(check(page('npm exec @zip/test-mode', 'npm install @zip/test-mode', 'npx -p @zip/test-mode zip-test-mode')).length, 3);
  });

  it('passes the tarball on the site, with or without --package', () => {
    const tarball = 'https://docs.example.com/downloads/zip-test-mode.tgz';
    assert.deepEqual(check(page(`npx ${tarball} --port 4011`, `npx --package ${tarball} zip-test-mode`)), []);
  });

  it('leaves other commands alone', () => {
    assert.deepEqual(check(page('npx tsx server.ts', 'npm install express')), []);
  });
});
