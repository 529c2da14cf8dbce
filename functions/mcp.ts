/**
 * The docs MCP server at `/mcp` on Cloudflare Pages (mcp/README.md): the same
 * server as the Node.js process, reading the deployment's own files.
 */
import {docsSources, handleMcpRequest, type DocsSources} from '../mcp/server';
import {deploymentFiles} from '../mcp/site-files';
import type {PagesFunction} from '../plugins/delivery/pages-functions';

/** Kept for the isolate's life: the search index and specs are parsed once, not per request. */
let sources: DocsSources | undefined;

export const onRequest: PagesFunction = ({request, env}) => {
  sources ??= docsSources(deploymentFiles(env.ASSETS, new URL(request.url).origin));
  return handleMcpRequest(request, sources);
};
