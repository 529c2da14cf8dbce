/**
 * The testing page tells each test value's outcome step by step (src/components/TestOutcomes):
 * every value of packages/model/src/testValues.ts has its story under its table, with an anchor, its steps in
 * order and its events in order, read the same by a screen reader, and no axe violation. A story
 * that sends events downloads them as a fixture of signed deliveries (src/components/WebhookFixtureDownload).
 */
import assert from 'node:assert/strict';
import {createHmac} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {AxeBuilder} from '@axe-core/playwright';
import {expect} from '@playwright/test';
import {eventsOf, stepsOf, testValueOutcomes} from '@zip/model/testOutcomes';
import {gotoHydrated, test} from '../support/browser';
import {site} from '../support/site';

const testingPath = '/guides/developer-guide/testing';

test.describe('test outcomes, step by step', () => {
  test('every test value has its story, with its steps and its events in order', async ({session}) => {
    const {page} = session;
    assert.equal(await gotoHydrated(page, `${site.origin}${testingPath}`), 200);
    for (const outcome of testValueOutcomes) {
      const story = page.locator(`[id="steps-${outcome}"]`);
      await expect(story, `a story for ${outcome}`).toHaveCount(1);
      const steps = story.getByRole('list', {name: /step by step/}).locator(':scope > li');
      await expect(steps, `${outcome}: its steps`).toHaveCount(stepsOf(outcome).length);
      const events = await story.locator('dd ol code').allTextContents();
      assert.deepEqual(events, eventsOf(outcome), `${outcome}: its events, in order`);
    }
    assert.deepEqual(session.pageErrors, []);
  });

  test('a story’s anchor brings the reader to it, its value links to the table’s row, and a screen reader hears each change', async ({
    session,
  }) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${testingPath}#steps-three-d-secure-passed`);
    const story = page.locator('[id="steps-three-d-secure-passed"]');
    await expect(story).toBeInViewport();
    await expect(story.getByRole('list', {name: '4000 0000 0000 3220, step by step:'})).toBeVisible();
    // The arrow is hidden from screen readers, which hear "becomes" instead.
    const verified = story.locator('dd li').filter({hasText: 'becomes'});
    await expect(verified).toHaveText(/^charge pending\s*→\s*becomes succeeded$/);
    await expect(verified.locator('[aria-hidden="true"]')).toHaveText('→');
    await story.getByRole('link', {name: '4000 0000 0000 3220'}).click();
    await page.waitForURL(/#three-d-secure-passed$/);
    await expect(page.locator('tr[id="three-d-secure-passed"]')).toBeInViewport();

    const {violations} = await new AxeBuilder({page}).include('[id^="steps-"]').analyze();
    assert.deepEqual(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      [],
    );
    assert.deepEqual(session.pageErrors, []);
  });

  test('a story’s deliveries download as a fixture, in the story’s order, each signed with the reader’s secret', async ({session}) => {
    const {page} = session;
    const secret = 'whsec_test_ReaderChoseThisSecret0042';
    await gotoHydrated(page, `${site.origin}${testingPath}#steps-three-d-secure-failed`);
    const story = page.locator('[id="steps-three-d-secure-failed"]');
    await story.getByText('Download these deliveries as a signed fixture').click();
    const fixture = story.getByRole('region', {name: /^Fixture: /});
    await fixture.getByLabel('Test signing secret').fill(secret);
    const downloading = page.waitForEvent('download');
    await fixture.getByRole('button', {name: 'Download signed deliveries (JSON)'}).click();
    // The form says what it did, or what stopped it, before the file is looked for.
    await expect(fixture.getByRole('status')).toHaveText(/^Downloaded zip-webhooks-[a-z-]+\.json: \d+ signed deliveries\.$/);
    const download = await downloading;
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      deliveries: {event_type: string; headers: Record<string, string>; body: string}[];
    };
    assert.deepEqual(
      file.deliveries.map((delivery) => delivery.event_type),
      eventsOf('three-d-secure-failed'),
    );
    for (const delivery of file.deliveries) {
      const [, timestamp = '', signature = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.headers['Zip-Signature'] ?? '') ?? [];
      const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
      assert.equal(signature, expected, `${delivery.event_type}: signed with the reader's secret`);
    }
    assert.deepEqual(session.pageErrors, []);
  });
});
