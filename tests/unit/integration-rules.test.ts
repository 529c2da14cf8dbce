/**
 * The rules for coding agents that llms.txt opens with (and the docs MCP
 * server gives as its instructions): each links to a section that exists,
 * states its numbers from packages/model/src/facts.ts, and llms.txt renders them first,
 * as a numbered list.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import GithubSlugger from 'github-slugger';
import {llmsTxt} from '../../plugins/machine-readable/llms-txt';
import {factText} from '@zip/model/facts';
import {integrationRules} from '@zip/model/integrationRules';

/** The source file of a site path: `/api/intro` → api/intro.mdx. */
function sourceOf(path: string): string {
  const file = `${path.slice(1)}.mdx`;
  assert.ok(existsSync(file), `${path}: no page source at ${file}`);
  return readFileSync(file, 'utf8');
}

describe('integration rules for coding agents', () => {
  it('link each rule to a heading that exists', () => {
    for (const rule of integrationRules) {
      const [path = '', anchor = ''] = rule.page.split('#');
      const slugger = new GithubSlugger();
      const anchors = [...sourceOf(path).matchAll(/^#{2,6} (.+)$/gm)].map((match) => slugger.slug(match[1] ?? ''));
      assert.ok(anchors.includes(anchor), `${rule.page}: the page has no heading "${anchor}" (it has ${anchors.join(', ')})`);
    }
  });

  it('state the facts from packages/model/src/facts.ts', () => {
    const text = integrationRules.map((rule) => rule.text).join('\n');
    assert.ok(text.includes(factText['api.idempotencyRetention']));
    assert.ok(text.includes(factText['webhooks.signatureTolerance']));
    for (const words of ['centavos', 'Idempotency-Key', 'raw bytes', 'test keys', 'Never log']) assert.ok(text.includes(words), words);
  });

  it('open llms.txt, after the name and summary, as a numbered list with links', () => {
    const text = llmsTxt({
      name: 'Zip Docs',
      summary: 'Payments.',
      rules: [{text: 'Amounts are integers.', linkTitle: 'Amounts', url: 'https://docs.example.com/api/intro#amounts-and-currencies'}],
      details: ['About the site.'],
      sections: [{title: 'Help', links: [{title: 'Security', url: 'https://docs.example.com/help/security.md'}]}],
    });
    assert.equal(
      text,
      [
        '# Zip Docs',
        '> Payments.',
        'Rules for coding agents: every integration with this API must follow them.',
        '1. Amounts are integers. See [Amounts](https://docs.example.com/api/intro#amounts-and-currencies).',
        'About the site.',
        '## Help',
        '- [Security](https://docs.example.com/help/security.md)',
      ].join('\n\n') + '\n',
    );
  });
});
