/**
 * The site search engine (packages/model/src/siteSearch.ts) and the build's sections
 * (plugins/search/sections.ts) on small pages: questions find the section
 * that answers them, words without meaning are ignored, the vocabulary's
 * synonyms and every spelling of a hyphenated word find the same sections,
 * and each result quotes the passage that matched.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sectionsOfPage} from '../../plugins/search/sections';
import {answers} from '../../plugins/search/queries/score';
import {isQuestion, SiteSearch, toIndexFile, type SearchSection} from '@zip/model/siteSearch';

function page(path: string, title: string, body: string, keywords = ''): SearchSection[] {
  const head = keywords ? `<meta name="keywords" content="${keywords}">` : '';
  return sectionsOfPage(
    path,
    `<html><head>${head}</head><body><article><div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`,
  );
}

const sections: SearchSection[] = [
  ...page(
    '/api/webhooks',
    'Webhooks',
    `<p>Zip tells your server what happened by sending events.</p>
     <h2 id="retries">Retries</h2><p>Zip retries a failed delivery 8 times over three days.</p>
     <h2 id="duplicates">Duplicates</h2><p>Delivery is at least once: an event can arrive more than once. Every copy has the same event <code>id</code>. Record the ids you have handled.</p>
     <h2 id="ordering">Ordering</h2><p>Zip does not promise any order.</p>`,
    'webhook,Zip-Signature',
  ),
  ...page(
    '/help/refunds',
    'Refunds and chargebacks',
    `<p>A refund returns a payment to the customer.</p>
     <h2 id="refund-rules">Refund rules by method</h2><p>GCash and Maya refunds arrive in the customer's wallet within a day.</p>
     <h3 id="if-a-refund-fails">If a refund fails</h3><p>Zip e-mails you and the amount stays in your balance.</p>
     <div class="theme-code-block"><pre>curl refund_secret_word</pre></div>
     <footer class="theme-doc-footer">Edit this page</footer>`,
  ),
  ...page('/help/qr', 'QR Ph', `<h2 id="scan">Scan and pay</h2><p>The customer scans the QR Ph code with any bank app.</p>`),
  ...page(
    '/api/customers/retrieve',
    'Retrieve a customer by e-mail',
    `<p>Finds the customer whose <code>email</code> you give.</p><div role="tabpanel" hidden><p>hidden_tab_word</p></div>`,
    'email,last_sent_at',
  ),
];
const search = SiteSearch.fromIndexFile(JSON.stringify(toIndexFile(sections)));
const paths = (query: string): string[] => search.search(query, 8).map((hit) => hit.path);

describe('sections of a built page', () => {
  it('splits a page at each h2 and h3 with an id, the top holding the title and keywords', () => {
    assert.deepEqual(
      sections.filter((section) => section.path === '/help/refunds').map((section) => [section.anchor, section.heading]),
      [
        ['', ''],
        ['refund-rules', 'Refund rules by method'],
        ['if-a-refund-fails', 'If a refund fails'],
      ],
    );
    const top = sections.find((section) => section.path === '/api/webhooks' && section.anchor === '');
    assert.equal(top?.pageTitle, 'Webhooks');
    assert.equal(top?.keywords, 'webhook Zip-Signature');
  });

  it('leaves out code samples, the page footer and hidden tabs', () => {
    const text = sections.map((section) => section.text).join(' ');
    for (const word of ['refund_secret_word', 'Edit this page', 'hidden_tab_word'])
      assert.ok(!text.includes(word), `"${word}" is not indexed`);
  });

  it('makes one section of two headings with the same anchor', () => {
    const twice = page(
      '/api/overview',
      'API overview',
      `<h2 id="authentication">Authentication</h2><p>Send your secret key.</p>
       <h2 id="authentication">Authentication</h2><p>Basic auth with the key as user name.</p>`,
    );
    assert.deepEqual(
      twice.map((section) => [section.anchor, section.text]),
      [
        ['', ''],
        ['authentication', 'Send your secret key. Basic auth with the key as user name.'],
      ],
    );
  });

  it('is no docs page without .theme-doc-markdown', () => {
    assert.deepEqual(sectionsOfPage('/search', '<html><body><main>Search</main></body></html>'), []);
  });
});

describe('site search', () => {
  it('answers a question by the section that holds most of its words, not all of them', () => {
    assert.equal(paths('Which field do I use to detect a duplicate webhook delivery?')[0], '/api/webhooks#duplicates');
    assert.equal(paths('How many times does Zip retry a webhook?')[0], '/api/webhooks#retries');
  });

  it('ignores words that carry no meaning, and finds nothing for them alone', () => {
    assert.deepEqual(paths('how do I'), []);
    assert.deepEqual(paths('what is the ordering'), paths('ordering'));
  });

  it('finds what the pages call it from what readers type (packages/model/src/searchVocabulary.ts)', () => {
    assert.ok(paths('money back')[0]?.startsWith('/help/refunds'), `money back → refund: ${paths('money back').join(', ')}`);
    assert.ok(paths('e-wallet refund time').includes('/help/refunds#refund-rules'), 'e-wallet → GCash and Maya');
    assert.ok(paths('QRPh')[0]?.startsWith('/help/qr'), 'QRPh → QR Ph');
    assert.ok(paths('notification')[0]?.startsWith('/api/webhooks'), 'notification → webhook');
  });

  it('finds a hyphenated word in every spelling', () => {
    const expected = '/api/customers/retrieve';
    for (const query of ['retrieve customer by e-mail', 'retrieve customer by email']) {
      assert.equal(paths(query)[0], expected, query);
    }
  });

  it('finds a field name as written, and its words in part', () => {
    assert.equal(paths('last_sent_at')[0], '/api/customers/retrieve');
  });

  it('finds a word while it is being typed', () => {
    assert.ok(paths('duplic')[0]?.startsWith('/api/webhooks#duplicates'));
  });

  it('quotes the passage that matched, with the matched words marked', () => {
    const [hit] = search.search('duplicate webhook delivery', 1);
    assert.ok(hit);
    assert.equal(hit.heading, 'Duplicates');
    assert.match(hit.passage, /^Delivery is at least once/);
    const marked = hit.marks.map(([start, end]) => hit.passage.slice(start, end).toLowerCase());
    assert.ok(marked.includes('delivery'), `marks: ${marked.join(', ')}`);
  });

  it('lists a place once, even from an index that holds it twice', () => {
    const section = {path: '/api/overview', pageTitle: 'API overview', keywords: '', anchor: 'authentication', heading: 'Authentication'};
    const twice = SiteSearch.fromIndexFile(
      toIndexFile([
        {...section, text: 'Send your secret key.'},
        {...section, text: 'Basic auth with the secret key as user name.'},
      ]),
    );
    assert.deepEqual(
      twice.search('secret key', 8).map((hit) => hit.path),
      ['/api/overview#authentication'],
    );
  });

  it('refuses an index file of another version, naming the file', () => {
    assert.throws(
      () => SiteSearch.fromIndexFile('{"version":0,"pages":[],"sections":[]}'),
      /search-index\.json is not a version 1 search index/,
    );
  });
});

describe('a merchant’s words', () => {
  const merchantSite = SiteSearch.fromIndexFile(
    toIndexFile([
      ...page('/guides/install', 'Install the SDK', '<h2 id="install">Install</h2><p>Install the package with npm before you start.</p>'),
      ...page(
        '/help/instalments',
        'Pay in instalments',
        '<h2 id="plans">Plans</h2><p>Customers pay a down payment, then monthly instalments.</p>',
      ),
      ...page(
        '/api/webhooks-down',
        'Webhooks',
        '<h2 id="down">When your endpoint was down</h2><p>Zip retries each payment event when your endpoint was down.</p>',
      ),
      ...page(
        '/guides/assistant',
        'Docs for your coding assistant',
        '<h2 id="what">What the assistant can do</h2><p>Your coding assistant reads the docs.</p>',
      ),
      ...page(
        '/help/team',
        'Your team',
        '<h2 id="leaves">Remove access when someone leaves</h2><p>Remove a team member on their last day.</p>',
      ),
      ...page('/help/paid', 'Getting paid', '<h2 id="banks">Which banks</h2><p>Payouts go to your bank account.</p>'),
      ...page('/help/migrate', 'Move to Zip', '<p>Moving to Zip from another payment provider.</p>'),
    ]),
  );
  const found = (query: string): string[] => merchantSite.search(query, 8).map((hit) => hit.path);

  it('keeps "installment" apart from "install", and finds the pages’ “instalment”', () => {
    const onInstalments = (results: readonly string[]): boolean =>
      results.length > 0 && results.every((path) => path.startsWith('/help/instalments'));
    assert.ok(onInstalments(found('installment')), `installment: ${found('installment').join(', ')}`);
    assert.ok(!found('install').includes('/help/instalments#plans'), `install: ${found('install').join(', ')}`);
  });

  it('reads "down payment" as one word: never "the endpoint was down"', () => {
    for (const query of ['down payment', 'down-payment', 'downpayment']) {
      const results = found(query);
      assert.ok(results.length > 0 && results.every((path) => path.startsWith('/help/instalments')), `${query}: ${results.join(', ')}`);
    }
  });

  it('finds a shop’s staff, not the coding assistant, for "my shop assistant quit"', () => {
    assert.deepEqual(found('my shop assistant quit').slice(0, 1), ['/help/team#leaves']);
    assert.ok(!found('my shop assistant quit').includes('/guides/assistant#what'));
  });

  it('finds banks by name and other providers by name', () => {
    for (const bank of ['BDO', 'BPI', 'Metrobank', 'UnionBank', 'Landbank', 'Security Bank'])
      assert.equal(found(bank)[0], '/help/paid#banks', bank);
    for (const provider of ['PayMongo', 'Xendit', 'Dragonpay', 'PayPal', 'Maya Business'])
      assert.equal(found(provider)[0], '/help/migrate', provider);
  });
});

describe('questions of any length', () => {
  it('searches a long question on its rarest words, never refusing it', () => {
    const question = `${'I am writing a long message to explain my situation in detail because it is complicated and '.repeat(4)}which field detects a duplicate webhook delivery?`;
    assert.ok(question.split(/\s+/).length > 60);
    assert.equal(paths(question)[0], '/api/webhooks#duplicates');
  });

  it('reads a pasted page without stalling: at most its first thousand characters', () => {
    // What follows the first thousand characters would change the answer, were it read.
    const pasted = `${'refund '.repeat(150)}${'webhook signature '.repeat(10_000)}`;
    assert.ok(paths(pasted).length > 0);
    assert.deepEqual(paths(pasted), paths(pasted.slice(0, 1000)));
    assert.notDeepEqual(paths(pasted.slice(1050)), paths(pasted.slice(0, 1000)));
  });
});

describe('questions', () => {
  it('tells a question from keywords', () => {
    for (const query of ['How do I refund a payment?', 'which field detects duplicates', 'refund?']) assert.ok(isQuestion(query), query);
    for (const query of ['refund a charge', 'card_declined', 'how to']) assert.ok(!isQuestion(query), query);
  });
});

describe('query set answers', () => {
  it('matches a section, a page or a folder', () => {
    assert.ok(answers('/api/webhooks#duplicates', '/api/webhooks#duplicates'));
    assert.ok(!answers('/api/webhooks#duplicates', '/api/webhooks'));
    assert.ok(answers('/api/webhooks', '/api/webhooks#retries'));
    assert.ok(answers('/api/requests/', '/api/requests/create-request#request'));
    assert.ok(!answers('/api/requests/', '/api/requests-intro'));
  });
});
