/**
 * One nginx over the production build per test file, shared by the file's
 * tests: the server, configuration and delivery policy production uses
 * (plugins/delivery).
 */
import {after, before} from 'node:test';
import {startServer, type RunningServer} from '../../plugins/delivery/server';

export const buildDir = process.env.ZIP_BUILD_DIR ?? 'build';

export function useSite(): {readonly origin: string} {
  let running: RunningServer | undefined;
  before(async () => {
    running = await startServer({root: buildDir});
  });
  after(async () => {
    await running?.close();
  });
  return {
    get origin(): string {
      if (!running) throw new Error('The server has not started yet.');
      return running.origin;
    },
  };
}
