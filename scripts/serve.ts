/**
 * Serves a build the way production does: nginx with the delivery policy
 * (plugins/delivery), on loopback, until Ctrl+C.
 *
 *   npm run serve                      # build/ at http://localhost:3000
 *   npx tsx scripts/serve.ts --port 8080 .bench/build
 *   npm run serve -- --noindex         # every answer says X-Robots-Tag: noindex, as on a preview host
 */
import {startServer} from '../plugins/delivery/server';

function parseArguments(argv: readonly string[]): {root: string; port: number; noindex: boolean} {
  let root = 'build';
  let port = 3000;
  let noindex = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--noindex') {
      noindex = true;
    } else if (argument === '--port') {
      port = Number(argv[++index]);
      if (!Number.isInteger(port) || port <= 0) throw new Error(`--port takes a port number, got "${argv[index]}".`);
    } else if (argument) {
      root = argument;
    }
  }
  return {root, port, noindex};
}

async function main(): Promise<void> {
  const server = await startServer(parseArguments(process.argv.slice(2)));
  console.log(`Serving with nginx and the production delivery policy at ${server.origin} (Ctrl+C stops).`);
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
