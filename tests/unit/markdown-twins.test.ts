/**
 * The Markdown twins' building blocks (plugins/machine-readable):
 * HTML → Markdown for content pages, endpoint pages from the spec, llms.txt,
 * and which pages get a twin and where.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {RouteConfig} from '@docusaurus/types';
import {sitemapPagePaths} from '../../plugins/machine-readable';
import type {CodeSample} from '@zip/model/apiOperation';
import {endpointMarkdown, endpointTwinBudget, fieldList, schemaName} from '../../plugins/machine-readable/endpoint-markdown';
import {pageTitle, pageToMarkdown, parsePage} from '../../plugins/machine-readable/html-to-markdown';
import {llmsFullTxt, llmsTxt} from '../../plugins/machine-readable/llms-txt';
import {codeBlock, firstSentence, inlineCode, tableCell, withLlmsDirective} from '../../plugins/machine-readable/markdown-text';
import type {ApiOperation} from '@zip/model/apiOperation';
import {markdownTwinPath} from '@zip/model/markdownTwin';

const siteUrl = 'https://docs.example.com';

/** A built doc page as Docusaurus writes it, with each widget the converter rewrites. */
const builtPage = `<!doctype html><html><head><title>Refund a payment | Zip Docs</title>
<meta name="description" content="Refund a card payment in full or in part."></head><body>
<nav class="navbar"><a href="/">Zip</a></nav>
<main><article><nav class="theme-doc-breadcrumbs"><a href="/">Home</a></nav>
<div class="theme-doc-markdown markdown"><header><h1>Refund a payment</h1></header>
<p>Read <a href="/help/payments/refunds-chargebacks#windows">refund windows</a> and <a href="#step-1">step 1</a> first.</p>
<h2 class="anchor" id="step-1">Step 1<a href="#step-1" class="hash-link" aria-label="Direct link to Step 1">\u200b</a></h2>
<div class="theme-tabs-container tabs-container tabList_zI5C"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">curl</li><li role="tab">Python</li></ul>
<div class="margin-top--md"><div role="tabpanel"><div class="language-bash codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockTitle_OeMC">Refund the charge</div>
<div class="codeBlockContent_QJqH"><pre class="prism-code language-bash"><code><div class="token-line"><span class="token function">curl</span><span> https://api.example.com/v2/charges \\</span><br></div><div class="token-line"><span>  -u sk_test_key:</span><br></div></code></pre>
<div class="buttonGroup_M5ko"><button type="button" aria-label="Copy code to clipboard">Copy</button></div></div></div></div>
<div role="tabpanel" hidden><p>Use <code>requests</code>.</p></div></div></div>
<div class="theme-admonition theme-admonition-warning admonition_xJq3 alert alert--warning"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg></svg></span>warning</div>
<div class="admonitionContent_BuS1"><p>Refunds cannot be undone.</p></div></div>
<div class="scroll_gyKQ" role="region" aria-label="Table"><table><thead><tr><th>Method</th><th>Window</th></tr></thead>
<tbody><tr><th scope="row">Cards</th><td>180 days | from capture</td></tr></tbody></table></div>
<details><summary>Why partial refunds?</summary><div><p>Returned items.</p></div></details>
<ul><li><a href="/guides/intro"><span class="title_x">Guides</span><span class="description_y">Build with the API.</span></a></li></ul>
<img src="/img/refund.png" alt="Refund screen">
<form><label for="secret">Signing secret</label><input id="secret" placeholder="whsec_…"><button type="submit">Verify</button></form>
</div><footer><a href="https://github.com/example/zip-docs/edit/main/guides/refund.mdx">Edit this page</a></footer></article></main></body></html>`;

