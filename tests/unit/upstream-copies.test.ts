/**
 * The build refuses a src/theme/ file whose theme component is gone, an
 * ejected copy whose source changed, and a mirror of upstream code whose
 * package file changed (plugins/upstream-copies).
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {after, describe, it} from 'node:test';
import {ejectedComponents, overrideNames, staleMirrors, staleOverrides, upstreamMirrors} from '../../plugins/upstream-copies';

const siteDir = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'upstream-copies-'));
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

  it('every mirror of upstream code matches the package files it follows', () => {
    assert.deepEqual(staleMirrors(join(siteDir, 'node_modules')), []);
    assert.ok(upstreamMirrors['plugins/api-reference/code-samples.ts']);
  });

  it('fails by name when a package file a mirror follows changes or goes', () => {
    const nodeModules = join(scratch, 'node_modules');
    const source = 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/index.js';
    writeFile(join(nodeModules, source), 'changed');
    const problems = staleMirrors(nodeModules, {
      'plugins/api-reference/code-samples.ts': {follows: 'the samples', sources: {[source]: 'abc', 'gone.js': 'def'}},
    });
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(
      problems[0] ?? '',
      /^plugins\/api-reference\/code-samples\.ts follows .*CodeSnippets\/index\.js \(the samples\), which changed/,
    );
    assert.match(problems[1] ?? '', /^plugins\/api-reference\/code-samples\.ts follows gone\.js .*no longer has/);
  });
});
