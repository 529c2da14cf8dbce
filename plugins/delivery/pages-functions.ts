/**
 * The parts of Cloudflare Pages Functions' context the site's functions
 * (functions/) use, typed here so the project needs no Workers type package.
 * Not in functions/ itself: every file there is a route.
 */

/** A deployment's static files, as the `ASSETS` binding serves them. */
export interface AssetFetcher {
  fetch(request: Request | string): Promise<Response>;
}

export interface PagesEnv {
  readonly ASSETS: AssetFetcher;
}

export interface PagesContext {
  readonly request: Request;
  readonly env: PagesEnv;
  /** The next function, or the static file, for this request. */
  next(): Promise<Response>;
}

export type PagesFunction = (context: PagesContext) => Promise<Response> | Response;
