/**
 * The testing page tells each test value's outcome step by step (src/components/TestOutcomes):
 * every value of src/data/testMode.ts has its story under its table, with an anchor, its steps in
 * order and its events in order, read the same by a screen reader, and no axe violation.
 */
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import {expect} from '@playwright/test';
import {eventsOf, stepsOf, testValueOutcomes} from '../../src/data/testOutcomes';
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
});
