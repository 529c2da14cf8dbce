/**
 * A page's command that runs the stateful test mode runs it from where it is published. The test
 * mode (`packages/test-mode`, a private workspace) is not on the npm registry: it is served with the
 * site as one tarball (plugins/test-mode-package), so `npx zip-test-mode` or `npx @zip/test-mode`
 * fails for a reader, or runs whatever package of that name someone else publishes.
 *
 * Every `npx`, `npm exec` or `npm install` in a code block that names the test mode must name the
 * tarball's address on the site, `…/downloads/zip-test-mode.tgz`.
 */
import {testModePackagePath} from '../../plugins/test-mode-package';
import type {Page, Problem} from '../lib/pages';

const INSTALLER = /\b(?:npx|npm\s+(?:exec|install|i|x))\s+((?:-{1,2}\S+\s+)*)(\S+)/g;
const NAMES_TEST_MODE = /zip-test-mode|@zip\/test-mode/;

/** The problems of one page: a command that asks for the test mode by a name the registry does not have. */
export function checkTestModeCommands(page: Page): Problem[] {
  if (!page.parsed) return [];
  const problems: Problem[] = [];
  for (const block of page.code) {
    block.text.split('\n').forEach((text, index) => {
      for (const match of text.matchAll(INSTALLER)) {
        const spec = `${match[1] ?? ''}${match[2] ?? ''}`;
        if (!NAMES_TEST_MODE.test(spec) || spec.includes(testModePackagePath)) continue;
        problems.push({
          file: page.file,
          line: block.line + 1 + index,
          reason: `the test mode is not on the npm registry: run it from the site, npx https://<site>${testModePackagePath}, not "${match[0].trim()}"`,
        });
      }
    });
  }
  return problems;
}
