/**
 * How plugins/critical-css links a page's style sheets once Beasties has moved
 * them to the end of the body: disabled, for its client module to enable once
 * the page has hydrated, with a `<noscript>` link for a reader without scripts;
 * and which custom properties it leaves out of the inlined CSS.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {linkSheetsAfterHydration} from '../../plugins/critical-css';
import {pruneInlinedProperties, withoutUnreadProperties} from '../../plugins/critical-css/custom-properties';

const page = (head: string, bodyEnd: string): string =>
  `<!doctype html><html><head>${head}<style>.navbar{color:red}</style></head><body><nav class=navbar></nav>${bodyEnd}</body></html>`;

describe('linkSheetsAfterHydration', () => {
  it('links each sheet at the end of the body disabled, marked for the client module, with a noscript link', () => {
    const html = linkSheetsAfterHydration(page('', '<link rel=stylesheet href=/assets/css/styles.1234abcd.css>'), 'index.html');
    assert.ok(
      html.endsWith(
        '<link rel=stylesheet href=/assets/css/styles.1234abcd.css disabled data-after-hydration>' +
          '<noscript><link rel=stylesheet href=/assets/css/styles.1234abcd.css></noscript></body></html>',
      ),
      html,
    );
  });

  it('leaves the head as it is', () => {
    const head = '<link rel=stylesheet href=/assets/css/print.css media=print>';
    assert.ok(linkSheetsAfterHydration(page(head, ''), 'index.html').includes(`<head>${head}<style>`));
  });

  it('fails naming the page for a sheet in the body that is not the build’s own', () => {
    assert.throws(
      () => linkSheetsAfterHydration(page('', '<link rel="stylesheet" href="https://cdn.example.com/x.css">'), 'help/faq.html'),
      /help\/faq\.html: a style sheet linked in the body is not the build's own/,
    );
  });
});

describe('withoutUnreadProperties', () => {
  it('keeps what a rule reads, directly or through another property, and drops the rest with rules left empty', () => {
    const css = ':root{--a:1px;--b:var(--c);--c:red;--unread:blue}.x{margin:var(--a);color:var(--b)}.y{--only:0}';
    assert.equal(withoutUnreadProperties(css, ''), ':root{--a:1px;--b:var(--c);--c:red}.x{margin:var(--a);color:var(--b)}');
  });

  it('keeps what the rest of the page reads, such as a style attribute', () => {
    const html = '<html><head><style>:root{--a:1px;--b:2px}</style></head><body><p style="margin:var(--b)"></body></html>';
    assert.equal(
      pruneInlinedProperties(html),
      '<html><head><style>:root{--b:2px}</style></head><body><p style="margin:var(--b)"></body></html>',
    );
  });
});
