/**
 * The offline dependency check (scripts/advisories/check.ts) on a hand-made
 * lock: a high advisory in what ships fails, naming package, version, path in
 * the lock and advisory; the same in development only is a note; and the
 * repository's own lock and list pass.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, it} from 'node:test';
import {describeFinding, findings, lockedPackages, readAdvisoryList, type Advisory} from '../../scripts/advisories/check';

const advisory = (overrides: Partial<Advisory> = {}): Advisory => ({
  id: 'GHSA-test-0001',
  package: 'serialize-javascript',
  vulnerable: '<=7.0.2',
  severity: 'high',
  fixed: '7.0.3',
  title: 'code injection',
  ...overrides,
});

/** The site ships a bundler whose plugin nests an old copy; a test runner (development only) has another. */
const lock = {
  packages: {
    '': {name: 'site', dependencies: {bundler: '1.0.0'}, devDependencies: {runner: '2.0.0', deployer: '1.0.0'}},
    'node_modules/bundler': {version: '1.0.0', dependencies: {'copy-plugin': '^11.0.0'}},
    'node_modules/copy-plugin': {version: '11.0.0', dependencies: {'serialize-javascript': '^6.0.0'}},
    'node_modules/copy-plugin/node_modules/serialize-javascript': {version: '6.0.2'},
    'node_modules/serialize-javascript': {version: '7.1.4', dev: true},
    'node_modules/runner': {version: '2.0.0', dev: true, dependencies: {'serialize-javascript': '^7.0.0', qs: '6.5.5'}},
    'node_modules/runner/node_modules/qs': {version: '6.5.5', dev: true},
    'node_modules/deployer': {version: '1.0.0', dev: true, dependencies: {qs: '6.5.5'}},
    'node_modules/qs': {version: '6.17.1', dev: true},
  },
};

describe('the offline dependency check', () => {
  it('fails a high advisory in what ships, naming package, version, path in the lock, how it ships and the advisory', () => {
    const found = findings(lockedPackages(lock), [advisory()]);
    assert.equal(found.length, 1);
    assert.equal(found[0]?.fails, true);
    assert.equal(
      describeFinding(found[0] ?? assert.fail()),
      'FAIL serialize-javascript@6.0.2 at node_modules/copy-plugin/node_modules/serialize-javascript (ships through bundler > copy-plugin > serialize-javascript): GHSA-test-0001, high, code injection; fixed in 7.0.3',
    );
  });

  it('reports, without failing, a high advisory in development only and a moderate one in what ships', () => {
    const found = findings(lockedPackages(lock), [
      advisory({package: 'qs', vulnerable: '<6.14.1', fixed: '6.14.1'}),
      advisory({severity: 'moderate'}),
    ]);
    assert.deepEqual(
      found.map((finding) => [finding.installed.lockPath, finding.fails]),
      [
        ['node_modules/copy-plugin/node_modules/serialize-javascript', false],
        ['node_modules/runner/node_modules/qs', false],
      ],
    );
    assert.match(describeFinding(found[1] ?? assert.fail()), /^note qs@6\.5\.5 .*\(development only\)/);
  });

  it('counts a development package the list says ships, and what it reaches, as shipping', () => {
    const installed = lockedPackages(lock, ['deployer']);
    // deployer resolves qs from the root's node_modules, not runner's nested copy.
    assert.equal(installed.find((copy) => copy.lockPath === 'node_modules/qs')?.shippedThrough, 'deployer > qs');
    assert.equal(installed.find((copy) => copy.lockPath === 'node_modules/runner/node_modules/qs')?.shippedThrough, undefined);
  });

  it('fails an advisory list with a bad entry, naming the file and the entry', () => {
    const folder = mkdtempSync(join(tmpdir(), 'zip-advisories-'));
    after(() => rmSync(folder, {recursive: true, force: true}));
    const file = join(folder, 'advisories.json');
    const write = (entry: Partial<Advisory>): void =>
      writeFileSync(file, JSON.stringify({checkedOn: '2026-12-01', source: 'test', shipsFromDevelopment: {}, advisories: [entry]}));
    write(advisory({severity: 'severe' as Advisory['severity']}));
    assert.throws(() => readAdvisoryList(file), /advisories\[0\] \(GHSA-test-0001\): severity "severe"/);
    write(advisory({fixed: '7.0.1'}));
    assert.throws(() => readAdvisoryList(file), /fixed version 7\.0\.1 is inside the vulnerable range/);
  });

  it('passes the repository’s lock against the repository’s list', () => {
    const list = readAdvisoryList(join('scripts', 'advisories', 'advisories.json'));
    const installed = lockedPackages(JSON.parse(readFileSync('package-lock.json', 'utf8')), Object.keys(list.shipsFromDevelopment));
    assert.deepEqual(
      findings(installed, list.advisories)
        .filter((finding) => finding.fails)
        .map(describeFinding),
      [],
    );
  });
});
