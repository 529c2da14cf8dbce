/**
 * The build refuses a src/theme/ file whose theme component is gone, and an
 * ejected copy whose source changed (plugins/theme-overrides).
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {after, describe, it} from 'node:test';
import {ejectedComponents, overrideNames, staleOverrides} from '../../plugins/theme-overrides';

const siteDir = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'theme-overrides-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), {recursive: true});
  writeFileSync(path, text);
}

describe('theme overrides', () => {
  it('every override of the site matches an installed theme component, and every ejected copy its source', () => {
    assert.deepEqual(staleOverrides(join(siteDir, 'src/theme'), join(siteDir, 'node_modules')), []);
  });

  it('names components by folder, not by index file, and leaves the site helpers out', () => {
    const names = overrideNames(join(siteDir, 'src/theme'));
    assert.ok(names.includes('ApiExplorer/LiveEditor'));
    assert.ok(names.includes('MDXComponents'));
    assert.ok(!names.includes('ApiItem/mendThemeMarkup'));
  });

  it('fails by name when a theme drops the component, or an ejected source changes', () => {
    const themeDir = join(scratch, 'src/theme');
    const nodeModules = join(scratch, 'node_modules');
    writeFile(join(themeDir, 'NoSuchComponent/index.tsx'), 'export default null;');
    writeFile(join(themeDir, 'ApiExplorer/LiveEditor/index.tsx'), 'export default null;');
    writeFile(join(nodeModules, 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/LiveEditor/index.js'), 'changed');
    const problems = staleOverrides(themeDir, nodeModules);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0] ?? '', /^src\/theme\/NoSuchComponent overrides a theme component that no installed theme has/);
    assert.match(problems[1] ?? '', /^src\/theme\/ApiExplorer\/LiveEditor is ejected from .*LiveEditor\/index\.js, which changed/);
    assert.ok(ejectedComponents['ApiExplorer/LiveEditor']);
  });
});
