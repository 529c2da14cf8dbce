/**
 * Diagrams drawn at build time (diagrams/, plugins/diagrams/remark.ts): pages with diagrams carry
 * them as inline SVG in their HTML, load none of mermaid's code, and show them.
 */
import assert from 'node:assert/strict';
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {findDiagrams} from '../../scripts/diagrams/find';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {recordScripts, scriptsContaining} from '../support/scripts';
import {buildDir, site} from '../support/site';

/**
 * A string found in mermaid's library and nowhere else: an error message of its diagram detector,
 * which no rendered SVG contains. The build still holds mermaid as a lazy chunk, for diagrams
 * without an SVG (the theme draws those in the browser); the first test checks the marker is in
 * it, so a page that loads that chunk cannot go unnoticed.
 */
const mermaidMarker = 'No diagram type detected matching given configuration';

/** Pages with diagrams: the guide whose first screen shows one, and a help article with two. */
const diagramPages = [
  {path: '/guides/developer-guide/taking-payments', source: 'guides/developer-guide/taking-payments.mdx', label: 'refund the rest'},
  {
    path: '/help/payments/refunds-chargebacks',
    source: 'docs/help/payments/refunds-chargebacks.mdx',
    label: 'Cardholder disputes with their bank',
  },
] as const;

/** The ids of the diagrams a page's source holds, in order. */
function diagramIds(source: string): string[] {
  return findDiagrams(process.cwd())
    .filter((block) => block.file === source)
    .map((block) => block.id);
}

test.describe('diagrams drawn at build time', () => {
  test('the build holds mermaid only as the lazy chunk for diagrams without an SVG', async () => {
    const jsDir = join(buildDir, 'assets', 'js');
    const withMarker: string[] = [];
    for (const name of await readdir(jsDir)) {
      if (name.endsWith('.js') && (await readFile(join(jsDir, name), 'utf8')).includes(mermaidMarker)) withMarker.push(name);
    }
    assert.ok(withMarker.length > 0, `no chunk contains "${mermaidMarker}": pick a string mermaid's library still has`);
  });

  for (const diagramPage of diagramPages) {
    test(`${diagramPage.path}: the built HTML has each diagram as inline SVG`, async () => {
      const ids = diagramIds(diagramPage.source);
      assert.ok(ids.length > 0, `${diagramPage.source} has diagrams`);
      const response = await fetch(`${site.origin}${diagramPage.path}`);
      assert.equal(response.status, 200);
      const html = await response.text();
      for (const id of ids) {
        // The build minifies HTML: attribute values may be unquoted.
        assert.match(html, new RegExp(`<svg[^>]*\\bid="?diagram-${id}\\b`), `inline <svg> for diagram ${id}`);
      }
      const svgs = html.match(/<svg[^>]*aria-roledescription=/g) ?? [];
      assert.equal(svgs.length, ids.length, 'one inline diagram per mermaid block, none left to draw');
      assert.ok(html.includes(diagramPage.label), `the diagram's text ("${diagramPage.label}") is in the HTML`);
    });
  }

  test.describe('in the browser', () => {
    let session: BrowserSession;
    test.beforeAll(async ({browser}) => {
      // A phone, as Lighthouse sees the page.
      session = await openSession(browser, {viewport: {width: 412, height: 823}, httpCache: true});
    });
    test.afterAll(async () => {
      await session.close();
    });

    for (const diagramPage of diagramPages) {
      test(`${diagramPage.path}: runs no mermaid code and shows its diagrams`, async () => {
        const page = await session.context.newPage();
        const scripts = recordScripts(page, site.origin);
        try {
          await gotoHydrated(page, `${site.origin}${diagramPage.path}`);
          // A diagram left to the browser would load mermaid once hydrated (the theme's Mermaid draws on
          // mount), so no scrolling and no frames are waited for: the network going quiet is enough.
          await page.waitForLoadState('networkidle');

          assert.ok(scripts.size > 0, 'the page loaded its scripts');
          assert.deepEqual(await scriptsContaining(scripts, mermaidMarker), [], 'scripts with mermaid code');

          const ids = diagramIds(diagramPage.source);
          for (const id of ids) {
            const svg = page.locator(`svg#diagram-${id}`);
            assert.equal(await svg.count(), 1, `diagram ${id} is on the page`);
            assert.ok(await svg.isVisible(), `diagram ${id} is visible`);
            const box = await svg.boundingBox();
            assert.ok(box && box.width > 0 && box.height > 0, `diagram ${id} has a size: ${JSON.stringify(box)}`);
            const fits = await svg.evaluate((element) => {
              const container = element.parentElement?.getBoundingClientRect();
              const own = element.getBoundingClientRect();
              return container !== undefined && own.width <= container.width + 0.5;
            });
            assert.ok(fits, `diagram ${id} fits the width of the text column`);
            assert.match((await svg.getAttribute('role')) ?? '', /graphics-document/);
          }
          assert.ok(
            await page.locator('svg[aria-roledescription]').getByText(diagramPage.label, {exact: true}).first().isVisible(),
            `the diagram shows "${diagramPage.label}" as text`,
          );
        } finally {
          await page.close();
        }
      });
    }
  });
});
