/**
 * Whether a folder is inside a git worktree. "Last updated on …" dates come
 * from git's history, and Docusaurus stops the build when it has none to read:
 * a source archive ("Download ZIP") has no `.git`, so the config turns the
 * dates off there instead (docusaurus.config.ts).
 */
import {spawnSync} from 'node:child_process';

/** True when git runs and says `dir` is inside a worktree; false without git, outside one, or inside `.git` itself. */
export function isInsideGitWorktree(dir: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 && result.stdout.trim() === 'true';
}
