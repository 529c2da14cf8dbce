/**
 * Whether a folder is inside a git worktree. "Last updated on …" dates come
 * from git's history, and Docusaurus stops the build when it has none to read:
 * a source archive ("Download ZIP") has no `.git`, so the config turns the
 * dates off there instead (docusaurus.config.ts), and this plugin says so.
 */
import {spawnSync} from 'node:child_process';
import type {Plugin} from '@docusaurus/types';

/** True when git runs and says `dir` is inside a worktree; false without git, outside one, or inside `.git` itself. */
export function isInsideGitWorktree(dir: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 && result.stdout.trim() === 'true';
}

/**
 * One line at the end of a build outside a worktree. The config is loaded
 * several times per build (and by `gen:api`), so the line is not printed
 * there; a build runs postBuild once.
 */
export function noGitHistoryNoticePlugin(): Plugin {
  return {
    name: 'zip-no-git-history-notice',
    async postBuild() {
      console.warn('[zip-docs] Not inside a git worktree (a source archive?): pages show no last-updated date.');
    },
  };
}
