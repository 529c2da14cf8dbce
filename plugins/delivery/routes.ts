/**
 * The pages a build holds, by route. Docusaurus writes each page as `x.html`
 * (`trailingSlash: false`), the file Cloudflare Pages and nginx both serve at
 * `/x`, and the home page as `index.html`. A page written as `x/index.html`
 * would be served by Pages at `/x/` only, redirecting `/x` there: a second
 * address for every page, so the build is refused.
 */
import {readdirSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {notFoundPage} from './policy';

/** Every file of a build, as a site path (`/help/security.html`), sorted. */
export function buildFiles(buildDir: string): string[] {
  return readdirSync(buildDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(buildDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort();
}

/** The route of a built HTML file (its site path): `/help/security` for /help/security.html, `/` for /index.html; undefined for the 404 page. */
function pageRoute(path: string, buildDir: string): string | undefined {
  if (path === notFoundPage) return undefined;
  if (path === '/index.html') return '/';
  if (path.endsWith('/index.html')) {
    throw new Error(
      `${join(buildDir, path)}: pages are built as x.html and served at /x; set trailingSlash: false in docusaurus.config.ts (plugins/delivery/README.md).`,
    );
  }
  return path.slice(0, -'.html'.length);
}

/** The route of every page a build holds (no 404 page), sorted; `files` are its files (buildFiles). */
export function pageRoutesIn(buildDir: string, files: readonly string[] = buildFiles(buildDir)): string[] {
  return files
    .filter((path) => path.endsWith('.html'))
    .map((path) => pageRoute(path, buildDir))
    .filter((route): route is string => route !== undefined)
    .sort();
}
