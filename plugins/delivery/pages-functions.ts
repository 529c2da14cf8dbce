/**
 * The parts of Cloudflare Pages Functions' context the site's functions
 * (functions/) use, typed here so the project needs no Workers type package.
 * Not in functions/ itself: every file there is a route.
 */

import type {AssetFetcher} from '@zip/docs-mcp/site-files';

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
