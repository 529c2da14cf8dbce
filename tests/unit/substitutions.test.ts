/**
 * Every substitution of a third-party module is declared, documented and
 * guarded (plugins/substitutions.ts, plugins/README.md).
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {faultRecoverySubstitutions} from '../../plugins/fault-recovery';
import {leanSearchIndexSubstitutions} from '../../plugins/lean-search-index';
import {pageLoadSubstitutions} from '../../plugins/page-load';
import {installedVersion, staleSubstitutions, type Substitution} from '../../plugins/substitutions';

const siteDir = process.cwd();
const declared: readonly Substitution[] = [
  ...Object.values(pageLoadSubstitutions(siteDir)),
  ...faultRecoverySubstitutions(siteDir),
  ...leanSearchIndexSubstitutions(siteDir),
];

describe('substitutions', () => {
  it('each stand-in exists', () => {
    for (const substitution of declared) assert.ok(existsSync(substitution.standIn), `${substitution.name}: ${substitution.standIn}`);
  });

  it('each was checked with the version installed: after an upgrade, check it and raise the version', () => {
    for (const substitution of declared) {
      assert.equal(
        installedVersion(siteDir, substitution.packageName),
        substitution.checkedWith,
        `${substitution.name}: ${substitution.packageName} was upgraded; check the substitution and its row in plugins/README.md`,
      );
    }
  });

  it('each has its row in plugins/README.md, with the version it was checked with', () => {
    const readme = readFileSync(join(siteDir, 'plugins/README.md'), 'utf8');
    for (const substitution of declared) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${substitution.name} |`));
      assert.ok(row, `plugins/README.md has no row for "${substitution.name}"`);
      assert.ok(row.endsWith(`| ${substitution.packageName} ${substitution.checkedWith} |`), `"${substitution.name}": ${row}`);
    }
  });

  it('the guard names a substitution whose stand-in an importer no longer imports, with the versions', () => {
    const substitution: Substitution = {
      name: "the package's widget",
      packageName: 'widget-kit',
      checkedWith: '1.2.0',
      standIn: '/site/src/widget.ts',
      importers: [/widget-kit[\\/]lib[\\/]a\.js$/, /widget-kit[\\/]lib[\\/]b\.js$/],
    };
    const importers = new Map([['/site/src/widget.ts', ['/site/node_modules/widget-kit/lib/a.js']]]);
    const problems = staleSubstitutions([substitution], (resource) => importers.get(resource) ?? [], () => '2.0.0');
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^the package's widget no longer applies: \/site\/src\/widget\.ts is not imported by .*b\\\.js/);
    assert.match(problems[0] ?? '', /widget-kit is 2\.0\.0 \(checked with 1\.2\.0\)/);
    importers.set('/site/src/widget.ts', ['/site/node_modules/widget-kit/lib/a.js', '/site/node_modules/widget-kit/lib/b.js']);
    assert.deepEqual(staleSubstitutions([substitution], (resource) => importers.get(resource) ?? [], () => '1.2.0'), []);
  });

  it('a package that is not installed is named as such', () => {
    assert.equal(installedVersion(siteDir, 'no-such-package-of-zip'), 'not installed');
  });
});
