/**
 * The check that decides whether pages show "Last updated on …"
 * (plugins/last-updated/index.ts): a build from a source archive has no `.git`.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, it} from 'node:test';
import {isInsideGitWorktree} from '../../plugins/last-updated';

describe('isInsideGitWorktree', () => {
  const folder = mkdtempSync(join(tmpdir(), 'zip-docs-worktree-'));
  after(() => rmSync(folder, {recursive: true, force: true}));

  it('is false for a folder with no git repository (an unpacked source archive)', () => {
    assert.equal(isInsideGitWorktree(folder), false);
  });

  it('is true once the folder is a repository, and false inside its .git', () => {
    execFileSync('git', ['init', '--quiet', folder]);
    assert.equal(isInsideGitWorktree(folder), true);
    assert.equal(isInsideGitWorktree(join(folder, '.git')), false);
  });

  it('is false for a folder that does not exist, rather than throwing', () => {
    assert.equal(isInsideGitWorktree(join(folder, 'missing')), false);
  });
});
