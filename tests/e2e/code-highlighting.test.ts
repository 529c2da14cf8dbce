/**
 * Code highlighting in Chromium. Prism and its grammars are no longer part of
 * every page (a patch of the classic theme, patches/README.md), and a code
 * block the server wrote stays that markup until the reader uses it
 * (src/theme/CodeBlock): code must still be highlighted wherever it shows (on
 * a first load, after client-side navigation, in each of the explorer's nine
 * samples), its Copy button must work from the first click, and reading a page
 * must not run the highlighter.
 */
import assert from 'node:assert/strict';
import type {Locator, Page} from '@playwright/test';
import {gotoHydrated, isReactRendered, openSession, test, type BrowserSession} from '../support/browser';
import {codeSampleTabLabels, codeSampleTabs} from '../support/explorer';
import {recordScripts, scriptsContaining} from '../support/scripts';
import {site} from '../support/site';

/** Text in Prism's core (its highlight function), so present in any chunk that carries Prism. */
const prismMarker = 'has no grammar';
const guideWithCode = '/guides/getting-started';

/** Whether a rendered code element holds Prism tokens other than plain text. */
async function isHighlighted(code: Locator): Promise<boolean> {
  return code.evaluate((element) => element.querySelector('.token:not(.plain)') !== null);
}

/** A Python block on the guide: its first `import`, at least, is a keyword token. */
async function pythonKeywordTokens(page: Page): Promise<number> {
  return page.locator('.language-python .token.keyword').count();
}