describe('HTML → Markdown for content pages', () => {
  const page = parsePage(builtPage, 'guides/refund/index.html');
  const markdown = pageToMarkdown(page, {pagePath: '/guides/refund', siteUrl, source: 'guides/refund'}) ?? '';

  it('reads the title from the h1 and the description from the meta tag', () => {
    assert.equal(page.title, 'Refund a payment');
    assert.equal(page.description, 'Refund a card payment in full or in part.');
  });

  it('starts with the title once, and drops navigation, anchors, buttons, forms and edit links', () => {
    assert.ok(markdown.startsWith('# Refund a payment\n\n'), markdown);
    assert.equal(markdown.match(/^# /gm)?.length, 1);
    for (const chrome of ['Home', 'Direct link', 'Copy', 'Edit this page', 'Signing secret', 'whsec_', '\u200b']) {
      assert.ok(!markdown.includes(chrome), `no "${chrome}"`);
    }
    assert.match(markdown, /^## Step 1$/m);
  });

  it('keeps code blocks fenced, with their language and title, one line per line', () => {
    assert.ok(
      markdown.includes('```bash title="Refund the charge"\ncurl https://api.example.com/v2/charges \\\n  -u sk_test_key:\n```'),
      markdown,
    );
  });

  it('writes every tab as a labelled section, hidden panels included', () => {
    assert.match(
      markdown,
      /\*\*curl\*\*\n\n\*\*Refund the charge\*\*\n\n```bash title="Refund the charge"/,
      "the code block's title above it",
    );
    assert.match(markdown, /\*\*Python\*\*\n\nUse `requests`\./);
  });

  it('writes admonitions as blockquotes, tables as GFM tables, collapsibles as labelled text', () => {
    assert.match(markdown, /> \*\*Warning\*\*\n>\n> Refunds cannot be undone\./);
    assert.match(markdown, /\| Method \| Window \|\n\| - \| - \|\n\| Cards \| 180 days \\\| from capture \|/);
    assert.match(markdown, /\*\*Why partial refunds\?\*\*\n\nReturned items\./);
  });

  it('makes site links and images absolute, and reads link cards as "[title](url): description"', () => {
    assert.ok(markdown.includes('[refund windows](https://docs.example.com/help/payments/refunds-chargebacks#windows)'));
    assert.ok(markdown.includes('[step 1](https://docs.example.com/guides/refund#step-1)'));
    assert.ok(markdown.includes('- [Guides](https://docs.example.com/guides/intro): Build with the API.'));
    assert.ok(markdown.includes('![Refund screen](https://docs.example.com/img/refund.png)'));
  });

  it('names the page that has no title, and the tab set whose panels are not all rendered', () => {
    assert.throws(
      () => parsePage('<main><p>No heading</p></main>', 'help/empty/index.html'),
      /help\/empty\/index\.html: the page has no <h1> title/,
    );
    const lazyTabs = builtPage.replace('<div role="tabpanel" hidden><p>Use <code>requests</code>.</p></div>', '');
    assert.throws(
      () => pageToMarkdown(parsePage(lazyTabs, 'x'), {pagePath: '/guides/refund', siteUrl, source: 'guides/refund.mdx'}),
      /guides\/refund\.mdx: a tab set has 2 tabs but 1 panels/,
    );
  });

  it("reads an endpoint page's title from its article's h1 alone", () => {
    assert.equal(pageTitle(builtPage, 'guides/refund/index.html'), 'Refund a payment');
    assert.equal(
      pageTitle('<nav><h1>Menu</h1></nav><article><h1 class=openapi__heading>Create a <code>charge</code>\u200b</h1></article>', 'x'),
      'Create a charge',
    );
    assert.throws(
      () => pageTitle('<main><p>No heading</p></main>', 'api/empty/index.html'),
      /api\/empty\/index\.html: the page has no <h1> title/,
    );
  });

  it('keeps a table cell’s note apart from its value, a footnote as a GFM footnote, and a diagram as its mermaid source', () => {
    const html = `<html><head><title>Getting paid</title></head><body><div class="theme-doc-markdown"><h1>Getting paid</h1>
<table><thead><tr><th>Methods</th><th>Paid out</th></tr></thead><tbody><tr><th scope="row">Cards</th><td>T+3<br><span class="note_Ab1c">3 business days after the cut-off</span></td></tr></tbody></table>
<p>Fees<sup><a href="#user-content-fn-vat" id="user-content-fnref-vat" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup> apply.</p>
<div class="docusaurus-mermaid-container diagram_x" data-mermaid-source="flowchart TD\n  A[Payment] --> B[Payout]"><svg><text>Payment</text></svg></div>
<section data-footnotes="" class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2><ol><li id="user-content-fn-vat"><p>Plus VAT. <a href="#user-content-fnref-vat" data-footnote-backref="" aria-label="Back to reference 1">↩</a></p></li></ol></section>
</div></body></html>`;
    const twin = pageToMarkdown(parsePage(html, 'help/getting-paid.html'), {pagePath: '/help/getting-paid', siteUrl, source: 'help'}) ?? '';
    assert.match(twin, /\| Cards \| T\+3<br>3 business days after the cut-off \|/);
    assert.match(twin, /Fees\[\^vat\] apply\./);
    assert.match(twin, /\n\[\^vat\]: Plus VAT\.\n/);
    assert.ok(!twin.includes('↩') && !twin.includes('Footnotes'), 'no back links, no hidden heading');
    assert.match(twin, /```mermaid\nflowchart TD\n {2}A\[Payment\] --> B\[Payout\]\n```/);
  });

  it('gives a webhook fixture as its events in order, each linked to its event page’s twin, and how to make it by hand', () => {
    const html = `<html><head><title>Testing</title></head><body><div class="theme-doc-markdown"><h1>Testing</h1>
<section aria-label="Fixture: A card payment with 3-D Secure"><p>Fixture: A card payment with 3-D Secure</p><ol><li><code>charge.pending</code></li><li><code>charge.succeeded</code></li></ol>
<form><label>Test signing secret</label><input><button>Download signed deliveries (JSON)</button></form></section></div></body></html>`;
    const twin =
      pageToMarkdown(parsePage(html, 'guides/testing.html'), {
        pagePath: '/guides/testing',
        siteUrl,
        source: 'testing',
        eventPages: {
          'charge.pending': '/api/core/charges/charge-pending-event',
          'charge.succeeded': '/api/core/charges/charge-succeeded-event',
        },
      }) ?? '';
    assert.match(
      twin,
      /\*\*Fixture: A card payment with 3-D Secure\*\*\n\n1\. \[`charge\.pending`\]\(https:\/\/docs\.example\.com\/api\/core\/charges\/charge-pending-event\.md\)\n2\. \[`charge\.succeeded`\]/,
    );
    assert.match(twin, /sign each example in this order with the recipe on its event’s page/);
    assert.ok(!twin.includes('Download signed deliveries'), 'no control');
  });

  it('has no twin body for a page without a docs article', () => {
    const search = parsePage('<main><h1>Search the documentation</h1><input type="search"></main>', 'search/index.html');
    assert.equal(pageToMarkdown(search, {pagePath: '/search', siteUrl, source: 'search'}), undefined);
  });
});

const createLink: ApiOperation = {
  method: 'post',
  path: '/v1/links',
  description: 'Creates a payment link.\n\nShare its `url`.',
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      description: 'Makes the call | safe\nto retry.',
      schema: {type: 'string', maxLength: 255},
      example: 'abc',
    },
  ],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['amount'],
          properties: {
            amount: {type: ['integer', 'null'], description: 'Minor units.', minimum: 100},
            usage: {
              type: 'string',
              enum: ['reusable', 'single_use'],
              'x-enumDescriptions': {reusable: 'Many payments.', single_use: 'One payment.'},
            },
            line_items: {type: 'array', items: {type: 'object', required: ['name'], properties: {name: {type: 'string'}}}},
            id: {type: 'string', readOnly: true},
          },
        },
        examples: {fixed: {summary: 'Fixed amount', value: {amount: 45000}}},
      },
    },
  },
  responses: {
    '201': {
      description: 'The new link.',
      content: {
        'application/json': {schema: {type: 'object', properties: {id: {type: 'string', format: 'uri'}}}, example: {id: 'plink_1'}},
      },
    },
    '400': {
      description: 'Bad request.',
      content: {
        'application/json': {
          schema: {type: 'object', properties: {code: {type: 'string', enum: Array.from({length: 20}, (_, index) => `code_${index}`)}}},
        },
      },
    },
    '422': {
      description: 'Invalid.',
      content: {
        'application/json': {
          schema: {type: 'object', properties: {code: {type: 'string', enum: Array.from({length: 20}, (_, index) => `code_${index}`)}}},
        },
      },
    },
  },
  servers: [{url: 'https://api.example.com'}],
  security: [{secretKey: []}],
  securitySchemes: {secretKey: {type: 'http', scheme: 'basic', description: 'Your secret key.'}},
  postman: {method: 'POST', url: {path: ['v1', 'links']}},
};

const samples: CodeSample[] = [
  {language: 'python', label: 'Python (Requests)', highlight: 'python', code: 'import requests\n'},
  {language: 'curl', label: 'cURL', highlight: 'bash', code: "curl -L 'https://api.example.com/v1/links'"},
];

describe('Markdown for endpoint pages', () => {
  const errorsUrl = `${siteUrl}/api/errors`;
  const markdown = endpointMarkdown({title: 'Create a payment link', operation: createLink, codeSamples: samples, errorsUrl});

  it('says under the method and path when the operation last changed, and what changed', () => {
    const change = {date: '2026-11-26', anchor: '2026-11-26-2', summary: 'Links take `status`.', breaking: true};
    const withChange = endpointMarkdown({
      title: 'Create a payment link',
      operation: createLink,
      codeSamples: samples,
      change,
      changelogUrl: `${siteUrl}/api/changelog`,
    });
    assert.match(
      withChange,
      /`POST \/v1\/links`\n\nBase URL: `[^`]+`\n\n_Changed on \[26 November 2026\]\(https:\/\/docs\.example\.com\/api\/changelog#2026-11-26-2\) \(a breaking change\)\._ Links take `status`\.\n/,
    );
  });

  it('starts with the title, then the method and path, the server and the description', () => {
    assert.ok(
      markdown.startsWith(
        '# Create a payment link\n\n`POST /v1/links`\n\nBase URL: `https://api.example.com`\n\nCreates a payment link.\n\nShare its `url`.',
      ),
      markdown,
    );
  });

  it('lists parameters under their location, each headed as the page heads it: name, type, qualifiers', () => {
    assert.match(
      markdown,
      /## Parameters\n\n### Header parameters\n\n- <a id="header-idempotency-key"><\/a>`Idempotency-Key` string: Makes the call \| safe\n {2}to retry\.\n\n {2}\*\*Possible values:\*\* `<= 255 characters`\n\n {2}\*\*Example:\*\* `abc`\n/,
    );
  });

  it('lists body fields headed as the page heads them, with values and nested fields, without read-only ones, each with the anchor the page gives it', () => {
    assert.match(markdown, /## Request body\n\n### Body \(`application\/json`\) required\n/, "the page's heading of the body");
    assert.match(
      markdown,
      /- <a id="request-amount"><\/a>`amount` integer \| null nullable required: Minor units\.\n\n {2}\*\*Possible values:\*\* `>= 100`\n/,
    );
    assert.match(
      markdown,
      /- <a id="request-usage"><\/a>`usage` string: Values:\n\n {2}- `reusable`: Many payments\.\n {2}- `single_use`: One payment\.\n\n {2}\*\*Possible values:\*\* \[`reusable`, `single_use`\]\n/,
    );
    assert.match(
      markdown,
      /- <a id="request-line_items"><\/a>`line_items` object\[\]\n {2}- <a id="request-line_items-name"><\/a>`name` string required/,
    );
    assert.doesNotMatch(markdown, /`id` string[^<]*\n/, 'read-only id is not a request field');
    assert.match(
      markdown,
      /### Example: Fixed amount \(`fixed`\)\n\n```json\n\{"amount":45000\}\n```/,
      "named by the page's tab, the JSON on one line",
    );
  });

  it('lists responses with status, fields and examples, lists shared fields once, and an error’s fields by name', () => {
    assert.match(markdown, /### 201 Created\n\nThe new link\./);
    assert.match(markdown, /- <a id="response-id"><\/a>`id` string<uri>/);
    assert.match(
      markdown,
      /- <a id="response-400-code"><\/a>`code` string\n\nWhat each field, `type` and `code` means, and what to do about it: \[Errors\]\(https:\/\/docs\.example\.com\/api\/errors\)\./,
    );
    assert.doesNotMatch(markdown, /code_19/, "the Errors page lists an error's values");
    assert.match(markdown, /### 422 Unprocessable Entity\n\nInvalid\.\n\nSame fields as the 400 response/);
  });

  it("anchors another response's fields under its status, each anchor once", () => {
    assert.match(markdown, /- <a id="response-400-code"><\/a>`code` string\n/);
    const anchors = [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]);
    assert.deepEqual(anchors, [
      'header-idempotency-key',
      'request-amount',
      'request-usage',
      'request-line_items',
      'request-line_items-name',
      'response-id',
      'response-400-code',
    ]);
  });

  it('ends with the code samples, one fenced block per language', () => {
    assert.match(markdown, /## Code samples\n\n### Python \(Requests\)\n\n```python\nimport requests\n```\n\n### cURL\n\n```bash\ncurl/);
    assert.match(markdown, /## Authentication\n\nRequires:\n\n- `secretKey` \(HTTP Basic\): Your secret key\./);
  });

  it('keeps to the budget an agent reads whole: over it, the cURL sample only, naming the others', () => {
    const long = {...createLink, description: 'A long description. '.repeat(Math.ceil(endpointTwinBudget / 20))};
    const trimmed = endpointMarkdown({title: 'Create a payment link', operation: long, codeSamples: samples});
    assert.match(
      trimmed,
      /## Code samples\n\n### cURL\n\n```bash\ncurl[^\n]*\n```\n\nThe page also shows this request in Python \(Requests\): /,
    );
    assert.doesNotMatch(trimmed, /### Python/);
  });

  it('writes types as the API pages do', () => {
    assert.equal(schemaName({type: 'string', format: 'date-time'}), 'string<date-time>');
    assert.equal(schemaName({type: ['string', 'null'], format: 'uri'}), '(string | null)<uri>');
    assert.equal(schemaName({type: 'array', items: {type: 'string'}}), 'string[]');
    assert.equal(schemaName({allOf: [{properties: {a: {type: 'string'}}}]}), 'object');
    assert.equal(schemaName({type: 'string', title: 'Currency'}), 'Currency');
    const [card, name] = fieldList(
      {
        type: 'object',
        required: ['card', 'name'],
        properties: {card: {type: ['object', 'null'], properties: {}}, name: {type: ['string', 'null']}},
      },
      'response',
      'response',
      new Set(),
    );
    assert.match(card ?? '', /`card` object \| null required$/, 'a field that opens onto fields says nullable only for `nullable`');
    assert.match(name ?? '', /`name` string \| null nullable required$/);
  });

  it("lists each alternative of a oneOf by its tab's label, with what the page shows under it", () => {
    const customer = {
      oneOf: [
        {type: 'string', description: 'An id.', example: 'cus_1'},
        {title: 'New customer', type: 'object', properties: {}},
      ],
    };
    const lines = fieldList({type: 'object', properties: {customer}}, 'request', 'request', new Set());
    assert.deepEqual(lines, [
      '- <a id="request-customer"></a>`customer` object',
      '  - oneOf `string`: An id.\n\n    **Example:** `cus_1`',
      '  - oneOf `New customer`',
    ]);
  });
});

describe('llms.txt', () => {
  const index = {
    name: 'Zip Docs',
    summary: 'Accept payments\nin the Philippines.',
    details: ['About the site.'],
    sections: [
      {title: 'Help', links: [{title: 'Fees [2026]', url: 'https://docs.example.com/help/fees.md', description: 'What it costs.'}]},
      {title: 'Empty', links: []},
      {title: 'OpenAPI specs', links: [{title: 'Zip Links API', url: 'https://docs.example.com/openapi/links.yaml'}]},
    ],
  };

  it('has the name, a one-line summary, details, then a list per section', () => {
    assert.equal(
      llmsTxt(index),
      '# Zip Docs\n\n> Accept payments in the Philippines.\n\nAbout the site.\n\n## Help\n\n- [Fees \\[2026\\]](https://docs.example.com/help/fees.md): What it costs.\n\n## OpenAPI specs\n\n- [Zip Links API](https://docs.example.com/openapi/links.yaml)\n',
    );
  });

  it('llms-full.txt has the same heading, then every twin in order', () => {
    assert.equal(
      llmsFullTxt(index, ['# One\n\nFirst.\n', '# Two\n']),
      '# Zip Docs\n\n> Accept payments in the Philippines.\n\n# One\n\nFirst.\n\n# Two\n',
    );
  });
});

describe('which pages get a twin, and where', () => {
  it('puts the twin beside the page, index.md for the root', () => {
    assert.equal(markdownTwinPath('/help/security'), '/help/security.md');
    assert.equal(markdownTwinPath('/help/security/'), '/help/security.md');
    assert.equal(markdownTwinPath('/'), '/index.md');
    assert.equal(markdownTwinPath('/docs/', '/docs/'), '/docs/index.md');
    assert.equal(markdownTwinPath('/docs/api/intro', '/docs/'), '/docs/api/intro.md');
  });

  it('covers the sitemap’s pages: leaf routes, less ignored and no-index ones', () => {
    const routes = [
      {
        path: '/',
        component: 'root',
        routes: [
          {path: '/help/fees', component: 'doc'},
          {path: '/tests/crash', component: 'crash'},
        ],
      },
      {path: '/search', component: 'search'},
      {path: '/drafts/x', component: 'doc'},
    ] as RouteConfig[];
    const metadata = {'/drafts/x': {noIndex: true}, '/search': {noIndex: false}};
    assert.deepEqual(sitemapPagePaths(routes, metadata, ['/tests/**']), ['/help/fees', '/search']);
  });
});

describe('Markdown text helpers', () => {
  it('fences and quotes code that itself holds backticks', () => {
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(codeBlock('```\nx\n```', 'md'), '````md\n```\nx\n```\n````');
    assert.equal(tableCell('a |\nb'), 'a \\| b');
  });

  it('takes the first sentence, not stopping inside amounts or abbreviations', () => {
    assert.equal(firstSentence('Charges at least PHP 20.00 per call. Then more.'), 'Charges at least PHP 20.00 per call.');
    assert.equal(firstSentence('One line\nwrapped. Second.\n\nNext paragraph.'), 'One line wrapped.');
    assert.equal(firstSentence('No full stop'), 'No full stop');
  });
});

describe('the llms.txt directive of a twin', () => {
  const llmsUrl = 'https://docs.example.com/llms.txt';

  it('comes right under the title, once, linking llms.txt', () => {
    const twin = withLlmsDirective('# Security\n\nHow Zip keeps payments safe.\n', llmsUrl);
    const lines = twin.split('\n');
    assert.equal(lines[0], '# Security');
    assert.match(lines[2] ?? '', /^> .*\[llms\.txt\]\(https:\/\/docs\.example\.com\/llms\.txt\)/);
    assert.equal(lines.slice(3).join('\n'), '\nHow Zip keeps payments safe.\n');
    assert.equal(withLlmsDirective(twin, llmsUrl), twin, 'never twice');
  });

  it('opens a twin without a title', () => {
    assert.match(withLlmsDirective('Text.\n', llmsUrl), /^> .*llms\.txt.*\n\nText\.\n$/);
  });
});

describe('endpoint twins: open sets', () => {
  it("list an extensible enum's documented values and say that Zip may add others", () => {
    const code = {
      type: 'string',
      description: 'What went wrong.',
      examples: ['card_declined', 'expired_card'],
      'x-enumDescriptions': {card_declined: 'The bank declined it.', expired_card: 'The card has expired.'},
    };
    const [line] = fieldList({type: 'object', properties: {code}}, 'response', 'error', new Set());
    assert.match(
      line ?? '',
      /Documented values \(Zip may add others\):\n\n {2}- `card_declined`: The bank declined it\.\n {2}- `expired_card`: The card has expired\./,
    );
    assert.doesNotMatch(line ?? '', /Example:/);
  });
});
