/**
 * The first paint uses only the CSS inlined in each page (plugins/critical-css);
 * the style sheets, linked at the end of the body, arrive after it. If the
 * inlined rules missed one the page's markup needs, the page would change when
 * the sheets arrive: a shift, a border appearing, an icon. So each page type is
 * drawn twice, as the server sends it with no script, once with its sheets
 * refused and once with them, and the two pictures must be the same, on a
 * phone and on a desktop.
 */
import assert from 'node:assert/strict';
import {benchPages} from '../../scripts/perf/budgets';
import {openSession, test} from '../support/browser';
import {site} from '../support/site';

const viewports = [
  {label: 'phone', width: 412, height: 823},
  {label: 'desktop', width: 1280, height: 900},
] as const;

const isStyleSheet = (url: URL): boolean => url.pathname.startsWith('/assets/css/');

for (const viewport of viewports) {
  test.describe(`first paint (${viewport.label})`, () => {
    for (const benchPage of benchPages()) {
      test(`${benchPage.label} (${benchPage.path}) paints with its inlined CSS as it does with its style sheets`, async ({browser}) => {
        const session = await openSession(browser, {viewport, javaScriptEnabled: false});
        try {
          const {page} = session;
          await page.goto(`${site.origin}${benchPage.path}`);
          const withSheets = await page.screenshot({fullPage: true});

          const refused: string[] = [];
          session.intercept(isStyleSheet, async (route) => {
            refused.push(new URL(route.request().url()).pathname);
            await route.abort('blockedbyclient');
          });
          await page.goto(`${site.origin}${benchPage.path}`);
          const inlinedOnly = await page.screenshot({fullPage: true});

          assert.ok(refused.length > 0, `${benchPage.path} requested no style sheet: the comparison would prove nothing`);
          assert.ok(
            withSheets.equals(inlinedOnly),
            `${benchPage.path} (${viewport.width} px) looks different once its style sheets (${refused.join(', ')}) arrive: the critical CSS inlined by plugins/critical-css misses a rule its markup needs`,
          );
        } finally {
          await session.close();
        }
      });
    }
  });
}
