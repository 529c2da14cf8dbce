/**
 * Machine-readable docs in the test build: llms.txt opens with the
 * integration rules for coding agents and lists every page of the sitemap
 * once, each listed Markdown twin exists and carries its page's title,
 * endpoint twins document the operation with the code samples the page shows
 * (all nine where the twin stays under what an agent reads whole), every spec
 * download link downloads the published YAML, and "Copy page as Markdown"
 * copies the twin's exact text.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import yaml from 'js-yaml';
import {apiProducts, sourceSpecs} from '@zip/model/apiReference';
import {integrationRules} from '@zip/model/integrationRules';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';
import {expectedEndpoints} from '../support/specs';

const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((match) => new URL(match[1] ?? '/').pathname)
  // The crash-test page exists only in test builds and is never in the sitemap.
  .filter((path) => !path.startsWith('/tests/'));
/** The configured site URL, as the sitemap and llms.txt write it. */
const siteUrl = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? 'https://docs.example.com/').origin;

/** The nine code-sample tabs of docusaurus.config.ts, as the twins name them. */
const sampleLabels = [
  'Python (Requests)',
  'cURL',
  'C# (RestSharp)',
  'Go (Native)',
  'NodeJs (Axios)',
  'Ruby (Net::HTTP)',
  'PHP (cURL)',
  'Java (Unirest)',
  'PowerShell (RestMethod)',
];

interface ListedPage {
  readonly title: string;
  /** The twin's path on the site, e.g. /help/security.md. */
  readonly twinPath: string;
  /** The page the twin stands for, e.g. /help/security. */
  readonly pagePath: string;
  readonly section: string;
}

/** llms.txt's list entries, with the section each is under. */
function listedLinks(llms: string): {title: string; url: string; section: string}[] {
  const links: {title: string; url: string; section: string}[] = [];
  let section = '';
  for (const line of llms.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1] ?? '';
    const link = /^- \[((?:\\.|[^\]])+)\]\(([^)]+)\)(?:: .+)?$/.exec(line);
    if (link) links.push({title: (link[1] ?? '').replace(/\\(.)/g, '$1'), url: link[2] ?? '', section});
  }
  return links;
}

function pageOfTwin(twinPath: string): string {
  return twinPath === '/index.md' ? '/' : twinPath.replace(/\.md$/, '');
}

async function fetchText(path: string): Promise<{status: number; type: string; text: string}> {
  const response = await fetch(`${site.origin}${path}`);
  return {status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text()};
}

/** A twin's code samples: each `### label` under `## Code samples`, with its fenced code. */
function codeSamplesOf(twin: string): {label: string; language: string; code: string}[] {
  const section = twin.split(/^## Code samples$/m)[1] ?? '';
  return [...section.matchAll(/^### (.+)\n\n(`{3,})(\S*)\n([\s\S]*?)\n\2$/gm)].map((match) => ({
    label: match[1] ?? '',
    language: match[3] ?? '',
    code: match[4] ?? '',
  }));
}

/** The text of the explorer's code sample currently shown, one line per line. */
async function shownSample(page: Page): Promise<string> {
  const block = page.locator('.openapi-explorer__code-block code').first();
  await block.waitFor();
  await page.waitForFunction(() => (document.querySelector('.openapi-explorer__code-block code')?.textContent ?? '').trim().length > 0);
  return block.evaluate((code) =>
    Array.from(code.querySelectorAll('.token-line'))
      .map((line) => line.textContent ?? '')
      .join('\n'),
  );
}

let llms = '';
let listed: ListedPage[] = [];
const twins = new Map<string, string>();

