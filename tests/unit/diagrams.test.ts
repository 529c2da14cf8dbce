/**
 * Diagrams drawn at build time: the remark plugin that inlines a rendered SVG in place of a
 * ```mermaid block, and the check that every diagram has its SVG and every SVG its diagram. Both
 * run on small pages written to a temporary folder.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import type {Root, RootContent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {mdxFromMarkdown, type MdxJsxFlowElement} from 'mdast-util-mdx';
import {mdxjs} from 'micromark-extension-mdxjs';
import remarkDiagrams from '../../plugins/diagrams/remark';
import {checkDiagrams, checkRepository, formatProblem} from '../../scripts/diagrams/check';
import {diagramId} from '../../plugins/diagrams/files';
import {findDiagrams, findDiagramsInText} from '../../scripts/diagrams/find';

const FENCE = '```';
const RENDERED = 'flowchart TD\n    A[Order] --> B[Paid]';
const NOT_RENDERED = 'flowchart TD\n    A[Order] --> C[Refunded]';
const SVG = '<svg id="diagram-test" role="graphics-document document" aria-roledescription="flowchart-v2"><text>Order</text></svg>';

const scratch = mkdtempSync(path.join(tmpdir(), 'zip-docs-diagrams-test-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

/** A folder of SVGs holding one, for `RENDERED`. */
function svgFolder(): string {
  const directory = mkdtempSync(path.join(scratch, 'svgs-'));
  writeFileSync(path.join(directory, `${diagramId(RENDERED)}.svg`), `${SVG}\n`);
  return directory;
}

function parse(source: string): Root {
  return fromMarkdown(source, {extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()]});
}

function transform(source: string, directory: string): Root {
  const tree = parse(source);
  remarkDiagrams({directory})(tree);
  return tree;
}

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `test page has no line with ${text}`);
  return index + 1;
}

function page(...lines: string[]): string {
  return ['---', 'title: Test page', 'description: A page for the test.', '---', '', '## Flow', '', ...lines, ''].join('\n');
}

describe('remark-diagrams', () => {
  it('replaces a mermaid block whose SVG exists with <Diagram svg="…" source="…" />', () => {
    const tree = transform(['Before.', '', `${FENCE}mermaid`, RENDERED, FENCE, '', 'After.'].join('\n'), svgFolder());
    const [, diagram] = tree.children;
    assert.equal(diagram?.type, 'mdxJsxFlowElement');
    const element = diagram as MdxJsxFlowElement;
    assert.equal(element.name, 'Diagram');
    assert.deepEqual(element.attributes, [
      {type: 'mdxJsxAttribute', name: 'svg', value: SVG},
      {type: 'mdxJsxAttribute', name: 'source', value: RENDERED},
    ]);
    assert.deepEqual(element.children, []);
    assert.equal(element.position?.start.line, 3, 'keeps the block position for error messages');
    assert.deepEqual(
      tree.children.map((node) => node.type),
      ['paragraph', 'mdxJsxFlowElement', 'paragraph'],
    );
  });

  it('leaves a mermaid block whose SVG is missing, for the theme to draw in the browser', () => {
    const tree = transform([`${FENCE}mermaid`, NOT_RENDERED, FENCE].join('\n'), svgFolder());
    const [block] = tree.children;
    assert.equal(block?.type, 'code');
    assert.equal((block as Extract<RootContent, {type: 'code'}>).value, NOT_RENDERED);
    assert.equal((block as Extract<RootContent, {type: 'code'}>).lang, 'mermaid');
  });

  it('leaves other code blocks, even with the same text', () => {
    const tree = transform([`${FENCE}text`, RENDERED, FENCE].join('\n'), svgFolder());
    assert.equal(tree.children[0]?.type, 'code');
  });

  it('finds blocks nested in lists and JSX, with the id the finder gives them', () => {
    const nested = ['1. First step:', '', `   ${FENCE}mermaid`, '   flowchart TD', '       A[Order] --> B[Paid]', `   ${FENCE}`].join('\n');
    const inJsx = ['<details>', '', `${FENCE}mermaid`, RENDERED, FENCE, '', '</details>'].join('\n');
    for (const source of [nested, inJsx]) {
      const [found] = findDiagramsInText(source, 'guides/test.mdx');
      assert.equal(found?.source, RENDERED, 'the finder strips the indentation as the parser does');
      const tree = transform(source, svgFolder());
      assert.match(JSON.stringify(tree), /"name":"Diagram"/);
      assert.doesNotMatch(JSON.stringify(tree), /"lang":"mermaid"/);
    }
  });

  it('needs the diagrams folder', () => {
    assert.throws(() => remarkDiagrams({directory: ''}), /directory/);
  });

  it('reads the repository’s diagrams folder when given no options, as the config uses it', () => {
    const [rendered] = findDiagrams(process.cwd());
    assert.ok(rendered, 'the repository has a diagram');
    const tree = parse([`${FENCE}mermaid`, rendered.source, FENCE].join('\n'));
    remarkDiagrams()(tree);
    assert.equal(tree.children[0]?.type, 'mdxJsxFlowElement');
  });
});

