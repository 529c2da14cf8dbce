/**
 * `npm start`: the dev server renders each page in the browser alone, so the
 * static islands (src/components/StaticUntilInteraction) find no server
 * markup to keep. Each must go live by itself: a writer sees the code blocks,
 * the tab groups and an endpoint page's reference without pointing at them.
 * A project of its own that runs after the others (playwright.config.ts):
 * the dev server compiles the whole site on both cores.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {expect} from '@playwright/test';
import {test} from '../support/browser';

/** ZIP_DEV_PORT moves it when 4175 is taken. */
const devPort = Number(process.env.ZIP_DEV_PORT ?? 4175);
const devOrigin = `http://127.0.0.1:${devPort}`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

test.describe('the dev server (npm start)', () => {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    // A cold start compiles the site: a few minutes on two cores.
    test.setTimeout(420_000);
    server = spawn(
      process.execPath,
      ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'start', '--port', String(devPort), '--host', '127.0.0.1', '--no-open'],
      {stdio: 'ignore', detached: true},
    );
    const exited = new Promise<never>((_, reject) => {
      server?.once('exit', (code) => reject(new Error(`The dev server exited (${code}) before answering.`)));
    });
    const answering = (async (): Promise<void> => {
      while (!(await answers(`${devOrigin}/`))) await new Promise((resolve) => setTimeout(resolve, 1_000));
    })();
    await Promise.race([answering, exited]);
  });
  test.afterAll(() => {
    // The whole process group: the dev server's own children go with it.
    if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  });

  const pages = [
    {path: '/guides/developer-guide/taking-payments', shows: 'pre code', what: 'code blocks'},
    {
      path: '/api/core/charges/create-charge',
      shows: '.openapi-left-panel__container .openapi-tabs__response-code-item',
      what: 'response tabs',
    },
  ];
  for (const {path, shows, what} of pages) {
    test(`${path}: every island shows its content without the reader coming to it`, async ({page}) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${devOrigin}${path}`, {waitUntil: 'load'});
      await page.locator(shows).first().waitFor({timeout: 30_000});
      const emptyIslands = (): Promise<number> =>
        page.evaluate(
          () => Array.from(document.querySelectorAll('[data-static-island]')).filter((island) => island.innerHTML === '').length,
        );
      await expect.poll(emptyIslands, {message: `${path}: islands left empty`}).toBe(0);
      assert.ok((await page.locator(shows).count()) > 0, `${path}: ${what}`);
      assert.equal(await page.getByText('This page crashed.').count(), 0, `${path} crashed`);
      assert.deepEqual(errors, []);
    });
  }
});
