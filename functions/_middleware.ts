/**
 * `Accept: text/markdown` on Cloudflare Pages (plugins/delivery/policy.ts):
 * a page asked for as Markdown answers with its twin; pages and twins say
 * `Vary: Accept`, and a page's HTML links its twin (`Link`, `pageTwinLink`). `_routes.json` (plugins/delivery/cloudflare.ts) runs this
 * for page paths and the MCP endpoint only, never for assets.
 */
import {isNegotiablePath, negotiatedTwinPath, pageTwinLink} from '../plugins/delivery/policy';
import type {PagesContext, PagesFunction} from '../plugins/delivery/pages-functions';

/** The response with `Accept` added to its Vary header. */
function varyingOnAccept(response: Response): Response {
  const varied = new Response(response.body, response);
  const vary = varied.headers.get('vary');
  if (!vary?.split(',').some((name) => name.trim().toLowerCase() === 'accept'))
    varied.headers.set('vary', vary ? `${vary}, Accept` : 'Accept');
  return varied;
}

async function negotiated({request, env, next}: PagesContext): Promise<Response> {
  const url = new URL(request.url);
  const twin =
    request.method === 'GET' || request.method === 'HEAD' ? negotiatedTwinPath(url.pathname, request.headers.get('accept')) : undefined;
  if (twin) {
    const answer = await env.ASSETS.fetch(new Request(new URL(twin, url), {method: request.method, redirect: 'manual'}));
    if (answer.status === 200) return varyingOnAccept(answer);
    await answer.body?.cancel();
  }
  const response = await next();
  if (isNegotiablePath(url.pathname) && response.status === 200) {
    const linked = varyingOnAccept(response);
    linked.headers.append('link', pageTwinLink(url.pathname));
    return linked;
  }
  return isNegotiablePath(url.pathname) || url.pathname.endsWith('.md') ? varyingOnAccept(response) : response;
}

/**
 * Whatever fails here, the reader still gets the page: the static file, as
 * when the account's Functions quota is spent (the project "fails open",
 * mcp/README.md) and Pages serves the assets without running any function.
 */
export const onRequest: PagesFunction = async (context) => {
  try {
    return await negotiated(context);
  } catch (error) {
    console.error(error);
    return context.next();
  }
};