describe('check-diagrams', () => {
  /** A repository with one page of two diagrams (one rendered) and an SVG no diagram uses. */
  function repository(): {root: string; source: string} {
    const root = mkdtempSync(path.join(scratch, 'repo-'));
    const source = page(
      'Text.',
      '',
      `${FENCE}mermaid`,
      RENDERED,
      FENCE,
      '',
      '## Refunds',
      '',
      `${FENCE}mermaid title="Refund"`,
      NOT_RENDERED,
      FENCE,
    );
    mkdirSync(path.join(root, 'guides', 'flows'), {recursive: true});
    writeFileSync(path.join(root, 'guides', 'flows', 'orders.mdx'), source);
    mkdirSync(path.join(root, 'diagrams'));
    writeFileSync(path.join(root, 'diagrams', `${diagramId(RENDERED)}.svg`), `${SVG}\n`);
    writeFileSync(path.join(root, 'diagrams', '0123456789abcdef.svg'), `${SVG}\n`);
    return {root, source};
  }

  it('reports file:line of a diagram without SVG, telling to run npm run diagrams, and names an orphan SVG', () => {
    const {root, source} = repository();
    const {problems, diagrams} = checkRepository(root);
    assert.equal(diagrams, 2);
    const messages = problems.map(formatProblem);
    assert.equal(messages.length, 2, messages.join('\n'));
    const line = lineOf(source, 'mermaid title="Refund"');
    assert.match(
      messages[0] ?? '',
      new RegExp(`^guides/flows/orders\\.mdx:${line}: .*diagrams/${diagramId(NOT_RENDERED)}\\.svg.*npm run diagrams`),
    );
    assert.match(messages[1] ?? '', /^diagrams\/0123456789abcdef\.svg:1: no diagram uses this SVG/);
  });

  it('passes when every diagram has its SVG and every SVG its diagram', () => {
    const blocks = findDiagramsInText(page(`${FENCE}mermaid`, RENDERED, FENCE), 'guides/ok.mdx');
    assert.deepEqual(checkDiagrams(blocks, [`${diagramId(RENDERED)}.svg`]), []);
  });

  it('reports a page the MDX parser cannot read at its line', () => {
    const root = mkdtempSync(path.join(scratch, 'broken-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'broken.mdx'), page('Text <span>unclosed.', '', `${FENCE}mermaid`, RENDERED, FENCE));
    assert.throws(() => checkRepository(root), /^Error: docs\/broken\.mdx:8: /);
  });

  it('takes the id from the exact block content: the first 16 hex characters of its SHA-256', () => {
    // printf 'flowchart TD\n    A[Order] --> B[Paid]' | sha256sum
    assert.equal(diagramId(RENDERED), '549e9b45aa514738');
    assert.notEqual(diagramId(`${RENDERED} `), diagramId(RENDERED));
  });
});
