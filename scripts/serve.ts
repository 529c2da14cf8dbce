/**
 * Serves a build the way production does, on loopback, until Ctrl+C: nginx
 * with the delivery policy (plugins/delivery), or, with --pages, Wrangler's
 * local Cloudflare Pages server, the CDN's own asset server.
 *
 *   npm run serve                      # build/ with nginx at http://localhost:3000
 *   npm run serve:pages                # build/ on the local Pages server at http://localhost:8788
 *   npx tsx scripts/serve.ts --port 8080 .bench/build
 *   npm run serve -- --noindex         # every answer says X-Robots-Tag: noindex, as on a preview host
 */
import {startPagesServer} from '../plugins/delivery/pages-server';
import {startServer} from '../plugins/delivery/server';

interface ServeArguments {
  readonly root: string;
  readonly port: number;
  readonly noindex: boolean;
  readonly pages: boolean;
}

function parseArguments(argv: readonly string[]): ServeArguments {
  let root = 'build';
  let port = 3000;
  let noindex = false;
  let pages = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--noindex') {
      noindex = true;
    } else if (argument === '--pages') {
      pages = true;
    } else if (argument === '--port') {
      port = Number(argv[++index]);
      if (!Number.isInteger(port) || port <= 0) throw new Error(`--port takes a port number, got "${argv[index]}".`);
    } else if (argument) {
      root = argument;
    }
  }
  if (pages && noindex) {
    throw new Error('--noindex is for nginx: the Pages server gives noindex to the pages.dev hosts itself, from _headers.');
  }
  return {root, port, noindex, pages};
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const server = options.pages ? await startPagesServer(options) : await startServer(options);
  console.log(
    options.pages
      ? `Serving on Wrangler's local Cloudflare Pages server at ${server.origin} (Ctrl+C stops).`
      : `Serving with nginx and the production delivery policy at ${server.origin} (Ctrl+C stops).`,
  );
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