test.describe('llms.txt', () => {
  test.beforeAll(async () => {
    const response = await fetchText('/llms.txt');
    assert.equal(response.status, 200, 'llms.txt is served');
    llms = response.text;
    listed = listedLinks(llms)
      .filter((link) => link.section !== 'OpenAPI specs')
      .map((link) => {
        const twinPath = new URL(link.url).pathname;
        return {title: link.title, twinPath, pagePath: pageOfTwin(twinPath), section: link.section};
      });
  });

  test('follows the llmstxt.org format: name, summary, details, then link lists in sections', () => {
    assert.match(llms, /^# Zip Docs\n\n> \S.*\n\n[^#>\s-].*\n/, 'H1, a one-line blockquote, then a paragraph');
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(sections.slice(0, 4), ['Help', 'Guides', 'API reference', 'OpenAPI specs']);
    for (const line of llms.split('\n').filter((entry) => entry.startsWith('- '))) {
      assert.match(line, /^- \[[^\n]+\]\(https?:\/\/[^)\s]+\)(: \S.*)?$/, `a list entry: ${line}`);
    }
    for (const link of listedLinks(llms)) {
      assert.ok(link.url.startsWith(`${siteUrl}/`), `${link.url} is an absolute URL on the configured site`);
    }
  });

  test('opens with the rules for coding agents, each linking to the section of the page that explains it', async () => {
    const opening = llms.split(/^## /m)[0] ?? '';
    const [, rules = ''] = /^# Zip Docs\n\n> .*\n\nRules for coding agents: .*\n\n((?:\d+\. .*\n)+)/.exec(opening) ?? [];
    const lines = rules.trim().split('\n');
    assert.deepEqual(
      integrationRules.map((rule) => rule.text),
      lines.map((line) => line.replace(/^\d+\. /, '').replace(/ See \[[^\]]+\]\([^)]+\)\.$/, '')),
      'right after the summary, every rule of packages/model/src/integrationRules.ts in order',
    );
    for (const line of lines) {
      const url = /\]\((https?:\/\/[^)]+)\)\.$/.exec(line)?.[1] ?? '';
      assert.ok(url.startsWith(`${siteUrl}/`), `${line}: links to the configured site`);
      const {pathname, hash} = new URL(url);
      const page = await fetchText(pathname);
      assert.equal(page.status, 200, `${url}: the page exists`);
      assert.ok(
        page.text.includes(`id="${hash.slice(1)}"`) || page.text.includes(`id=${hash.slice(1)}`),
        `${url}: the page has the section`,
      );
    }
  });

  test('lists every page of the sitemap exactly once, as its Markdown twin', () => {
    const listedPaths = listed.map((page) => page.pagePath);
    const duplicates = listedPaths.filter((path, index) => listedPaths.indexOf(path) !== index);
    assert.deepEqual(duplicates, [], 'no page listed twice');
    assert.deepEqual([...listedPaths].sort(), [...sitemapPaths].sort());
    assert.ok(listed.every((page) => page.twinPath.endsWith('.md')));
  });

  test('sorts pages into Help, Guides and API reference by their section of the site', () => {
    for (const page of listed) {
      const expected = page.pagePath.startsWith('/guides/')
        ? 'Guides'
        : page.pagePath.startsWith('/api/')
          ? 'API reference'
          : page.pagePath === '/search'
            ? 'Optional'
            : 'Help';
      assert.equal(page.section, expected, `${page.pagePath} is under ${expected}`);
    }
    assert.equal(listed[0]?.pagePath, '/', 'the home page comes first, as in the sidebar');
  });

  test("lists each published spec by its API's overview twin, which links the YAML to download", async () => {
    const specs = listedLinks(llms).filter((link) => link.section === 'OpenAPI specs');
    assert.equal(specs.length, sourceSpecs.length, 'one entry per spec');
    const linkedSpecs: string[] = [];
    for (const link of specs) {
      assert.ok(link.url.endsWith('.md'), `${link.title}: the entry is a Markdown twin, not the YAML (${link.url})`);
      const twin = await fetchText(new URL(link.url).pathname);
      assert.equal(twin.status, 200, `${link.url} answers 200`);
      const yaml = [...twin.text.matchAll(/\]\((https?:\/\/[^)\s]+\/openapi\/[a-z]+\.yaml)\)/g)].map((match) => match[1] ?? '');
      assert.ok(yaml.length > 0, `${link.url} links its spec`);
      linkedSpecs.push(new URL(yaml[0] ?? '').pathname);
    }
    assert.deepEqual(linkedSpecs.sort(), sourceSpecs.map((spec) => `/openapi/${spec.split('/').at(-1) ?? ''}`).sort());
  });
});

