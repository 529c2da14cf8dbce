/**
 * The built HTML of one page of each type, and the 404, through the Nu HTML
 * Checker (the `vnu-jar` package, on Debian's Java): any error of the site's
 * own markup fails, naming the page, the line and column, and the message.
 * Errors from upstream packages are listed below, each with the package and
 * the issue to file there; only those pass. It reads `build/` as the server
 * sends it, so it runs after the test build like the other browser tests,
 * without a browser.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {test} from '../support/browser';
import {buildDir} from '../support/site';

// Resolved from the project, as Playwright loads this file as CommonJS (no import.meta).
const vnuJar = createRequire(join(process.cwd(), 'package.json')).resolve('vnu-jar/build/dist/vnu.jar');

/** One page of each type, by its built file. */
const pages = {
  home: 'index.html',
  'help article': 'help/payments/intro.html',
  guide: 'guides/developer-guide/taking-payments.html',
  tutorial: 'guides/tutorials/refund-payment.html',
  'API intro': 'api/intro.html',
  'endpoint page': 'api/core/charges/create-charge.html',
  'event page': 'api/core/charges/charge-captured-event.html',
  search: 'search.html',
  'not-found page': '404.html',
} as const;

interface UpstreamError {
  /** The package whose markup it is. */
  readonly upstream: string;
  /** The issue to file there. */
  readonly issue: string;
  readonly message: RegExp;
  /** The markup around it, when the message alone could be the site's. */
  readonly extract?: RegExp;
}

/** Errors in markup the site does not write. None of them changes what a page means to its reader. */
const upstreamErrors: readonly UpstreamError[] = [
  {
    upstream: '@docusaurus/theme-classic (CodeBlock/Line)',
    issue: 'CodeBlock renders each line as a <div> inside <code>, which allows only phrasing content: render a <span> with display: block',
    message: /^Element “div” not allowed as child of element “code”/,
    extract: /token-line/,
  },
  {
    upstream: '@docusaurus/theme-classic (Tabs), docusaurus-theme-openapi-docs (its tabs)',
    issue:
      'Tabs do not tie a tab to its panel: give each tab an id and aria-controls, and each tabpanel aria-labelledby (ARIA 1.3, w3c/aria pull 2500)',
    message: /^Every active “role=tab” element must have a corresponding “role=tabpanel” element\.$/,
  },
  {
    upstream: 'docusaurus-theme-openapi-docs (MethodEndpoint)',
    issue: 'The endpoint path is an <h2> inside a <pre>, which allows only phrasing content',
    message: /^Element “h2” not allowed as child of element “pre”/,
    extract: /openapi__method-endpoint-path/,
  },
  {
    upstream: 'mermaid (flowchart edge labels, rendered to SVG by plugins/diagrams)',
    issue: 'With htmlLabels, an edge label is a <p> inside a <span> in the foreignObject: use a <div> or a <span>',
    message: /^Element “p” not allowed as child of element “span”/,
    extract: /[Ll]abel/,
  },
  {
    upstream: 'mermaid (state diagram start and end states)',
    issue: 'The start and end states are <circle> elements with width and height, which SVG does not allow on a circle',
    message: /^Attribute “(width|height)” not allowed on element “circle” at this point\.$/,
    extract: /state-(start|end)/,
  },
  {
    upstream: 'vnu-jar (the checker’s CSS profile)',
    issue: 'The CSS checker does not know line-clamp (CSS Overflow 4), which Docusaurus’s sidebar styles set',
    message: /^CSS: “line-clamp”: Property “line-clamp” doesn't exist\.$/,
  },
  // Not upstream: the site's own navbar search box (src/theme/SearchBar), which ARIA in HTML allows role=combobox
  // only as type=text (w3c/html-aria issue 397). Its owner's change removes this entry.
  {
    upstream: 'the site: src/theme/SearchBar (the search box’s own work)',
    issue: 'The navbar search box is <input type=search role=combobox>: make it type=text',
    message: /^Bad value “search” for attribute “type” on element “input”\.$/,
    extract: /role=combobox/,
  },
  // Not upstream either: a schema's field (src/components/FieldAnchor) is a <div> where the theme's
  // Schema lists properties in a <ul>, since in a list response the theme puts a <div> of its own
  // between that <ul> and the fields, where an <li> breaks the list for screen readers (axe's
  // listitem, in the crawl). The fix is the theme's: each property the <ul>'s own <li>.
  {
    upstream: 'the site: src/components/FieldAnchor, in docusaurus-theme-openapi-docs (Schema) lists',
    issue: 'Schema renders object properties as <div> children of a <ul> (and wraps a list response’s in a <div>): render each as an <li>',
    message: /^Element “div” not allowed as child of element “ul” in this context\./,
    extract: /<div id=(request|response)-[^ ]* class=field_[^ ]* data-field-name=/,
  },
];

interface CheckerMessage {
  readonly type: string;
  readonly subType?: string;
  readonly url: string;
  readonly lastLine?: number;
  readonly firstColumn?: number;
  readonly lastColumn?: number;
  readonly message: string;
  readonly extract?: string;
}

function isUpstream(message: CheckerMessage): boolean {
  return upstreamErrors.some((known) => known.message.test(message.message) && (known.extract?.test(message.extract ?? '') ?? true));
}

/** Runs the checker once over every page: starting Java costs more than checking a page. */
function checkPages(files: readonly string[]): CheckerMessage[] {
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`The Nu HTML Checker did not run (is Java installed? bash scripts/setup-tests.sh): ${run.error.message}`);
  // It writes its JSON report to standard error.
  const report = [run.stderr, run.stdout].find((output) => output.trim().startsWith('{'));
  if (report === undefined) throw new Error(`The Nu HTML Checker wrote no report: ${run.stderr}${run.stdout}`);
  return (JSON.parse(report) as {messages: CheckerMessage[]}).messages;
}

test.describe('valid HTML: the Nu HTML Checker over one page of each type', () => {
  test.describe.configure({timeout: 240_000});
  const files = Object.values(pages).map((file) => join(buildDir, file));
  let messages: CheckerMessage[] = [];

  test.beforeAll(() => {
    const missing = files.filter((file) => !existsSync(file));
    assert.deepEqual(missing, [], 'built pages missing: build the site first (npm run build:test)');
    messages = checkPages(files);
  });

  for (const [type, file] of Object.entries(pages)) {
    test(`${type} (${file}) has no error of the site's own markup`, () => {
      const own = messages
        .filter((message) => message.type === 'error' || message.subType === 'fatal')
        .filter((message) => decodeURIComponent(new URL(message.url).pathname).endsWith(`/${file}`))
        .filter((message) => !isUpstream(message))
        .map(
          (message) =>
            `${file}:${message.lastLine ?? '?'}:${message.firstColumn ?? message.lastColumn ?? '?'}: ${message.message} — …${(message.extract ?? '').slice(0, 160)}…`,
        );
      assert.deepEqual(own, [], `${file}: ${own.length} error(s) of the site's own markup`);
    });
  }

  test('every upstream entry still matches an error, so a fixed one is removed', () => {
    const unused = upstreamErrors.filter(
      (known) => !messages.some((message) => known.message.test(message.message) && (known.extract?.test(message.extract ?? '') ?? true)),
    );
    assert.deepEqual(
      unused.map((known) => `${known.upstream}: ${known.issue}`),
      [],
      'upstream errors no page has any more',
    );
  });
});
