/**
 * The docs MCP server's answers that need no build: the test values find_test_value knows
 * (packages/docs-mcp/src/test-values.ts) and how read_page cuts a long page (packages/docs-mcp/src/page-sections.ts). The tools
 * themselves are called against the build in tests/e2e/docs-mcp.test.ts.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {findSection, partsOf, sectionsOf} from '../src/page-sections';
import {findTestValues, testValueList, testValues} from '../src/test-values';
import {answerBudget} from '../src/limits';
import {formatCardNumber, testAmounts, testCards} from '@zip/model/testValues';
import {testValueOutcomes} from '@zip/model/testOutcomes';

describe('find_test_value', () => {
  it('knows every value of the testing page: cards, approval buttons and amounts', () => {
    assert.deepEqual(new Set(testValues.map((value) => value.outcome)), new Set(testValueOutcomes));
  });

  it('writes card numbers and amounts as the testing page does', () => {
    const list = testValueList();
    for (const card of testCards) assert.ok(list.includes(formatCardNumber(card.number)), card.outcome);
    assert.ok(!list.includes(testCards[0]?.number ?? '-'), 'no card number as bare digits');
    for (const amount of testAmounts) assert.match(list, new RegExp(`${amount.amountMinor} \\(PHP [0-9,]+\\.00\\)`));
    assert.ok(list.length <= answerBudget, `the list fits one answer (${list.length} characters)`);
  });

  it('finds e-wallet outcomes by failure code and by method, in the reader’s spelling', () => {
    assert.deepEqual(
      findTestValues('wallet_limit_exceeded').map((value) => value.outcome),
      ['amount-wallet_limit_exceeded'],
    );
    assert.deepEqual(
      findTestValues('insufficient_funds').map((value) => value.outcome),
      ['insufficient_funds', 'amount-insufficient_funds'],
    );
    for (const method of ['GCash', 'Maya', 'QR Ph', 'qrph', 'BPI', 'UnionBank', 'e-wallet']) {
      assert.ok(
        findTestValues(method).some((value) => value.outcome === 'approval-chargeable'),
        `${method} finds the approval page's Approve`,
      );
    }
    assert.deepEqual(
      findTestValues('3DS').map((value) => value.outcome),
      ['three-d-secure-passed', 'three-d-secure-failed'],
    );
    assert.deepEqual(
      findTestValues('4000 0000 0000 0002').map((value) => value.outcome),
      ['card_declined'],
    );
    assert.deepEqual(findTestValues('free money'), []);
  });
});

describe('read_page sections', () => {
  const page = [
    '# Testing',
    '',
    'Opening paragraph.',
    '',
    '## Cards that succeed',
    '',
    'Text.',
    '',
    '### Visa `4111`',
    '',
    '```bash',
    '# not a heading',
    '',
    'curl -X POST',
    '```',
    '',
    '## 3-D Secure',
    '',
    '| a | b |',
    '| --- | --- |',
    '| 1 | 2 |',
  ].join('\n');

  it('finds sections by the anchors Docusaurus gives their headings, never a heading inside code', () => {
    const sections = sectionsOf(page);
    assert.deepEqual(
      sections.map((section) => [section.anchor, section.level]),
      [
        ['cards-that-succeed', 2],
        ['visa-4111', 3],
        ['3-d-secure', 2],
      ],
    );
    assert.ok(findSection(sections, '#cards-that-succeed')?.text.includes('curl -X POST'), 'a section holds its sub-sections');
    assert.equal(findSection(sections, '3-D Secure')?.anchor, '3-d-secure');
    assert.equal(findSection(sections, 'nowhere'), undefined);
  });

  it('cuts a long text between blocks, never inside a code block or a table', () => {
    const parts = partsOf(page, 50);
    assert.equal(parts.join('\n\n').replace(/\n+/g, '\n'), page.replace(/\n+/g, '\n'));
    assert.ok(
      parts.some((part) => part.startsWith('```bash') && part.endsWith('```')),
      'the code block is whole in one part',
    );
    assert.ok(
      parts.some((part) => part.includes('| a | b |\n| --- | --- |\n| 1 | 2 |')),
      'the table is whole in one part',
    );
  });

  it('cuts a block longer than the budget between list items, and a long code block between lines, fenced again', () => {
    const list = Array.from({length: 30}, (_, index) => `- \`field_${index}\` (string)\n  What field ${index} holds.`).join('\n');
    const listParts = partsOf(list, 200);
    assert.ok(
      listParts.length > 1 && listParts.every((part) => part.length <= 200 && part.startsWith('- ')),
      'each part starts at an item',
    );
    assert.equal(listParts.join('\n'), list);
    const code = ['```json', ...Array.from({length: 40}, (_, index) => `  "line_${index}": ${index},`), '```'].join('\n');
    const codeParts = partsOf(code, 300);
    assert.ok(codeParts.length > 1);
    for (const part of codeParts) assert.match(part, /^```json\n[^`]+\n```$/, 'every piece is a whole code block');
  });
});