test.describe('Markdown twins', () => {
  test.beforeAll(async () => {
    // llms.txt's suite runs first and fills `listed`; read it again in case this suite runs alone.
    if (listed.length === 0) {
      llms = (await fetchText('/llms.txt')).text;
      listed = listedLinks(llms)
        .filter((link) => link.section !== 'OpenAPI specs')
        .map((link) => {
          const twinPath = new URL(link.url).pathname;
          return {title: link.title, twinPath, pagePath: pageOfTwin(twinPath), section: link.section};
        });
    }
  });

  // That the twin's title is the page's h1 (and the h1 the document title),
  // after hydration, the crawl checks on every page (crawl.test.ts).
  for (const pagePath of sitemapPaths) {
    test(`${pagePath}: the twin is served, and llms.txt names the page by the twin's title`, async () => {
      const entry = listed.find((page) => page.pagePath === pagePath);
      assert.ok(entry, `llms.txt lists ${pagePath}`);
      const twin = await fetchText(entry.twinPath);
      assert.equal(twin.status, 200, `${entry.twinPath} answers 200`);
      assert.match(twin.type, /^text\/markdown/);
      twins.set(pagePath, twin.text);
      assert.equal(`# ${entry.title}`, twin.text.split('\n')[0], 'llms.txt names the page by its title');
      // The llms.txt directive under the title, where an agent reading from the top meets it (AFDocs' llms-txt-directive-md).
      assert.match(
        twin.text.split('\n')[2] ?? '',
        new RegExp(`^> .*\\[llms\\.txt\\]\\(${siteUrl}/llms\\.txt\\)`),
        'the llms.txt directive',
      );
    });
  }

  test('every page’s HTML has the llms.txt directive ahead of its content, hidden from view', async () => {
    const missing: string[] = [];
    for (const pagePath of sitemapPaths) {
      const html = (await fetchText(pagePath)).text;
      // In the body, just before the app's root: ahead of every word of the page (the build minifies, quotes and all).
      const body = html.slice(html.search(/<body[\s>]/i));
      if (!/<a href="?\/llms\.txt"? hidden[^>]*>[^<]*\/llms\.txt[^<]*<\/a>\s*<div id="?__docusaurus/i.test(body)) missing.push(pagePath);
    }
    assert.deepEqual(missing, [], 'pages without the directive first in their body');
  });

  test('every page’s HTML keeps the end tags of its table cells, rows and list items, which lenient parsers need to find its body', async () => {
    // Valid HTML without them, but node-html-parser (AFDocs') then loses <body> (patches/@docusaurus+bundler+3.10.2.patch).
    const unclosed: string[] = [];
    for (const pagePath of sitemapPaths) {
      const html = (await fetchText(pagePath)).text;
      for (const tag of ['li', 'tr', 'td', 'th']) {
        const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
        const closed = html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
        if (opened !== closed) unclosed.push(`${pagePath}: ${opened} <${tag}>, ${closed} </${tag}>`);
      }
    }
    assert.deepEqual(unclosed, [], 'pages whose minified HTML drops end tags');
  });

  test('link only to pages and files the site serves', async () => {
    const checked = new Map<string, number>();
    const broken: string[] = [];
    for (const [pagePath, twin] of twins) {
      for (const match of twin.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) {
        const url = new URL(match[1] ?? '');
        if (url.origin !== siteUrl) continue;
        const status = checked.get(url.pathname) ?? (await fetch(`${site.origin}${url.pathname}`, {method: 'HEAD'})).status;
        checked.set(url.pathname, status);
        if (status !== 200) broken.push(`${pagePath} → ${url.pathname} (${status})`);
      }
    }
    assert.ok(checked.size > 20, 'the twins link across the site');
    assert.deepEqual(broken, []);
  });

  test('llms-full.txt holds every twin, in the order of llms.txt', async () => {
    const full = await fetchText('/llms-full.txt');
    assert.equal(full.status, 200);
    let from = 0;
    for (const page of listed) {
      const twin = twins.get(page.pagePath) ?? (await fetchText(page.twinPath)).text;
      const at = full.text.indexOf(twin.trim(), from);
      assert.ok(at >= from, `${page.twinPath} is in llms-full.txt after the pages listed before it`);
      from = at + twin.trim().length;
    }
  });

  for (const endpoint of expectedEndpoints()) {
    test(`${endpoint.route}: the twin documents ${endpoint.method} ${endpoint.path} with the code samples, within what an agent reads whole`, async () => {
      const twin = twins.get(endpoint.route) ?? (await fetchText(`${endpoint.route}.md`)).text;
      assert.equal(twin.split('\n')[0], `# ${endpoint.summary}`);
      assert.ok(twin.includes(`\`${endpoint.method} ${endpoint.path}\``), 'method and path');
      assert.match(twin, /^## (Parameters|Request body)$|^#### Fields/m, 'a parameters or fields section');
      assert.match(twin, /^## Responses$/m);
      assert.ok(twin.length < 50_000, `${twin.length} characters, under AFDocs' page-size-markdown limit`);
      const samples = codeSamplesOf(twin);
      // All nine, or cURL's alone, naming the others, where nine would take the twin over its budget (endpoint-markdown.ts).
      const cut = samples.length === 1;
      assert.deepEqual(
        samples.map((sample) => sample.label),
        cut ? ['cURL'] : sampleLabels,
      );
      if (cut)
        assert.ok(twin.includes(`The page also shows this request in ${sampleLabels.filter((label) => label !== 'cURL').join(', ')}:`));
      for (const sample of samples) {
        assert.ok(sample.code.includes('api.example.com'), `${sample.label} calls the API host`);
      }
    });
  }

  test('endpoint twins carry the code samples the page shows', async ({session}) => {
    const {page} = session;
    // Operations with path, header and body values. (Where a query parameter's value is a
    // number, the page's samples drop the value, `?limit`; the twins keep it, `?limit=10`.)
    for (const route of ['/api/core/charges/capture-charge', '/api/links/update-link']) {
      const samples = codeSamplesOf((await fetchText(`${route}.md`)).text);
      await gotoHydrated(page, `${site.origin}${route}`);
      for (const language of ['python', 'curl', 'java']) {
        await page.locator(`[role="tab"].openapi-tabs__code-item--${language}`).click();
        const label = sampleLabels[['python', 'curl', 'csharp', 'go', 'nodejs', 'ruby', 'php', 'java', 'powershell'].indexOf(language)];
        const expected = samples.find((sample) => sample.label === label)?.code ?? '';
        await page.waitForFunction(
          (first) => (document.querySelector('.openapi-explorer__code-block code .token-line')?.textContent ?? '') === first,
          expected.split('\n')[0] ?? '',
        );
        const shown = await shownSample(page);
        // The explorer gives each reader an Idempotency-Key of their own (src/utils/explorerIdempotencyKey.ts);
        // the twin shows the spec's example: the samples agree on everything else.
        const normalise = (code: string): string =>
          code
            .replace(/[ \t]+$/gm, '')
            .replace(/(Idempotency-Key["']?\s*[:,=]\s*["']?)[0-9a-f-]{36}/gi, '$1<key>')
            .trim();
        assert.equal(normalise(shown), normalise(expected), `${route}: the ${label} sample matches the page`);
      }
    }
  });
});

/** The payments spec's generated information page, named by the plugin after the spec's title. */
function infoPageRoutes(): {route: string; spec: string}[] {
  return apiProducts
    .filter((product) => product.showInfoPage)
    .map((product) => {
      const spec = yaml.load(readFileSync(product.sourceSpec, 'utf8')) as {info: {title: string}};
      const slug = spec.info.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return {route: `/${product.outputDir}/${slug}`, spec: product.sourceSpec};
    });
}

test.describe('OpenAPI spec downloads', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  const introPages = [
    ...apiProducts
      .filter((product) => product.introDocId !== undefined)
      .map((product) => ({route: `/api/${product.introDocId ?? ''}`, spec: product.sourceSpec})),
    ...infoPageRoutes(),
  ];

  test('every API has an intro page in the sitemap', () => {
    for (const {route} of introPages) assert.ok(sitemapPaths.includes(route), `${route} is in the sitemap`);
    assert.deepEqual([...new Set(introPages.map((page) => page.spec))].sort(), [...sourceSpecs].sort(), 'each spec is offered');
  });

  for (const {route, spec} of introPages) {
    test(`${route}: the spec link downloads ${spec}, a YAML file that parses`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${route}`);
      const links = page.locator('article a[href$=".yaml"]');
      assert.ok((await links.count()) >= 1, 'a spec download link');
      const fileName = spec.split('/').at(-1) ?? '';
      const link = links.first();
      assert.equal(await link.getAttribute('href'), `/openapi/${fileName}`);
      // The information page's link sits in the OpenAPI theme's Export menu, which opens on focus.
      const exportButton = page.locator('article .export-button');
      if ((await exportButton.count()) > 0) await exportButton.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.equal(download.suggestedFilename(), fileName);
      const downloadedPath = await download.path();
      const text = readFileSync(downloadedPath, 'utf8');
      assert.equal(text, readFileSync(spec, 'utf8'), 'the published spec, unchanged');
      const parsed = yaml.load(text) as {openapi?: unknown};
      assert.equal(typeof parsed.openapi, 'string', 'an OpenAPI document');
    });
  }
});

test.describe('Copy page as Markdown', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.origin});
  });
  test.afterAll(async () => {
    await session.close();
  });

  for (const pagePath of ['/', '/help/security', '/guides/tutorials/refund-payment', '/api/intro', '/api/links/create-link']) {
    test(`${pagePath}: copies the twin's exact text and links to it`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${pagePath}`);
      const twinPath = pagePath === '/' ? '/index.md' : `${pagePath}.md`;
      assert.equal(await page.getByRole('link', {name: 'View as Markdown'}).getAttribute('href'), twinPath);
      const button = page.getByRole('button', {name: 'Copy page as Markdown'});
      await button.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({hasText: 'Copied'}).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, (await fetchText(twinPath)).text);
    });
  }

  test('copies without the asynchronous clipboard, and says so when copying is refused', async () => {
    const {page, context} = session;
    await gotoHydrated(page, `${site.origin}/help/security`);
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', {value: undefined}));
    await page.getByRole('button', {name: 'Copy page as Markdown'}).click();
    await page.getByRole('status').filter({hasText: 'Copied'}).waitFor();
    const reader = await context.newPage();
    try {
      await reader.goto(`${site.origin}/help/security.md`);
      assert.equal(await reader.evaluate(() => navigator.clipboard.readText()), (await fetchText('/help/security.md')).text);
    } finally {
      await reader.close();
    }

    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    await page.getByRole('button', {name: 'Copy page as Markdown'}).click();
    await page.getByRole('status').filter({hasText: 'Could not copy'}).waitFor();
    assert.ok(await page.getByRole('link', {name: 'View as Markdown'}).isVisible(), 'the Markdown stays one click away');
  });
});

/**
 * Letters and digits only, in lower case, each word once spaced: what reading the text gives,
 * whatever its markup. A Markdown link reads as its text: its address is not shown on the page.
 */
function words(text: string): string {
  return ` ${text
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/<https?:[^>\s]+>/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** A twin written from the operation (an endpoint or event page), not from the page's HTML. */
const isEndpointTwin = (twin: string): boolean => /^# .+\n\n(> .*\n\n)?(`[A-Z]+ \/|Webhook event: )/.test(twin);

test.describe('Markdown twins say what the page shows', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    // The server's HTML, as a reader's browser lays it out: the text each line of the page shows.
    session = await openSession(browser, {javaScriptEnabled: false, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('every line a content page shows is in its twin: table cells, notes and footnotes apart, nothing run together', async () => {
    test.setTimeout(240_000);
    const problems: string[] = [];
    let checked = 0;
    for (const pagePath of sitemapPaths) {
      const twinPath = pagePath === '/' ? '/index.md' : `${pagePath}.md`;
      const twin = readFileSync(join(buildDir, twinPath), 'utf8');
      if (isEndpointTwin(twin) || !twin.includes('\n')) continue;
      await session.page.goto(`${site.origin}${pagePath}`, {waitUntil: 'domcontentloaded'});
      const lines = await session.page.evaluate(() => {
        const article = document.querySelector<HTMLElement>('.theme-doc-markdown');
        if (!article) return [];
        // What the twin leaves out on purpose: controls, heading anchors, a footnote's number and back link, the
        // hidden "Footnotes" heading, and a diagram's drawing (the twin gives its source).
        const left = article.querySelectorAll<HTMLElement>(
          'button, form, .hash-link, sup:has(a[data-footnote-ref]), a[data-footnote-backref], section[data-footnotes] > h2, .docusaurus-mermaid-container',
        );
        for (const element of Array.from(left)) element.style.setProperty('display', 'none');
        return article.innerText.split('\n');
      });
      checked++;
      const text = words(twin);
      for (const line of lines) {
        const shown = words(line);
        if (shown.trim() && !text.includes(shown)) problems.push(`${pagePath}: "${line.trim()}" is not in ${twinPath}`);
      }
    }
    assert.ok(checked > 40, `content pages checked: ${checked}`);
    assert.deepEqual(problems, [], `${problems.length} line(s) shown on a page but missing from its twin`);
  });
});
