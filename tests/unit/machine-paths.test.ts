/**
 * The build check that no published file names the folder the site was built
 * in (plugins/delivery/machine-paths.ts), on a small build in a temporary folder.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, sep} from 'node:path';
import {after, describe, it} from 'node:test';
import {assertNoSiteDirInBuild, filesNamingSiteDir} from '../../plugins/delivery/machine-paths';

describe('no build-machine path in the build', () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'zip-docs-site-'));
  const outDir = join(siteDir, 'build');
  after(() => rmSync(siteDir, {recursive: true, force: true}));
  mkdirSync(join(outDir, 'assets', 'js'), {recursive: true});
  writeFileSync(join(outDir, 'index.html'), '<p>Paths such as /help/security are links, not folders.</p>');

  it('passes a build that names no folder of the machine', async () => {
    assert.deepEqual(await filesNamingSiteDir(outDir, siteDir), []);
    await assertNoSiteDirInBuild(outDir, siteDir);
  });

  it('fails naming each file that holds the site folder, in a nested folder too', async () => {
    writeFileSync(join(outDir, 'assets', 'js', 'main.js'), `x={directory:"${siteDir}${sep}diagrams"}`);
    await assert.rejects(assertNoSiteDirInBuild(outDir, siteDir), (error: Error) => {
      assert.ok(error.message.includes(`in 1 file(s):\n  ${join('assets', 'js', 'main.js')}\n`), error.message);
      return true;
    });
  });

  it('does not take a longer folder name that starts with the site folder for it', async () => {
    rmSync(join(outDir, 'assets', 'js', 'main.js'));
    writeFileSync(join(outDir, 'other.txt'), `${siteDir}-old${sep}notes`);
    assert.deepEqual(await filesNamingSiteDir(outDir, siteDir), []);
  });
});
