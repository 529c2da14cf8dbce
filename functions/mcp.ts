/**
 * The docs MCP server at `/mcp` on Cloudflare Pages (mcp/README.md): the same
 * server as the Node.js process, reading the deployment's own files. Pages
 * applies no `_headers` to a Function's answer: the policy's endpoint headers
 * are set here, on every answer.
 */
import {docsSources, handleMcpRequest, type DocsSources} from '../mcp/server';
import {jsonRpcError} from '../mcp/endpoint';
import {deploymentFiles} from '../mcp/site-files';
import {mcpEndpointHeaders} from '../plugins/delivery/policy';
import type {PagesFunction} from '../plugins/delivery/pages-functions';

/** Kept for the isolate's life: the search index and specs are parsed once, not per request. */
let sources: DocsSources | undefined;

/** The answer with the endpoint's headers. */
function withEndpointHeaders(answer: Response): Response {
  const headed = new Response(answer.body, answer);
  for (const [name, value] of Object.entries(mcpEndpointHeaders)) headed.headers.set(name, value);
  return headed;
}

export const onRequest: PagesFunction = async ({request, env}) => {
  try {
    const origin = new URL(request.url).origin;
    sources ??= docsSources(deploymentFiles(env.ASSETS, origin));
    // Cloudflare routes only the project's own host names here, so the request's own origin is the site's.
    return withEndpointHeaders(await handleMcpRequest(request, sources, [origin]));
  } catch (error) {
    console.error(error);
    return withEndpointHeaders(jsonRpcError(500, 'Internal error.'));
  }
};
