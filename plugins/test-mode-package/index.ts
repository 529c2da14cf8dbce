/**
 * Publishes the test mode with the site: `/downloads/zip-test-mode.tgz`, the package a reader runs
 * with `npx <site>/downloads/zip-test-mode.tgz` (packages/test-mode/publish/pack.ts), so the guide's
 * first command works with nothing installed but Node.js. The package is packed in a process of its
 * own: its code is an ES module, which the site's configuration loader does not run.
 */
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {testModePackagePath} from '@zip/model/agentDiscovery';

/** Where the tarball is served, under the site's root. */
export {testModePackagePath};

export function testModePackagePlugin(context: LoadContext): Plugin {
  return {
    name: 'zip-test-mode-package',
    async postBuild({outDir}) {
      const packer = join(context.siteDir, 'packages/test-mode/publish/pack.ts');
      await promisify(execFile)(process.execPath, ['--import', 'tsx', packer, join(outDir, testModePackagePath)], {cwd: context.siteDir});
    },
  };
}
