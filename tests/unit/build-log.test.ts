import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {findBuildProblems} from '../../scripts/checked-build';

describe('build-log check', () => {
  it('names the page and target of each broken link', () => {
    const log = [
      '[WARNING] Docusaurus found broken links!',
      '',
      'Please check the pages of your site in the list below, and make sure you don\'t reference any path that does not exist.',
      '- Broken link on source page path = /guides/intro:',
      '   -> linking to /api/nowhere',
      '[SUCCESS] Generated static files in "build".',
    ].join('\n');
    const problems = findBuildProblems(log);
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /broken links/);
    assert.match(problems[0] ?? '', /source page path = \/guides\/intro/);
    assert.match(problems[0] ?? '', /-> linking to \/api\/nowhere/);
  });

  it('reports broken anchors and duplicate routes too', () => {
    const log = '[WARNING] Docusaurus found broken anchors!\n- Broken anchor on source page path = /:\n   -> linking to /help/security#nope\n[WARNING] Duplicate routes found!\n- Attempting to create page at /guides/intro, but a page already exists at this route.';
    assert.deepEqual(
      findBuildProblems(log).map((problem) => problem.split(':')[0]),
      ['broken anchors', 'duplicate routes'],
    );
  });

  it('passes a clean log', () => {
    assert.deepEqual(findBuildProblems('[INFO] Creating an optimized production build...\n[SUCCESS] Generated static files in "build".'), []);
  });
});
