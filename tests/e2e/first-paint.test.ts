/**
 * The first paint uses only the CSS inlined in each page (plugins/critical-css);
 * the style sheets, linked at the end of the body, arrive after it. If the
 * inlined rules missed one the page's markup needs, the page would change when
 * the sheets arrive: a shift, a border appearing, an icon. So each page type is
 * laid out twice, as the server sends it with no script, once with its sheets
 * refused and once with them, and every element must have the same box and the
 * same look in both, on a phone and on a desktop. (Boxes and computed styles,
 * not screenshots: the browser lays out the same way every time, while its
 * full-page pictures of long pages differed now and then on a busy machine.)
 */
import assert from 'node:assert/strict';
import type {Page} from '@playwright/test';
import {benchPages} from '../../scripts/perf/budgets';
import {openSession, test} from '../support/browser';
import {site} from '../support/site';

const viewports = [
  {label: 'phone', width: 412, height: 823},
  {label: 'desktop', width: 1280, height: 900},
] as const;

const isStyleSheet = (url: URL): boolean => url.pathname.startsWith('/assets/css/');

/** What is drawn of an element: where, and how. */
interface Drawn {
  readonly element: string;
  readonly box: string;
  readonly look: Record<string, string>;
}

/** Every element of the body as laid out: its box and the computed styles that show. */
function drawnElements(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => {
    // An animation (the explorer's pulsing placeholder) is read at its start, not wherever it has got to.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const shown = [
      'color',
      'background-color',
      'background-image',
      'border-top-width',
      'border-top-color',
      'border-bottom-width',
      'border-left-width',
      'border-radius',
      'font-size',
      'font-weight',
      'font-family',
      'display',
      'visibility',
      'opacity',
      'text-decoration-line',
      'list-style-type',
      'box-shadow',
      'content',
    ];
    return Array.from(document.body.querySelectorAll('*'), (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const before = getComputedStyle(element, '::before').content;
      const after = getComputedStyle(element, '::after').content;
      const classes = element.getAttribute('class') ?? '';
      return {
        element: `${element.tagName.toLowerCase()}${classes ? `.${classes.trim().split(/\s+/).join('.')}` : ''}`,
        box: [box.x, box.y, box.width, box.height].map((value) => Math.round(value)).join(','),
        look: {
          ...Object.fromEntries(shown.map((property) => [property, style.getPropertyValue(property)])),
          '::before': before,
          '::after': after,
        },
      };
    });
  });
}

for (const viewport of viewports) {
  test.describe(`first paint (${viewport.label})`, () => {
    for (const benchPage of benchPages()) {
      test(`${benchPage.label} (${benchPage.path}) is drawn with its inlined CSS as it is with its style sheets`, async ({browser}) => {
        const session = await openSession(browser, {viewport, javaScriptEnabled: false});
        try {
          const {page} = session;
          await page.goto(`${site.origin}${benchPage.path}`);
          const withSheets = await drawnElements(page);

          const refused: string[] = [];
          session.intercept(isStyleSheet, async (route) => {
            refused.push(new URL(route.request().url()).pathname);
            await route.abort('blockedbyclient');
          });
          await page.goto(`${site.origin}${benchPage.path}`);
          const inlinedOnly = await drawnElements(page);

          assert.ok(refused.length > 0, `${benchPage.path} requested no style sheet: the comparison would prove nothing`);
          assert.equal(inlinedOnly.length, withSheets.length, `${benchPage.path}: not the same elements in both loads`);
          for (const [index, drawn] of withSheets.entries()) {
            const early = inlinedOnly[index];
            const where = `${benchPage.path} (${viewport.width} px), element ${index} ${drawn.element}`;
            const cause = `the critical CSS inlined by plugins/critical-css misses a rule its markup needs (sheets: ${refused.join(', ')})`;
            assert.equal(early?.box, drawn.box, `${where} moves (x,y,width,height) once its style sheets arrive: ${cause}`);
            assert.deepEqual(early?.look, drawn.look, `${where} changes look once its style sheets arrive: ${cause}`);
          }
        } finally {
          await session.close();
        }
      });
    }
  });
}
