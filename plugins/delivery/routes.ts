/**
 * The pages a build holds, by route. Docusaurus writes each page as `x.html`
 * (`trailingSlash: false`), the file Cloudflare Pages and nginx both serve at
 * `/x`, and the home page as `index.html`. A page written as `x/index.html`
 * would be served by Pages at `/x/` only, redirecting `/x` there: a second
 * address for every page, so the build is refused.
 */
import {readdirSync} from 'node:fs';
import {join, sep} from 'node:path';
import {notFoundPage} from './policy';

/** The route of a built HTML file (a path under the build, with `/`): `/help/security` for help/security.html, `/` for index.html; undefined for the 404 page. */
export function pageRoute(file: string, buildDir: string): string | undefined {
  const path = `/${file.split(sep).join('/')}`;
  if (path === notFoundPage) return undefined;
  if (path === '/index.html') return '/';
  if (path.endsWith('/index.html')) {
    throw new Error(
      `${join(buildDir, file)}: pages are built as x.html and served at /x; set trailingSlash: false in docusaurus.config.ts (plugins/delivery/README.md).`,
    );
  }
  return path.slice(0, -'.html'.length);
}

/** The built HTML files of a build (paths under it), the 404 page included. */
export function htmlFilesIn(buildDir: string): string[] {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .sort();
}

/** The route of every page a build holds (no 404 page), sorted. */
export function pageRoutesIn(buildDir: string): string[] {
  return htmlFilesIn(buildDir)
    .map((file) => pageRoute(file, buildDir))
    .filter((route): route is string => route !== undefined)
    .sort();
}
