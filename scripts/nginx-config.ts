/**
 * Writes the nginx configuration for a build, for hosts that run nginx
 * themselves (the Dockerfile's serve stage): the same configuration
 * `npm run serve` and the tests use, from the build's `_headers`,
 * `_redirects` and pages (plugins/delivery). Also writes the build's .gz and
 * .br files.
 *
 *   npm run nginx:config -- --build build --root /srv/zip-docs --listen 0.0.0.0:8080 \
 *     --runtime-dir /run/zip-docs --out nginx.conf [--noindex] [--mcp-upstream 127.0.0.1:8081]
 *
 * --noindex: a staging or preview server; every answer says
 * `X-Robots-Tag: noindex`, as the CDN's pages.dev hosts do.
 * --mcp-upstream: where the docs MCP server's Node.js process listens
 * (packages/docs-mcp/src/serve.ts); nginx proxies `/mcp` to it.
 */
import {writeFile} from 'node:fs/promises';
import {parseArgs} from 'node:util';
import {renderNginxConfig} from '../plugins/delivery/nginx';
import {precompressBuild} from '../plugins/delivery/precompress';

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      root: {type: 'string'},
      listen: {type: 'string', default: '127.0.0.1:3000'},
      'runtime-dir': {type: 'string', default: '/run/zip-docs'},
      out: {type: 'string', default: 'nginx.conf'},
      noindex: {type: 'boolean', default: false},
      'mcp-upstream': {type: 'string'},
    },
  });
  const [host, portText] = values.listen.split(':');
  const port = Number(portText);
  if (!host || !Number.isInteger(port)) throw new Error(`--listen takes host:port, got "${values.listen}".`);
  const compressed = await precompressBuild(values.build);
  await writeFile(
    values.out,
    renderNginxConfig({
      buildDir: values.build,
      root: values.root,
      host,
      port,
      runtimeDir: values['runtime-dir'],
      noindex: values.noindex,
      mcpUpstream: values['mcp-upstream'],
    }),
  );
  console.log(
    `Wrote ${values.out} (serving ${values.root ?? values.build} on ${values.listen}); compressed ${compressed.written} of ${compressed.files} files.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
