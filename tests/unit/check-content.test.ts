/**
 * The content check's rules, on small inline pages, and the page parsing it shares with the sample
 * check (scripts/lib/pages.ts). Each failing case asserts the file and line a problem names.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {checkPage, collectForbidden, type Problem} from '../../scripts/check-content';
import {parsePage} from '../../scripts/lib/pages';

const FENCE = '```';
const FILE = 'docs/help/test.mdx';
const problemsOfFacts: Problem[] = [];
const forbidden = collectForbidden(problemsOfFacts);

function page(...body: string[]): string {
  return ['---', 'title: Fees', 'description: What each payment method costs.', '---', '', ...body].join('\n');
}

function check(source: string): Problem[] {
  return checkPage(parsePage(source, FILE), forbidden);
}

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `test page has no line with ${text}`);
  return index + 1;
}

function summary(problems: Problem[]): string[] {
  return problems.map((problem) => `${problem.file}:${problem.line}: ${problem.reason}`);
}

describe('check-content: front matter', () => {
  it('passes a page with a title, a short description and an H2', () => {
    assert.deepEqual(check(page('## Cards', '', 'Cards cost <Fact name="fees.cardDomestic.percent" /> a payment.')), []);
  });

  it('fails a front matter that does not parse, naming the file and the line', () => {
    const source = ['---', 'title: Fees', 'description: [What each payment method costs', '---', '', '## Cards'].join('\n');
    const problems = check(source);
    assert.equal(problems.length, 1, summary(problems).join('\n'));
    assert.equal(problems[0]?.file, FILE);
    assert.ok((problems[0]?.line ?? 0) >= 2 && (problems[0]?.line ?? 0) <= 4, summary(problems).join('\n'));
    assert.match(problems[0]?.reason ?? '', /^the front matter does not parse as YAML: /);
  });

  it('fails a missing description on line 1, and an empty title on its own line', () => {
    const missing = ['---', 'title: Fees', '---', '', '## Cards'].join('\n');
    assert.deepEqual(summary(check(missing)), [`${FILE}:1: front matter \`description\` is missing or empty`]);
    const empty = ['---', 'title: ""', 'description: What each payment method costs.', '---', '', '## Cards'].join('\n');
    assert.deepEqual(summary(check(empty)), [`${FILE}:2: front matter \`title\` is missing or empty`]);
    assert.deepEqual(summary(check('## Cards')), [
      `${FILE}:1: front matter \`title\` is missing or empty`,
      `${FILE}:1: front matter \`description\` is missing or empty`,
    ]);
  });

  it('fails a description over 160 characters, and reads folded YAML as YAML does', () => {
    const long = ['---', 'title: Fees', 'description: >-', `  ${'Card fees. '.repeat(15).trim()}`, '---', '', '## Cards'].join('\n');
    assert.deepEqual(summary(check(long)), [`${FILE}:3: description is 164 characters (at most 160)`]);
  });

  it('fails placeholder wording in the front matter', () => {
    const source = ['---', 'title: Fees (TBD)', 'description: What each payment method costs.', '---', '', '## Cards'].join('\n');
    assert.deepEqual(summary(check(source)), [`${FILE}:2: placeholder wording in front matter \`title\``]);
  });
});

describe('check-content: the body', () => {
  it('fails a page without an H2, on the first line of its body', () => {
    assert.deepEqual(summary(check(page('### Cards', '', 'Text.'))), [`${FILE}:5: no H2 heading (## …)`]);
  });

  it('fails placeholder wording on any line, code blocks included', () => {
    const source = page('## Cards', '', 'Lorem ipsum.', '', `${FENCE}bash`, 'curl https://example.com # todo', FENCE);
    assert.deepEqual(
      check(source).map((problem) => problem.line),
      [lineOf(source, 'Lorem'), lineOf(source, '# todo')],
    );
  });

  it('fails a number that packages/model/src/facts.ts owns, typed as text, naming the fact', () => {
    const source = page('## Cards', '', 'Cards cost **3.5%** a payment.');
    const problems = check(source);
    assert.equal(problems.length, 1, summary(problems).join('\n'));
    assert.equal(problems[0]?.file, FILE);
    assert.equal(problems[0]?.line, lineOf(source, '3.5%'));
    assert.match(
      problems[0]?.reason ?? '',
      /^literal "3\.5%" states facts\.fees\.cardDomestic\.percent.*render it from packages\/model\/src\/facts\.ts/,
    );
  });

  it('reads Mermaid diagrams and JSX attributes as prose, but not other code, inline code or imports', () => {
    const source = page(
      "import {Tabs} from '@site/src/components/Tabs'; // 3.5%",
      '',
      '## Cards',
      '',
      'The fee is `3.5%` in the API.',
      '',
      `${FENCE}js`,
      'const fee = "3.5%";',
      FENCE,
      '',
      `${FENCE}mermaid`,
      'flowchart LR',
      '  A[Card] -->|3.5% fee| B[Paid]',
      FENCE,
      '',
      '<Tabs label="Cards at 3.5%" />',
    );
    assert.deepEqual(
      check(source).map((problem) => problem.line),
      [lineOf(source, '|3.5% fee|'), lineOf(source, 'Cards at 3.5%')],
    );
  });

  it('fails a page that is not valid MDX, naming the file and the line', () => {
    const source = page('## Cards', '', '<Tabs>', '', 'Text.');
    const problems = check(source);
    assert.equal(problems.length, 1, summary(problems).join('\n'));
    assert.equal(problems[0]?.file, FILE);
    assert.ok((problems[0]?.line ?? 0) >= lineOf(source, '<Tabs>'));
    assert.match(problems[0]?.reason ?? '', /^the page cannot be parsed as MDX: /);
  });

  it('knows how every number in packages/model/src/facts.ts is written', () => {
    assert.deepEqual(problemsOfFacts, []);
    assert.ok(forbidden.length > 100, `${forbidden.length} patterns`);
  });
});

describe('pages: one parse for every check', () => {
  it('gives headings the ids Docusaurus gives them', () => {
    const parsed = parsePage(
      page('## Fees & limits', '', '## Fees & limits', '', '## Send your key \\{#authentication}', '', '### `amount`'),
      FILE,
    );
    assert.deepEqual(
      parsed.headings.map(({depth, text, id, line}) => [depth, text, id, line]),
      [
        [2, 'Fees & limits', 'fees--limits', 6],
        [2, 'Fees & limits', 'fees--limits-1', 8],
        [2, 'Send your key', 'authentication', 10],
        [3, 'amount', 'amount', 12],
      ],
    );
  });

  it('reads code fences inside JSX, with their line, title and section', () => {
    const source = page(
      '## One',
      '',
      '<Tabs>',
      '  <TabItem value="a">',
      '',
      `  ${FENCE}JSON title="Request body" nocheck`,
      '  {"a": 1}',
      `  ${FENCE}`,
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '## Two',
      '',
      `${FENCE}bash`,
      'ls',
      FENCE,
    );
    const parsed = parsePage(source, FILE);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.code.map(({lang, title, meta, text, line, section}) => ({lang, title, meta, text, line, section})),
      [
        {
          lang: 'json',
          title: 'Request body',
          meta: 'title="Request body" nocheck',
          text: '{"a": 1}',
          line: lineOf(source, 'JSON title'),
          section: 1,
        },
        {lang: 'bash', title: undefined, meta: '', text: 'ls', line: lineOf(source, `${FENCE}bash`), section: 2},
      ],
    );
    assert.equal(parsed.frontMatter?.data.title, 'Fees');
    assert.equal(parsed.frontMatter?.lineOf('description'), 3);
    assert.equal(parsed.bodyLine, 5);
  });
});
