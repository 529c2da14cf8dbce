/**
 * Where the browser tests find the site: the production build, served once
 * for the whole run by nginx with the delivery policy (plugins/delivery),
 * started by the web-server hook of playwright.config.ts.
 */
export const buildDir = process.env.ZIP_BUILD_DIR ?? 'build';

/** Fixed so every worker and the web-server hook agree; ZIP_TEST_PORT moves it when 4173 is taken. */
export const sitePort = Number(process.env.ZIP_TEST_PORT ?? 4173);

export const site = {origin: `http://127.0.0.1:${sitePort}`} as const;

/** Where the runner writes each test's output (traces, the crawl's records); emptied when a run starts. */
export const testOutputDir = 'test-results/artifacts';