test.describe('code highlighting', () => {
  let session: BrowserSession;

  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test(`${guideWithCode} shows highlighted code on a first load, with no hydration error`, async () => {
    const {page} = session;
    const errorsBefore = session.consoleErrors.length;
    await gotoHydrated(page, `${site.origin}${guideWithCode}`);
    const blocks = page.locator('article pre.prism-code');
    assert.ok((await blocks.count()) >= 3, 'the guide has code blocks');
    await page.waitForFunction(() => document.querySelector('.language-python .token.keyword') !== null);
    for (const block of await blocks.all()) {
      assert.ok(await isHighlighted(block), `a code block is highlighted: ${(await block.textContent())?.slice(0, 60)}`);
    }
    assert.ok((await pythonKeywordTokens(page)) > 0);
    assert.deepEqual(session.consoleErrors.slice(errorsBefore), [], 'no console errors (a hydration mismatch logs one)');
  });

  test('a page reached by client-side navigation shows highlighted code', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    assert.equal(await page.locator('pre.prism-code').count(), 0, '/guides/intro has no code (so nothing is loaded yet)');
    const documentRequests: string[] = [];
    const onRequest = (request: {resourceType(): string; url(): string}): void => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.locator(`nav a[href="${guideWithCode}"]`).first().click();
      await page.waitForURL(`${site.origin}${guideWithCode}`);
      await page.waitForFunction(() => document.querySelector('.language-python .token.keyword') !== null);
      assert.deepEqual(documentRequests, [], 'the router navigated without a page load');
      assert.equal(await page.locator('article h1').first().textContent(), 'Make your first test payment');
    } finally {
      page.off('request', onRequest);
    }
    assert.deepEqual(session.pageErrors, []);
  });

  test('each of the explorer’s nine code samples is highlighted', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    const tabs = codeSampleTabs(page);
    await tabs.first().waitFor({timeout: 15_000});
    const labels = await codeSampleTabLabels(page);
    assert.equal(labels.length, 9);
    const unhighlighted: string[] = [];
    for (const [index, label] of labels.entries()) {
      await tabs.nth(index).click();
      const code = page.locator('.openapi-explorer__code-block code').first();
      await code.waitFor();
      // The sample is generated after the tab is picked; wait for its text.
      await page.waitForFunction(() => (document.querySelector('.openapi-explorer__code-block code')?.textContent ?? '').length > 20);
      if (!(await isHighlighted(code))) unhighlighted.push(label);
    }
    assert.deepEqual(unhighlighted, [], 'samples shown as plain text (a grammar is missing)');
  });

  test('pointing at a code block brings its Copy button, and Copy copies', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guideWithCode}`);
    await page.waitForLoadState('networkidle');
    const block = page.locator('article .theme-code-block').first();
    await block.hover();
    const copy = block.getByRole('button', {name: 'Copy code to clipboard'});
    await copy.click({timeout: 10_000});
    await block.getByRole('button', {name: 'Copied'}).waitFor({timeout: 10_000});
    assert.ok(await isHighlighted(block.locator('pre')), 'still highlighted once live');
  });

  for (const {path, hasCode} of [
    {path: '/', hasCode: false},
    {path: '/help/payments/refunds-chargebacks', hasCode: false},
    {path: '/api/intro', hasCode: true},
    {path: guideWithCode, hasCode: true},
  ]) {
    test(`${path} runs no highlighter while it is read${hasCode ? ' (its code is highlighted by the server)' : ''}`, async () => {
      const page = await session.context.newPage();
      const scripts = recordScripts(page, site.origin);
      try {
        await gotoHydrated(page, `${site.origin}${path}`);
        await page.waitForLoadState('networkidle');
        const blocks = await page.locator('pre.prism-code').count();
        if (hasCode) {
          assert.ok(blocks > 0, `${path} shows code`);
          assert.ok(await isHighlighted(page.locator('pre.prism-code').first()), 'the server highlighted it');
        } else {
          assert.equal(blocks, 0, `${path} shows no code`);
        }
        assert.deepEqual(await scriptsContaining(scripts, prismMarker), [], `${path} runs Prism`);
      } finally {
        await page.close();
      }
    });
  }
});

test.describe('tabs of code stay the server markup until the reader uses them', () => {
  const page = '/guides/payment-methods';
  const tabNamed = (session: BrowserSession, label: string) => session.page.locator('article [role="tab"]', {hasText: label}).first();
  const isLive = (session: BrowserSession): Promise<boolean> => isReactRendered(session.page.locator('article [role="tab"]').first());
  /** Waits until the first tab group on the page shows Python. */
  const pythonSelected = (session: BrowserSession) =>
    session.page.waitForFunction(() =>
      document.querySelector('article [role="tab"][aria-selected="true"]')?.textContent?.includes('Python'),
    );

  test('a tab clicked on the static markup is selected once live', async ({browser}) => {
    const phone = await openSession(browser, {viewport: {width: 412, height: 823}});
    try {
      await gotoHydrated(phone.page, `${site.origin}${page}`);
      await phone.page.waitForLoadState('networkidle');
      assert.equal(await isLive(phone), false, 'not hydrated on load');
      await tabNamed(phone, 'Python').click();
      await pythonSelected(phone);
      assert.equal(await isLive(phone), true);
      assert.deepEqual(phone.pageErrors, []);
    } finally {
      await phone.close();
    }
  });

  test('a press that comes right after the pointer arrives keeps the markup under it until released', async ({session}) => {
    await gotoHydrated(session.page, `${site.origin}${page}`);
    // The pointer arrives and presses at once, in one task: on a touch
    // screen both come from the same input, and a busy phone can deliver a
    // mouse press before a render the arrival scheduled.
    const stillThere = await session.page.evaluate(async () => {
      const tab = Array.from(document.querySelectorAll<HTMLElement>('article [role="tab"]')).find((element) =>
        element.textContent?.includes('Python'),
      );
      const island = tab?.closest<HTMLElement>('[data-static-island]');
      if (!tab || !island) throw new Error('no static tab group with Python');
      island.dispatchEvent(new PointerEvent('pointerenter', {pointerType: 'touch'}));
      await Promise.resolve();
      tab.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch'}));
      // Held while the swap the arrival scheduled gets its turn: tabs load no code first, so
      // it is due in the task after the one that ran the arrival; then a frame to paint it.
      for (let task = 0; task < 2; task += 1) await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise(requestAnimationFrame);
      const connected = tab.isConnected;
      tab.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerType: 'touch'}));
      tab.click();
      return connected;
    });
    assert.equal(stillThere, true, 'the tab under the pointer was replaced while pressed');
    await pythonSelected(session);
    assert.deepEqual(session.pageErrors, []);
  });

  test('a remembered language is applied on load, as the theme does', async ({session}) => {
    await gotoHydrated(session.page, `${site.origin}${page}`);
    await tabNamed(session, 'Python').click();
    const pythonSelectedEverywhere = () =>
      session.page.waitForFunction(() => {
        const selected = Array.from(document.querySelectorAll('article [role="tab"][aria-selected="true"]'));
        return selected.length > 1 && selected.every((tab) => tab.textContent?.includes('Python'));
      });
    await pythonSelectedEverywhere();
    await gotoHydrated(session.page, `${site.origin}${page}`);
    await pythonSelectedEverywhere();
    assert.deepEqual(session.pageErrors, []);
  });
});
