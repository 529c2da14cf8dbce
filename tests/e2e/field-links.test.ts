/**
 * Links to the fields of an endpoint page (packages/model/src/fieldAnchors.ts,
 * src/components/FieldAnchor): every parameter, request-body field and
 * response field has an anchor in the server's HTML and the same one in the
 * Markdown twin; its link icon shows on hover and keyboard focus; a URL
 * naming a field opens the sections and the response tab around it and
 * scrolls to it; a search for a field's name lands on the field.
 */
import assert from 'node:assert/strict';
import {expect, type Locator, type Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';

const createCharge = '/api/core/charges/create-charge';
const retrieveCharge = '/api/core/charges/retrieve-charge';

async function fetchText(path: string): Promise<string> {
  const response = await fetch(`${site.origin}${path}`);
  assert.equal(response.status, 200, `${path} answers 200`);
  return response.text();
}

/**
 * Whether the element is shown and lies inside the window, below the sticky navbar.
 * Asked through `expect.poll`: the field scrolls into view in an effect that runs
 * after the frame in which its section opened, so a field can be visible a frame
 * before it is scrolled to.
 */
async function isInView(page: Page, field: Locator): Promise<boolean> {
  const box = await field.boundingBox();
  const navbarHeight = await page.locator('.navbar').evaluate((navbar) => navbar.getBoundingClientRect().height);
  const viewport = page.viewportSize();
  return box !== null && viewport !== null && box.height > 0 && box.y >= navbarHeight - 1 && box.y < viewport.height;
}

test.describe('links to fields', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('every field has one anchor in the server HTML, and the Markdown twin has the same anchors', async ({browser}) => {
    // The server's HTML, as a reader without script gets it.
    const serverHtml = await openSession(browser, {javaScriptEnabled: false});
    try {
      for (const path of [
        createCharge,
        retrieveCharge,
        '/api/checkout/endpoints/list-sessions',
        '/api/core/charges/charge-succeeded-event',
      ]) {
        await serverHtml.page.goto(`${site.origin}${path}`);
        const ids = await serverHtml.page.locator('[data-field-name]').evaluateAll((fields) => fields.map((field) => field.id));
        assert.ok(ids.length > 5, `${path} has field anchors`);
        assert.deepEqual(
          ids.filter((id, index) => ids.indexOf(id) !== index),
          [],
          `${path}: no anchor twice`,
        );
        const twin = await fetchText(`${path}.md`);
        const twinIds = new Set([...twin.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]));
        assert.deepEqual(
          ids.filter((id) => !twinIds.has(id)),
          [],
          `${path}.md carries the page's field anchors`,
        );
        if (path === createCharge) {
          for (const id of [
            'header-idempotency-key',
            'request-amount',
            'request-metadata-property-name',
            'response-refunds-status',
            'response-source-card-last4',
          ]) {
            assert.ok(ids.includes(id), `create-charge has #${id}`);
          }
        }
      }
    } finally {
      await serverHtml.close();
    }
  });

  test('a field heading reads as words, its name, type and qualifiers apart, in the server HTML and hydrated', async ({browser}) => {
    // The theme draws them in a flex row, which shows no text between them: without spaces in the
    // markup a screen reader, a copy and an agent read "amountintegerrequired".
    const glued = (page: BrowserSession['page']) =>
      page.locator('.openapi-schema__container').evaluateAll((containers) =>
        containers
          .map((container) => ({
            read: (container.textContent ?? '').replace(/\s+/g, ' ').trim(),
            words: Array.from(container.children)
              .map((part) => (part.textContent ?? '').trim())
              .filter(Boolean)
              .join(' '),
          }))
          .filter(({read, words}) => read !== words)
          .map(({read, words}) => `"${read}", not "${words}"`),
      );
    const serverHtml = await openSession(browser, {javaScriptEnabled: false});
    try {
      for (const path of [createCharge, '/api/checkout/endpoints/list-sessions']) {
        await serverHtml.page.goto(`${site.origin}${path}`);
        assert.ok((await serverHtml.page.locator('.openapi-schema__container').count()) > 10, `${path} has field headings`);
        assert.deepEqual(await glued(serverHtml.page), [], `${path}, as the server sends it`);
      }
      await serverHtml.page.goto(`${site.origin}${createCharge}`);
      assert.equal(
        await serverHtml.page.locator('.openapi-markdown__details-summary-header-body').first().textContent(),
        'Body (application/json) required',
        "the request body's heading, its words apart",
      );
    } finally {
      await serverHtml.close();
    }
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${createCharge}`);
    assert.deepEqual(await glued(page), [], `${createCharge}, hydrated`);
  });

  test('a field link opens the collapsed sections around the field and scrolls to it, on a first load and from a link on the page', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${retrieveCharge}#response-refunds-status`);
    const status = page.locator('#response-refunds-status');
    await status.locator('.openapi-schema__property').first().waitFor({state: 'visible', timeout: 10_000});
    await expect.poll(() => isInView(page, status), {message: 'the nested field is scrolled into view'}).toBe(true);
    assert.equal(
      await page.locator('#response-refunds > .openapi-schema__list-item > details').getAttribute('open'),
      '',
      'its parent is open',
    );

    // The link icon of another field: a plain link the reader can copy, and following it moves there.
    await page.evaluate(() => window.scrollTo(0, 0));
    const amountLink = page.locator('#response-amount > a[href="#response-amount"]');
    await page.locator('#response-amount').hover();
    await page.waitForFunction(() => {
      const link = document.querySelector('#response-amount > a');
      return link !== null && getComputedStyle(link).opacity === '1';
    });
    assert.equal(await amountLink.getAttribute('aria-label'), 'Link to the response field amount');
    await amountLink.click();
    await page.waitForURL(`**${retrieveCharge}#response-amount`, {timeout: 10_000});
    await expect.poll(() => isInView(page, page.locator('#response-amount')), {message: 'the followed field is in view'}).toBe(true);
  });

  test("a link to another response's field opens that response's tab", async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${createCharge}#response-422-error-code`);
    const code = page.locator('#response-422-error-code');
    await code.locator('.openapi-schema__property').first().waitFor({state: 'visible', timeout: 10_000});
    assert.equal(await page.getByRole('tab', {name: '422'}).getAttribute('aria-selected'), 'true');
    await expect.poll(() => isInView(page, code), {message: 'the error code field is in view'}).toBe(true);
  });

  test('the link icon appears when it has keyboard focus', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${createCharge}`);
    const link = page.locator('#request-amount > a');
    assert.equal(await link.evaluate((element) => getComputedStyle(element).opacity), '0', 'hidden until wanted');
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.getAttribute('href') === '#request-amount');
    await page.waitForFunction(() => {
      const link = document.querySelector('#request-amount > a');
      return link !== null && getComputedStyle(link).opacity === '1';
    });
  });

  test('a search for a field name lands on the field', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${createCharge}?_highlight=statement_descriptor`);
    await page.waitForURL(`**${createCharge}?_highlight=statement_descriptor#request-statement_descriptor`, {timeout: 10_000});
    await page.locator('#request-statement_descriptor .openapi-schema__property').first().waitFor({state: 'visible', timeout: 10_000});
    await expect
      .poll(() => isInView(page, page.locator('#request-statement_descriptor')), {message: 'the searched field is in view'})
      .toBe(true);

    // A word of the page's title is not taken for a field: the page opens at its top.
    await gotoHydrated(page, `${site.origin}/api/core/charges/refund-charge?_highlight=charge`);
    assert.equal(new URL(page.url()).hash, '');
  });
});
