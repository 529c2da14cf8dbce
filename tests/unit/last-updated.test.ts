/**
 * The check that decides whether pages show "Last updated on …"
 * (plugins/last-updated/index.ts): a build from a source archive has no `.git`.
 * And the date it shows, written out as Intl writes it (src/theme/LastUpdated).
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, it} from 'node:test';
import {isInsideGitWorktree} from '../../plugins/last-updated';
import {shortEnglishDate} from '../../src/utils/shortEnglishDate';

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

describe('shortEnglishDate', () => {
  const intl = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});

  it("writes every day of two years as English Intl.DateTimeFormat does, the theme's format", () => {
    const day = 24 * 60 * 60 * 1000;
    // From 2024 (a leap year) through 2025, at the last millisecond of each UTC day: a local-time slip shows.
    for (let time = Date.UTC(2024, 0, 1) + day - 1; time < Date.UTC(2026, 0, 1); time += day) {
      const date = new Date(time);
      assert.equal(shortEnglishDate(date), intl.format(date), date.toISOString());
    }
  });
});
