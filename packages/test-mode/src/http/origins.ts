/**
 * Who may call the test mode from a browser: the docs site (its production origin, the origin of a
 * build that `ZIP_SITE_URL` names, and `npm start`'s and `npm run serve`'s `localhost:3000`) and
 * loopback origins a developer opts into with `--allow-origin`. Any other origin gets no CORS
 * headers, so its page can neither read an answer nor pass a preflight; and a request whose `Host`
 * is not loopback is refused, so a page on a rebound DNS name cannot reach the port either.
 */
import {HttpError} from './errors';

/** The docs site's origins; the production one is the default of `siteUrl` in docusaurus.config.ts. */
export const siteOrigins: readonly string[] = [
  'https://docs.example.com',
  ...(process.env.ZIP_SITE_URL ? [new URL(process.env.ZIP_SITE_URL).origin] : []),
  'http://localhost:3000',
  'http://127.0.0.1:3000',
];

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A loopback origin (`http://localhost:5173`), or an error naming the flag's value. */
export function loopbackOrigin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || !loopbackHosts.has(url.hostname) || url.origin !== value.replace(/\/$/, ''))
    throw new Error(`--allow-origin ${value}: give a loopback origin such as http://localhost:5173 (scheme, host and port only)`);
  return url.origin;
}

/** The CORS headers for a request from `origin`: none unless the origin is allowed. */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>): Record<string, string> {
  if (!origin || !allowed.has(origin)) return {vary: 'Origin'};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'Request-Id, Retry-After, Idempotency-Key',
    vary: 'Origin',
  };
}

export function preflightHeaders(origin: string | undefined, allowed: ReadonlySet<string>): Record<string, string> {
  const cors = corsHeaders(origin, allowed);
  if (!cors['access-control-allow-origin']) return cors;
  return {
    ...cors,
    'access-control-allow-methods': 'GET, POST, PUT, DELETE',
    'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
    'access-control-max-age': '600',
  };
}

/** Refuses a request addressed to a name that is not loopback (DNS rebinding). */
export function checkHost(host: string | undefined): void {
  const name = (host ?? '').replace(/:\d+$/, '');
  if (!loopbackHosts.has(name))
    throw new HttpError(421, {
      type: 'invalid_request_error',
      code: 'request_malformed',
      message: `The test mode answers requests to a loopback host only, not ${host ?? 'none'}.`,
    });
}
