/**
 * AFDocs (`afdocs`, the Agent-Friendly Documentation Spec's checker, a pinned
 * devDependency) against the test build as nginx serves it, offline: every
 * page llms.txt lists, not a random sample, so a run is the same each time.
 * Links to the configured site URL are read on the local server
 * (`--canonical-origin`). The test fails below 100, and on any check that
 * warns, fails or errs, naming the check, its message and the pages behind it.
 *
 * On a busy machine a run computes between requests for longer than nginx
 * keeps an idle connection open; patches/afdocs+0.22.2.patch has its client
 * read its sockets before each request, so none goes out on a closed one.
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {test} from '../support/browser';
import {buildDir, site} from '../support/site';

const run = promisify(execFile);
const afdocsCli = resolve('node_modules/.bin/afdocs');

/** The configured site URL, as the sitemap writes it: what the twins' and llms.txt's links point at. */
const siteUrl = new URL(/<loc>([^<]+)<\/loc>/.exec(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'))?.[1] ?? '').origin;

/** More than the pages llms.txt lists, so the deterministic sampling takes every one. */
const pagesToCheck = 1000;

/** A run on two busy cores: AFDocs parses every page and twin several times over. */
const runTimeout = 1_500_000;

interface CheckResult {
  readonly id: string;
  readonly status: 'pass' | 'warn' | 'fail' | 'skip' | 'error';
  readonly message: string;
  readonly details?: {readonly pageResults?: readonly {readonly url: string; readonly status?: string}[]};
}

interface Report {
  readonly results: readonly CheckResult[];
  readonly scoring: {readonly overall: number};
  readonly testedPages?: number;
}

/** A check that did not pass, with the first pages it names. */
function describeCheck(check: CheckResult): string {
  const pages = (check.details?.pageResults ?? [])
    .filter((page) => page.status !== undefined && page.status !== 'pass')
    .slice(0, 5)
    .map((page) => `\n    ${page.url}`)
    .join('');
  return `${check.status} ${check.id}: ${check.message}${pages}`;
}

test.describe('AFDocs', () => {
  test('scores the served build 100, with no check warning or failing', async () => {
    test.setTimeout(runTimeout + 60_000);
    const {stdout} = await run(
      afdocsCli,
      [
        'check',
        site.origin,
        '--canonical-origin',
        siteUrl,
        '--format',
        'json',
        '--score',
        '--sampling',
        'deterministic',
        '--max-links',
        String(pagesToCheck),
        '--request-delay',
        '0',
        '--quiet',
      ],
      {maxBuffer: 256 * 1024 * 1024, timeout: runTimeout},
    ).catch((error: {stdout?: string; stderr?: string; message: string}) => {
      throw new Error(`afdocs check failed to run: ${error.message}\n${error.stderr ?? ''}`);
    });
    const report = JSON.parse(stdout) as Report;
    assert.ok((report.testedPages ?? 0) > 100, `AFDocs tested every listed page (${report.testedPages ?? 0})`);
    // `skip` is a check that does not apply (auth-alternative-access: every page is public).
    const notPassed = report.results.filter((check) => check.status !== 'pass' && check.status !== 'skip');
    assert.deepEqual(notPassed.map(describeCheck), [], 'every check passes');
    assert.equal(report.scoring.overall, 100, 'the AFDocs score');
  });
});
