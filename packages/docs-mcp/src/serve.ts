/**
 * Runs the docs MCP server's Node.js process (node-server.ts) over a build,
 * for a self-hosted site: nginx proxies `/mcp` to it.
 *
 *   npm run mcp -- [--build build] [--listen 127.0.0.1:8081] [--allow-origin https://other.example …]
 *
 * Pages of the site's own origin (the build's robots.txt names it) may call it,
 * and so may clients that send no Origin; `--allow-origin` adds an origin.
 */
import {parseArgs} from 'node:util';
import {docsMcpPath} from '@zip/model/docsMcp';
import {startDocsMcpServer} from './node-server';

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      listen: {type: 'string', default: '127.0.0.1:8081'},
      'allow-origin': {type: 'string', multiple: true, default: []},
    },
  });
  const [host, portText] = values.listen.split(':');
  const port = Number(portText);
  if (!host || !Number.isInteger(port)) throw new Error(`--listen takes host:port, got "${values.listen}".`);
  const {origin} = await startDocsMcpServer({buildDir: values.build, host, port, allowedOrigins: values['allow-origin']});
  console.log(`Docs MCP server for ${values.build} at ${origin}${docsMcpPath}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
