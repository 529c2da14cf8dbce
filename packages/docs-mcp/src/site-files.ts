/**
 * What the MCP server reads: files the build published, by site path
 * (`/search-index.json`, `/help/security.md`, `/openapi/payments.yaml`). The
 * Node.js process reads them from the build folder (`node-server.ts`); the
 * Pages Function asks the deployment's static assets (below). Either way the
 * server answers from exactly what the site serves.
 */

/** A deployment's static files, as Cloudflare Pages' `ASSETS` binding serves them. */
export interface AssetFetcher {
  fetch(request: Request | string): Promise<Response>;
}

/** A published file's text, or undefined when the build has none at that path. */
export type SiteFiles = (sitePath: string) => Promise<string | undefined>;

/**
 * The files of a Cloudflare Pages deployment, through its `ASSETS` binding.
 * Pages answers a path with a redirect or its 404 page when it has no such
 * file: only a 200 counts.
 */
export function deploymentFiles(assets: AssetFetcher, origin: string): SiteFiles {
  return async (sitePath) => {
    if (!URL.canParse(sitePath, origin)) return undefined;
    const response = await assets.fetch(new Request(new URL(sitePath, origin), {redirect: 'manual'}));
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    return response.text();
  };
}
