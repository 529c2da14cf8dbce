/**
 * Which origins are the site's own, whose pages may call the endpoint (the MCP specification's
 * defence against DNS rebinding): the public origin the build names in its robots.txt, and, for
 * local serving only, a loopback origin the request itself was sent to. A host name the request
 * merely claims (`Host: rebound.example`, which a rebound DNS name points at the local server)
 * is never one of them.
 */

/** The site's public origin, from the `Sitemap:` line of the build's robots.txt (plugins/delivery/policy.ts). */
export function siteOriginsOf(robotsTxt: string | undefined): string[] {
  const sitemap = robotsTxt === undefined ? undefined : /^Sitemap:\s*(\S+)/m.exec(robotsTxt)?.[1];
  return sitemap && URL.canParse(sitemap) ? [new URL(sitemap).origin] : [];
}

const loopbackHostname = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The request URL's origin when its host is a loopback name (a local server), else undefined. */
export function loopbackOriginOf(requestUrl: string): string | undefined {
  const url = new URL(requestUrl);
  return loopbackHostname.test(url.hostname) ? url.origin : undefined;
}
