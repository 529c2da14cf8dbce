/**
 * What a reader does at the foot and the top of a page: says whether it
 * helped, sees when it last changed, takes it to an AI assistant, and puts
 * their own test key into the samples.
 */
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import {expect, type Locator, type Page, type Request} from '@playwright/test';
import {sampleSecretKey} from '@zip/model/testValues';
import {refusalMessages} from '../../src/utils/readerTestKey';
import {gotoHydrated, test, type BrowserSession} from '../support/browser';
import {codeSampleLanguages, codeSampleTabLabels, codeSampleTabs, explorerSendOrigin} from '../support/explorer';
import {site} from '../support/site';

const articlePath = '/help/security';
const endpointPath = '/api/core/charges/create-charge';

/** The feedback events the page sent to the analytics tag, one entry per tracker. */
const feedbackHits = (hits: readonly URL[]): URL[] => hits.filter((hit) => hit.searchParams.get('en') === 'page_feedback');

/** Serves the pages as a build with no analytics id would: without Google's tag and its inline set-up. */
function withoutAnalyticsTag(session: BrowserSession): void {
  session.intercept(
    (url, request) => url.origin === site.origin && request.resourceType() === 'document',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script[^>]*googletagmanager[^>]*><\/script>/g, '')
        .replace(/<script>[^<]*gtag\([^<]*<\/script>/g, '');
      await route.fulfill({response, body: html});
    },
  );
}

test.describe('Was this page helpful?', () => {
  test('No, then a reason: one event per tracker with the reason, thanks announced, and asked once per page in the tab', async ({
    session,
  }) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${articlePath}`);
    const feedback = page.getByRole('region', {name: 'Was this page helpful?'});
    await feedback.getByRole('button', {name: 'No'}).click();
    const firstReason = feedback.getByRole('button', {name: 'Something is wrong or out of date'});
    await expect(firstReason).toBeFocused();
    await feedback.getByRole('button', {name: 'A code sample did not work'}).click();
    await expect(feedback.getByRole('status')).toHaveText('Thank you for telling us.');
    await expect(feedback.getByRole('status')).toBeFocused();

    await expect.poll(() => feedbackHits(session.analyticsHits).length).toBe(2);
    const trackers = feedbackHits(session.analyticsHits)
      .map((hit) => hit.searchParams.get('tid'))
      .sort();
    assert.deepEqual(trackers, ['G-TESTANALYTICS', 'G-TESTMETRICS']);
    for (const hit of feedbackHits(session.analyticsHits)) {
      assert.equal(hit.searchParams.get('ep.page_path'), articlePath);
      assert.equal(hit.searchParams.get('ep.helpful'), 'no');
      assert.equal(hit.searchParams.get('ep.reason'), 'sample');
    }

    // The same page again in this tab: thanks, no question, nothing more sent.
    await gotoHydrated(page, `${site.origin}${articlePath}`);
    await expect(feedback.getByRole('status')).toHaveText('Thank you for telling us.');
    assert.equal(await feedback.getByRole('button').count(), 0, 'no buttons on an answered page');
    // Another page still asks.
    await gotoHydrated(page, `${site.origin}/help/payments/refunds-chargebacks`);
    await expect(feedback.getByRole('button', {name: 'Yes'})).toBeVisible();
    assert.equal(feedbackHits(session.analyticsHits).length, 2, 'no event from reloading an answered page');
    const storedForGood = await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.includes('feedback')));
    assert.deepEqual(storedForGood, [], 'the answer is remembered for the tab only, not in localStorage');
    assert.deepEqual(session.blockedRequests, []);
  });

  test('by keyboard on an endpoint page: Yes is reached with Tab and sent with Enter', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    const feedback = page.getByRole('region', {name: 'Was this page helpful?'});
    const yes = feedback.getByRole('button', {name: 'Yes'});
    // Focus the control before it, then Tab: Yes is the next stop in the page's order.
    await page.getByRole('link', {name: 'Edit this page'}).focus();
    await page.keyboard.press('Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(feedback.getByRole('status')).toHaveText('Thank you for telling us.');
    await expect.poll(() => feedbackHits(session.analyticsHits).length).toBe(2);
    for (const hit of feedbackHits(session.analyticsHits)) {
      assert.equal(hit.searchParams.get('ep.helpful'), 'yes');
      assert.equal(hit.searchParams.get('ep.page_path'), endpointPath);
      assert.equal(hit.searchParams.has('ep.reason'), false);
    }
  });

  test('with no analytics id, answering sends nothing and breaks nothing', async ({session}) => {
    const {page} = session;
    withoutAnalyticsTag(session);
    await gotoHydrated(page, `${site.origin}${articlePath}`);
    assert.equal(await page.evaluate(() => typeof window.gtag), 'undefined', 'the page has no analytics tag');
    const feedback = page.getByRole('region', {name: 'Was this page helpful?'});
    await feedback.getByRole('button', {name: 'No'}).click();
    await feedback.getByRole('button', {name: 'It is hard to follow'}).click();
    await expect(feedback.getByRole('status')).toHaveText('Thank you for telling us.');
    assert.deepEqual(session.analyticsHits, []);
    assert.deepEqual(session.pageErrors, []);
    assert.deepEqual(session.consoleErrors, []);
  });
});

test.describe('last updated', () => {
  test('a hand-written page shows the date of its last commit; a generated endpoint page shows none', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${articlePath}`);
    const lastUpdated = page.locator('.theme-last-updated');
    await expect(lastUpdated).toHaveText(/^Last updated on /);
    const date = await lastUpdated.locator('time').getAttribute('datetime');
    assert.ok(date && !Number.isNaN(Date.parse(date)), `a machine-readable date, got ${date}`);
    assert.ok(Date.parse(date) > Date.parse('2024-01-01'), `the page's commit date, got ${date}`);
    const asIntlWritesIt = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(
      new Date(date),
    );
    await expect(lastUpdated).toHaveText(`Last updated on ${asIntlWritesIt}`);

    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    assert.equal(await page.locator('.theme-last-updated').count(), 0);
  });
});

