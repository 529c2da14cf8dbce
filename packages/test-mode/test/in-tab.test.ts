/**
 * The browser's build of the test mode (src/browser/inTab.ts), run as a page loads it: Node with the
 * `browser` condition (the package's `imports` pick the generated specs and validators) and code
 * generation from strings refused, as the site's Content-Security-Policy refuses `eval`. It answers
 * and checks requests as the command does, and a second tab-open replays the journal to the same
 * objects and ids.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {validatorsFile} from '../src/browser/generate';

describe('the test mode in a browser tab', () => {
  it('answers, checks and replays without compiling code at run time', () => {
    assert.ok(existsSync(validatorsFile('bodies')), `${validatorsFile('bodies')} is missing: run npm run gen:api`);
    const output = execFileSync(
      process.execPath,
      ['--conditions=browser', '--disallow-code-generation-from-strings', '--import', 'tsx', join(import.meta.dirname, 'in-tab-run.mts')],
      {encoding: 'utf8'},
    );
    const result = JSON.parse(output) as Record<string, unknown>;
    assert.deepEqual(result.statuses, [201, 201, 422, 422, 401, 200, 200]);
    assert.deepEqual((result.missing as {error: {code: string; param: string}}).error.code, 'parameter_missing');
    assert.deepEqual((result.missing as {error: {code: string; param: string}}).error.param, 'source');
    assert.equal(result.tooManyParam, 'limit');
    assert.equal(result.requestIdHeader, true, "an error's request_id is its Request-Id header");
    assert.deepEqual(result.chargeEvents, ['charge.authorised']);
    assert.deepEqual(result.capturedEvents, ['charge.captured']);
    assert.deepEqual(result.settledEvents, ['charge.refunded']);
    assert.equal(result.sameIds, true, 'the replayed tab holds the same charge under the same id');
    assert.equal(result.logLength, 8);
    assert.equal(result.freshWithoutStorage, 0);
  });
});
