/**
 * The docs MCP server at `/mcp` on Cloudflare Pages (packages/docs-mcp/README.md): the same
 * server as the Node.js process, reading the deployment's own files. Pages
 * applies no `_headers` to a Function's answer: the policy's endpoint headers
 * are set here, on every answer. The site's origin is the one its robots.txt
 * names, never the request's own, which a rebound host name would make "same
 * origin" under a local server (packages/docs-mcp/src/site-origins.ts).
 */
import {docsSources, handleMcpRequest, type DocsSources} from '@zip/docs-mcp/server';
import {jsonRpcError} from '@zip/docs-mcp/endpoint';
import {deploymentFiles} from '@zip/docs-mcp/site-files';
import {loopbackOriginOf, siteOriginsOf} from '@zip/docs-mcp/site-origins';
import {mcpEndpointHeaders} from '../plugins/delivery/policy';
import type {PagesFunction} from '../plugins/delivery/pages-functions';

/** Kept for the isolate's life: the search index and specs are parsed once, not per request. */
let sources: DocsSources | undefined;
/** The site's public origins, read once from the deployment's robots.txt. */
let siteOrigins: Promise<string[]> | undefined;

/** The answer with the endpoint's headers. */
function withEndpointHeaders(answer: Response): Response {
  const headed = new Response(answer.body, answer);
  for (const [name, value] of Object.entries(mcpEndpointHeaders)) headed.headers.set(name, value);
  return headed;
}

export const onRequest: PagesFunction = async ({request, env}) => {
  try {
    // The origin only addresses the ASSETS binding, which serves this deployment whatever the host.
    const files = deploymentFiles(env.ASSETS, new URL(request.url).origin);
    sources ??= docsSources(files);
    // A failed read is not kept: the next request reads the file again.
    siteOrigins ??= files('/robots.txt').then(siteOriginsOf, () => ((siteOrigins = undefined), []));
    const loopback = loopbackOriginOf(request.url);
    const allowedOrigins = [...(await siteOrigins), ...(loopback ? [loopback] : [])];
    // Cloudflare sets CF-Connecting-IP to the client's address (a client cannot): its share of the isolate's budget.
    const client = request.headers.get('cf-connecting-ip') ?? 'unknown';
    return withEndpointHeaders(await handleMcpRequest(request, sources, allowedOrigins, client));
  } catch (error) {
    console.error(error);
    return withEndpointHeaders(jsonRpcError(500, 'Internal error.'));
  }
};
