/**
 * One static server over the production build per test file, shared by the
 * file's tests.
 */
import {after, before} from 'node:test';
import {startStaticServer, type RunningServer} from '../../scripts/static-server';

export const buildDir = process.env.ZIP_BUILD_DIR ?? 'build';

export function useSite(): {readonly origin: string} {
  let running: RunningServer | undefined;
  before(async () => {
    running = await startStaticServer({root: buildDir});
  });
  after(async () => {
    await running?.close();
  });
  return {
    get origin(): string {
      if (!running) throw new Error('The static server has not started yet.');
      return running.origin;
    },
  };
}
