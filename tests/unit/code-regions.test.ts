/**
 * The code-regions remark plugin (plugins/code-regions): regions read as written, missing ones fail
 * naming the page; fragments get a label before the code, which reaches the Markdown twin.
 */
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import type {Code, Paragraph, Root} from 'mdast';
import {createElement} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import remarkCodeRegions, {fragmentOf, readRegion, regionOf} from '../../plugins/code-regions';
import {pageToMarkdown, parsePage} from '../../plugins/machine-readable/html-to-markdown';

const root = join(import.meta.dirname, '../..') + '/';
const sourceUrl = 'https://github.com/example/zip-docs/blob/main/';
const FENCE = '```';

function code(meta: string, value = 'charge();'): Code {
  return {type: 'code', lang: 'js', meta, value};
}

/** Runs the plugin on a tree of these blocks, as the build does for the page `file`. */
function transform(children: Root['children'], file = 'guides/test.mdx'): Root {
  const tree: Root = {type: 'root', children};
  remarkCodeRegions({root, sourceUrl})(tree, {path: file});
  return tree;
}

/** A paragraph's text as a reader reads it. */
function textOf(node: {value?: string; children?: unknown[]}): string {
  return node.value ?? (node.children ?? []).map((child) => textOf(child as {value?: string; children?: unknown[]})).join('');
}

describe('code regions', () => {
  it('reads a region of a reference integration without its markers or indentation', () => {
    const value = readRegion(root, 'packages/integrations/node/recurring-billing.mjs', 'bill-period');
    assert.match(value, /^\/\*\* Bills one subscription period/);
    assert.doesNotMatch(value, /#region|#endregion/);
  });

  it('fills a region block, and reads its meta among others', () => {
    assert.deepEqual(regionOf('title="x.mjs (fragment)" region="packages/integrations/node/orders.mjs#record-and-fulfil"'), {
      file: 'packages/integrations/node/orders.mjs',
      name: 'record-and-fulfil',
    });
    const [block] = transform([code('region="packages/integrations/node/orders.mjs#record-and-fulfil"', '')]).children as Code[];
    assert.match(block?.value ?? '', /^export function recordPayment/);
  });

  it('fails naming the page and the region when the region is missing', () => {
    assert.throws(
      () =>
        transform(
          [code('region="packages/integrations/node/recurring-billing.mjs#no-such"', '')],
          'guides/tutorials/save-payment-information.mdx',
        ),
      /guides\/tutorials\/save-payment-information\.mdx: code region packages\/integrations\/node\/recurring-billing\.mjs#no-such: .*has no region "no-such"/,
    );
    assert.throws(
      () => transform([code('region="packages/integrations/node/no-such.mjs#client"', '')]),
      /guides\/test\.mdx: code region packages\/integrations\/node\/no-such\.mjs#client: there is no file packages\/integrations\/node\/no-such\.mjs/,
    );
  });
});

describe('code fragments', () => {
  it('reads `fragment` and `fragment="file"`, and not the word inside a title', () => {
    assert.deepEqual(fragmentOf('title="charge.mjs" fragment'), {program: undefined});
    assert.deepEqual(fragmentOf('fragment="packages/integrations/node/card-payment.mjs" title="charge.mjs"'), {
      program: 'packages/integrations/node/card-payment.mjs',
    });
    assert.equal(fragmentOf('title="a fragment of the server"'), undefined);
  });

  it('puts a label before the block, naming the complete program and linking to it, and keeps the code', () => {
    const tree = transform([code('title="charge.mjs" fragment="packages/integrations/node/card-payment.mjs"')]);
    const [label, block] = tree.children as [Paragraph, Code];
    assert.equal(label.type, 'paragraph');
    assert.deepEqual(label.data?.hProperties, {className: ['code-fragment-label']});
    assert.equal(
      textOf(label),
      "Excerpt, not a complete program. The complete program for this flow, run through payment faults by Zip Docs' tests: packages/integrations/node/card-payment.mjs.",
    );
    const link = label.children.find((child) => child.type === 'link');
    assert.equal(link?.url, `${sourceUrl}packages/integrations/node/card-payment.mjs`);
    assert.equal(block.value, 'charge();');
  });

  it('says when no reference integration covers the flow, and labels each of several blocks once', () => {
    const tree = transform([code('fragment'), code('fragment')]);
    assert.deepEqual(
      tree.children.map((child) => child.type),
      ['paragraph', 'code', 'paragraph', 'code'],
    );
    assert.match(textOf(tree.children[0] as Paragraph), /^Excerpt, not a complete program\. No reference integration, .* covers this flow/);
  });

  it('fails the build naming the page when a fragment names a missing file or one outside packages/integrations/', () => {
    assert.throws(
      () => transform([code('fragment="packages/integrations/node/no-such.mjs"')], 'guides/checkout.mdx'),
      /^Error: guides\/checkout\.mdx: fragment="packages\/integrations\/node\/no-such\.mjs": there is no file/,
    );
    assert.throws(
      () => transform([code('fragment="scripts/serve.ts"')]),
      /must name a reference integration, a file under packages\/integrations\//,
    );
    assert.throws(
      () => transform([code('region="packages/integrations/node/orders.mjs#record-and-fulfil" fragment')]),
      /either a region or a fragment/,
    );
  });

  it('reaches the Markdown twin (and so read_page), the label before the code', async () => {
    const mdx = `## Pay\n\n<Tabs>\n\n${FENCE}js title="charge.mjs" fragment="packages/integrations/node/card-payment.mjs"\ncharge();\n${FENCE}\n\n</Tabs>\n`;
    // @mdx-js/mdx is ESM only, with a dependency that cannot be required: imported, as the build does.
    const {evaluate} = await import('@mdx-js/mdx');
    const {default: Content} = await evaluate(mdx, {...runtime, remarkPlugins: [[remarkCodeRegions, {root, sourceUrl}]]});
    const Tabs = ({children}: {children?: unknown}) => createElement('div', null, children as never);
    const html = renderToStaticMarkup(createElement(Content, {components: {Tabs}}));
    assert.match(html, /<p class="code-fragment-label"><strong>Excerpt<\/strong>/);
    const page = parsePage(
      `<html><head></head><body><article><div class="theme-doc-markdown markdown"><h1>Payments</h1>${html}</div></article></body></html>`,
      'guides/test',
    );
    const markdown = pageToMarkdown(page, {pagePath: '/guides/test', siteUrl: 'https://docs.example.com', source: 'guides/test'}) ?? '';
    assert.ok(
      markdown.includes(
        "**Excerpt**, not a complete program. The complete program for this flow, run through payment faults by Zip Docs' tests: [`packages/integrations/node/card-payment.mjs`](https://github.com/example/zip-docs/blob/main/packages/integrations/node/card-payment.mjs).\n\n```js\ncharge();\n```",
      ),
      markdown,
    );
  });
});