test.describe('Open in an AI assistant', () => {
  test('ChatGPT and Claude open in a new tab with a prompt pointing at the page’s Markdown twin', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${articlePath}`);
    const siteUrl = await page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '');
    const twin = new URL(`${articlePath}.md`, siteUrl).href;
    for (const [name, promptUrl] of [
      ['ChatGPT', 'https://chatgpt.com/'],
      ['Claude', 'https://claude.ai/new'],
    ] as const) {
      const link = page.getByRole('link', {name: `Open in ${name}`});
      const href = new URL((await link.getAttribute('href')) ?? '');
      assert.equal(`${href.origin}${href.pathname}`, promptUrl);
      assert.ok(href.searchParams.get('q')?.includes(twin), `${name}'s prompt names ${twin}: ${href.searchParams.get('q')}`);
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.match((await link.getAttribute('rel')) ?? '', /noopener/);
    }
    // The twin the prompt points at is served, as Markdown.
    const response = await fetch(`${site.origin}${articlePath}.md`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
  });
});

test.describe('the reader’s test key', () => {
  const guidePath = '/guides/payment-methods';
  const readerKey = 'sk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6';

  /** The text of every code block of the article, the hidden tab panels' included. */
  const codeTexts = (page: Page): Promise<string[]> =>
    page.locator('article pre').evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
  const blocksWith = async (page: Page, text: string): Promise<number> =>
    (await codeTexts(page)).filter((code) => code.includes(text)).length;
  const storedEverywhere = (page: Page): Promise<string> =>
    page.evaluate(() => JSON.stringify({local: {...localStorage}, session: {...sessionStorage}}));

  async function giveKey(page: Page, key: string): Promise<void> {
    await page.getByRole('button', {name: 'Use my test key in samples'}).click();
    const field = page.getByLabel('Secret test key');
    await expect(field).toBeFocused();
    await field.fill(key);
    await page.getByRole('button', {name: 'Use key', exact: true}).click();
  }

  test('a test key replaces the sample key in every sample of a guide, in this tab only, until forgotten', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    const samples = await blocksWith(page, sampleSecretKey);
    assert.ok(samples >= 3, `the guide shows the sample key in its samples (${samples})`);

    await giveKey(page, readerKey);
    await expect(page.getByText('Samples use your test key')).toContainText('sk_test_…3cT6');
    await expect(page.getByRole('button', {name: 'Forget my key'})).toBeFocused();
    await expect.poll(() => blocksWith(page, readerKey)).toBe(samples);
    assert.equal(await blocksWith(page, sampleSecretKey), 0);
    // The sample the reader sees first (curl, the selected tab) shows it, highlighted.
    await expect(page.locator('article pre').filter({visible: true}).first()).toContainText(`-u ${readerKey}:`);
    const stored = JSON.parse(await storedEverywhere(page)) as {local: object; session: object};
    assert.ok(!JSON.stringify(stored.local).includes(readerKey), 'not in localStorage');
    assert.ok(JSON.stringify(stored.session).includes(readerKey), 'in sessionStorage');

    // The tab keeps it across a reload; another tab does not have it.
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await expect.poll(() => blocksWith(page, readerKey)).toBe(samples);
    const otherTab = await session.context.newPage();
    await gotoHydrated(otherTab, `${site.origin}${guidePath}`);
    assert.equal(await blocksWith(otherTab, readerKey), 0);
    assert.equal(await blocksWith(otherTab, sampleSecretKey), samples);
    await otherTab.close();

    // One button forgets it.
    await page.getByRole('button', {name: 'Forget my key'}).click();
    await expect.poll(() => blocksWith(page, sampleSecretKey)).toBe(samples);
    assert.equal(await blocksWith(page, readerKey), 0);
    await expect(page.getByRole('button', {name: 'Use my test key in samples'})).toBeFocused();
    assert.ok(!(await storedEverywhere(page)).includes(readerKey), 'nothing of the key is stored');
    assert.deepEqual(session.pageErrors, []);
  });

  test('a live key is refused, emptied from the field and never stored; a public key is refused too', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    const samples = await blocksWith(page, sampleSecretKey);
    const liveKey = 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6';
    await giveKey(page, liveKey);
    await expect(page.getByRole('alert').filter({hasText: 'That is a live key.'})).toBeVisible();
    const field = page.getByLabel('Secret test key');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    assert.ok(!(await storedEverywhere(page)).includes('sk_live_'), 'the live key is in no storage');
    // The open form, with its message, passes axe.
    const {violations} = await new AxeBuilder({page}).include('form:has(input[name="test-key"])').analyze();
    assert.deepEqual(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      [],
    );
    assert.equal(await blocksWith(page, liveKey), 0);
    assert.equal(await blocksWith(page, sampleSecretKey), samples);

    await field.fill('pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6');
    await page.getByRole('button', {name: 'Use key', exact: true}).click();
    await expect(page.getByRole('alert').filter({hasText: 'That is a public key.'})).toBeVisible();
    assert.ok(!(await storedEverywhere(page)).includes('pk_test_'), 'the public key is in no storage');
  });

  test('on an endpoint page, the key is the explorer’s credentials and in all nine code samples', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await giveKey(page, readerKey);
    await expect(page.getByRole('button', {name: 'Forget my key'})).toBeVisible();

    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    await expect(page.getByPlaceholder('Username')).toHaveValue(readerKey, {timeout: 15_000});
    const authorization = `Basic ${Buffer.from(`${readerKey}:`).toString('base64')}`;
    const tabs = codeSampleTabs(page);
    const labels = await codeSampleTabLabels(page);
    assert.equal(labels.length, 9);
    const code = page.locator('.openapi-explorer__code-block code').first();
    for (const [index, label] of labels.entries()) {
      await tabs.nth(index).click();
      await expect(code, `${label} sends the reader's key`).toContainText(authorization);
    }

    // Forgotten here, it leaves the explorer and its samples too.
    await page.getByRole('button', {name: 'Forget my key'}).click();
    await expect(page.getByPlaceholder('Username')).toHaveValue('');
    await expect(code).not.toContainText(authorization);
    assert.ok(!(await storedEverywhere(page)).includes(readerKey), 'nothing of the key is stored');
    assert.deepEqual(session.pageErrors, []);
  });

  test('an endpoint page’s generated curl sample shows the sample key, never a key typed into the explorer, and the reader’s key once given', async ({
    session,
  }) => {
    const {page} = session;
    const basicOf = (key: string): string => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const curl = async (): Promise<Locator> => {
      await codeSampleTabs(page).nth(codeSampleLanguages.indexOf('curl')).click();
      return page.locator('.openapi-explorer__code-block code').first();
    };
    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    const sample = await curl();
    await expect(sample).toContainText(`curl -L 'https://api.example.com/v2/charges'`);
    await expect(sample).toContainText(basicOf(sampleSecretKey));
    await expect(sample).not.toContainText(Buffer.from('<username>:<password>').toString('base64'));

    // A key typed into the explorer by hand is sent, not shown.
    const typedKey = 'sk_test_Typed4mQ9pL4sV7xZ1nB3cT6';
    await username.fill(typedKey);
    await expect(sample).toContainText(basicOf(sampleSecretKey));
    await expect(sample).not.toContainText(basicOf(typedKey));

    // The Markdown twin's samples show the sample key too.
    const twin = await (await fetch(`${site.origin}${endpointPath}.md`)).text();
    assert.ok(twin.includes(basicOf(sampleSecretKey)), 'the twin shows the sample key');

    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await giveKey(page, readerKey);
    await expect(page.getByRole('button', {name: 'Forget my key'})).toBeVisible();
    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    await expect(username).toHaveValue(readerKey, {timeout: 15_000});
    const withReaderKey = await curl();
    await expect(withReaderKey).toContainText(basicOf(readerKey));
    await expect(withReaderKey).not.toContainText(basicOf(sampleSecretKey));
    assert.deepEqual(session.pageErrors, []);
  });

  /** An endpoint page whose Send needs nothing but the key (GET, no body). */
  const sendPath = '/api/links/list-links';
  const liveKey = 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6';

  /** Answers the explorer's Send in place of the test mode, keeping each request the page made. */
  function answerSends(session: BrowserSession): Request[] {
    const sent: Request[] = [];
    session.intercept(
      (url) => url.origin === explorerSendOrigin,
      async (route) => {
        sent.push(route.request());
        await route.fulfill({status: 200, contentType: 'application/json', body: '{"object": "list", "data": []}'});
      },
    );
    return sent;
  }

  /** Presses Send and returns the request it made. */
  async function send(page: Page, sent: readonly Request[]): Promise<Request> {
    const before = sent.length;
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect.poll(() => sent.length, {message: 'Send made a request', timeout: 10_000}).toBe(before + 1);
    return sent[before] as Request;
  }

  test('Forget my key on a page without the explorer removes the explorer’s own copy too: the next Send does not authenticate', async ({
    session,
  }) => {
    const {page} = session;
    const sent = answerSends(session);
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await giveKey(page, readerKey);
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    await expect(page.getByPlaceholder('Username')).toHaveValue(readerKey, {timeout: 15_000});
    // The explorer keeps its credentials in an entry of its own, beside the page's.
    const explorerCopies = await page.evaluate(
      (key) => Object.entries(sessionStorage).filter(([name, value]) => name !== 'zip.readerTestKey' && value.includes(key)).length,
      readerKey,
    );
    assert.ok(explorerCopies > 0, 'the explorer stored its own copy of the key');

    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await page.getByRole('button', {name: 'Forget my key'}).click();
    await expect(page.getByRole('button', {name: 'Use my test key in samples'})).toBeVisible();
    assert.ok(!(await storedEverywhere(page)).includes(readerKey), 'no copy of the key is stored');

    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    await expect(username).toHaveValue('');
    const request = await send(page, sent);
    assert.equal(request.headers().authorization, undefined, 'Send goes without credentials');
    assert.deepEqual(session.pageErrors, []);
  });

  test('the explorer’s Username refuses a live or public key in any wrapping, in the control’s words, and keeps and sends none of it', async ({
    session,
  }) => {
    const {page} = session;
    const sent = answerSends(session);
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    const refused = [
      {input: liveKey, refusal: 'live'},
      {input: 'rk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6', refusal: 'live'},
      {input: `Bearer ${liveKey}`, refusal: 'live'},
      {input: `"${liveKey}"`, refusal: 'live'},
      {input: `  ${liveKey}\t`, refusal: 'live'},
      {input: 'pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6', refusal: 'public'},
    ] as const;
    const code = page.locator('.openapi-explorer__code-block code').first();
    for (const {input, refusal} of refused) {
      await username.fill(input);
      await expect(username, `${input} is emptied from the field`).toHaveValue('');
      await expect(page.getByRole('alert').filter({hasText: refusalMessages[refusal]})).toBeVisible();
      // The samples show the sample key, nothing of the refused key.
      const sample = (await code.textContent()) ?? '';
      const credentials = Buffer.from(/Basic ([A-Za-z0-9+/=]+)/.exec(sample)?.[1] ?? '', 'base64').toString();
      assert.ok(!/_live_|pk_test_/.test(`${sample} ${credentials}`), `${input}: not in the samples (${credentials})`);
      const request = await send(page, sent);
      assert.equal(request.headers().authorization, undefined, `${input}: Send goes without it`);
      assert.ok(!`${request.url()} ${request.postData() ?? ''}`.includes('_live_'), `${input}: nothing of it in the request`);
      const stored = await storedEverywhere(page);
      assert.ok(!/(sk|rk)_live_|pk_test_/.test(stored), `${input}: in no storage`);
    }
    const {violations} = await new AxeBuilder({page}).include('p[role="alert"]').analyze();
    assert.deepEqual(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      [],
    );

    // A test key is taken, and the message goes.
    await username.fill(readerKey);
    await expect(page.getByRole('alert').filter({hasText: refusalMessages.public})).toHaveCount(0);
    const request = await send(page, sent);
    assert.equal(request.headers().authorization, `Basic ${Buffer.from(`${readerKey}:`).toString('base64')}`);
    assert.deepEqual(session.pageErrors, []);
  });

  /** Whether the page shows Docusaurus's error boundary instead of its content. */
  const crashed = (page: Page): Promise<boolean> => page.getByText('This page crashed').isVisible();

  test('the explorer’s Username takes a test key out of what a paste brings: quotes straight and curly, spaces, invisible characters', async ({
    session,
  }) => {
    const {page} = session;
    const sent = answerSends(session);
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    for (const input of [
      `“${readerKey}”`,
      `‘${readerKey}’`,
      `"${readerKey}"`,
      `\u00A0${readerKey}\u00A0`,
      `\u200B${readerKey}\u200D`,
      `\uFEFF${readerKey} `,
    ]) {
      await username.fill(input);
      await expect(username, `${JSON.stringify(input)} is taken bare`).toHaveValue(readerKey);
      const request = await send(page, sent);
      assert.equal(request.headers().authorization, `Basic ${Buffer.from(`${readerKey}:`).toString('base64')}`, JSON.stringify(input));
    }
    assert.equal(await crashed(page), false);
    assert.deepEqual(session.pageErrors, []);
  });

  test('a live or public key in any case, typed a character at a time, is refused whole: nothing of it is kept or sent', async ({
    session,
  }) => {
    const {page} = session;
    const sent = answerSends(session);
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    for (const input of [
      liveKey,
      'SK_LIVE_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      'Rk_Live_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      'PK_TEST_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
    ]) {
      await username.fill('');
      await username.pressSequentially(input);
      const left = await username.inputValue();
      assert.ok('sk_test_'.startsWith(left), `${input}: the field keeps nothing of it ("${left}")`);
      await expect(page.getByRole('alert').filter({hasText: /live key|public key|starts with sk_test_/})).toBeVisible();
      const stored = await storedEverywhere(page);
      assert.ok(!stored.includes(input.slice(8, 16)) && !/_live_/i.test(stored), `${input}: in no storage`);
      const request = await send(page, sent);
      const credentials = Buffer.from((request.headers().authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      assert.ok(!credentials.includes(input.slice(8, 16)), `${input}: Send goes without it (${credentials})`);
    }
    // Pasted in capitals, it is named for what it is.
    await username.fill('SK_LIVE_Rd8fK2mQ9pL4sV7xZ1nB3cT6');
    await expect(username).toHaveValue('');
    await expect(page.getByRole('alert').filter({hasText: refusalMessages.live})).toBeVisible();
    assert.deepEqual(session.pageErrors, []);
  });

  test('no input crashes an endpoint page, in this tab or the next page; a bad stored value is dropped when the explorer loads', async ({
    session,
  }) => {
    const {page} = session;
    const sent = answerSends(session);
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    for (const input of ['“sk_test_…”', 'sk_test_…', '🔑 key', '鍵', 'x'.repeat(5000), '\u0000\u202E']) {
      await username.fill(input);
      await expect(username, `${JSON.stringify(input.slice(0, 20))} is refused`).toHaveValue('');
      await expect(page.getByRole('alert').filter({hasText: refusalMessages.malformed})).toBeVisible();
      assert.equal(await crashed(page), false, `${JSON.stringify(input.slice(0, 20))}: the page stands`);
    }
    const request = await send(page, sent);
    assert.equal(request.headers().authorization, undefined, 'Send goes without credentials');

    // What an earlier version of the site (or anything else) left in the tab's storage: a curly-quoted key, a live one.
    await page.evaluate((key) => {
      sessionStorage.setItem('secretKey', JSON.stringify({username: `“${key}”`, password: ''}));
      sessionStorage.setItem('zip.readerTestKey', `“${key}”`);
    }, readerKey);
    await gotoHydrated(page, `${site.origin}${endpointPath}`);
    await username.waitFor({timeout: 15_000});
    assert.equal(await crashed(page), false, 'the next page stands');
    // The reader's key is taken bare; the explorer's own copy is dropped, not used.
    await expect(username).toHaveValue(readerKey);
    const stored = await page.evaluate(() => ({...sessionStorage}));
    assert.ok(!JSON.stringify(stored).includes('“'), `no curly quote is kept: ${JSON.stringify(stored)}`);

    await page.evaluate(() => {
      sessionStorage.clear();
      sessionStorage.setItem('secretKey', JSON.stringify({username: 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6', password: ''}));
    });
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    await username.waitFor({timeout: 15_000});
    await expect(username).toHaveValue('');
    const after = await send(page, sent);
    assert.equal(after.headers().authorization, undefined, 'a stored live key is not sent');
    assert.ok(!(await storedEverywhere(page)).includes('_live_'), 'and is gone from storage');
    assert.deepEqual(session.pageErrors, []);
  });

  test('“Use my test key” takes a key in curly quotes, and empties an unused field when the page is left', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await giveKey(page, `“${readerKey}”\u200B`);
    await expect(page.getByText('Samples use your test key')).toContainText('sk_test_…3cT6');
    await page.getByRole('button', {name: 'Forget my key'}).click();
    await page.getByRole('button', {name: 'Use my test key in samples'}).click();
    const field = page.getByLabel('Secret test key');
    await expect(field).toHaveAttribute('autocomplete', 'off');
    await field.fill(readerKey);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true})));
    await expect(field).toHaveValue('');
    assert.deepEqual(session.pageErrors, []);
  });

  test('refused text is cleared from the field, in the control and in the explorer', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${guidePath}`);
    await page.getByRole('button', {name: 'Use my test key in samples'}).click();
    const field = page.getByLabel('Secret test key');
    for (const {input, message} of [
      {input: 'pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6', message: refusalMessages.public},
      {input: `Bearer ${liveKey}`, message: refusalMessages.live},
      {input: 'sk_test_short', message: refusalMessages.malformed},
    ]) {
      await field.fill(input);
      await page.getByRole('button', {name: 'Use key', exact: true}).click();
      await expect(page.getByRole('alert').filter({hasText: message})).toBeVisible();
      await expect(field, `${input} is cleared from the control`).toHaveValue('');
    }

    // In the explorer, a live key pasted over a test key the reader typed leaves the field empty.
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    const username = page.getByPlaceholder('Username');
    await username.waitFor({timeout: 15_000});
    await username.fill(readerKey);
    await expect(username).toHaveValue(readerKey);
    await username.fill(liveKey);
    await expect(username).toHaveValue('');
    await expect(page.getByRole('alert').filter({hasText: refusalMessages.live})).toBeVisible();
    // Nor does it come back with the page.
    await gotoHydrated(page, `${site.origin}${sendPath}`);
    await username.waitFor({timeout: 15_000});
    await expect(username).toHaveValue('');
    assert.deepEqual(session.pageErrors, []);
  });
});
