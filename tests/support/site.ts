/**
 * Where the browser tests find the site: the production build, served once
 * for the whole run by nginx with the delivery policy (plugins/delivery),
 * started by the web-server hook of playwright.config.ts. The same build is
 * also served by Wrangler's local Cloudflare Pages server, which the delivery
 * tests ask the same questions (tests/e2e/delivery.test.ts).
 */
export const buildDir = process.env.ZIP_BUILD_DIR ?? 'build';

/** Fixed so every worker and the web-server hook agree; ZIP_TEST_PORT moves it when 4173 is taken. */
export const sitePort = Number(process.env.ZIP_TEST_PORT ?? 4173);

export const site = {origin: `http://127.0.0.1:${sitePort}`} as const;

/** Wrangler's local Pages server over the same build; ZIP_PAGES_PORT moves it when 4174 is taken. */
export const pagesPort = Number(process.env.ZIP_PAGES_PORT ?? 4174);

/** The two hosts the delivery tests hold to the policy, each a Playwright project of its own. */
export const deliveryServers = {
  nginx: {title: 'nginx', origin: site.origin},
  pages: {title: 'Cloudflare Pages (wrangler pages dev)', origin: `http://127.0.0.1:${pagesPort}`},
} as const;

export type DeliveryServerName = keyof typeof deliveryServers;

/** The option each delivery project sets (playwright.config.ts). */
export interface DeliveryOptions {
  readonly deliveryServer: DeliveryServerName;
}

/** Where the runner writes each test's output (traces, the crawl's records); emptied when a run starts. */
export const testOutputDir = 'test-results/artifacts';
