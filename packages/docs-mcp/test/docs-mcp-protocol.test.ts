/**
 * The docs MCP server's JSON-RPC answers that need no build, in process over a few files of a
 * site: a wrong page path is a tool error in the reader's words, wrong params are `-32602` on
 * one line, and a batch that repeats an id is refused (packages/docs-mcp/src/endpoint.ts, packages/docs-mcp/src/request-params.ts).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {queryCharacterLimit, searchedQuery, searchedWordLimit} from '../src/limits';
import {localTestMode} from '../src/local-test-mode';
import {docsSources, handleMcpRequest} from '../src/server';
import type {SiteFiles} from '../src/site-files';
import {searchIndexPath, toIndexFile} from '@zip/model/siteSearch';

const searchIndex = toIndexFile([
  {
    path: '/guides/developer-guide/redirects',
    pageTitle: 'Redirects',
    keywords: '',
    anchor: 'after-the-redirect',
    heading: 'After the redirect',
    text: 'Send the customer to next_action.redirect_url; on your return_url page, wait for the charge.succeeded webhook before you mark the order paid.',
  },
]);
const siteFiles: Record<string, string> = {
  '/help/security.md': '# Security\n\nHow Zip keeps payments safe.\n',
  [searchIndexPath]: JSON.stringify(searchIndex),
};
const files: SiteFiles = async (path) => siteFiles[path];
const sources = docsSources(files);

interface RpcAnswer {
  readonly id?: unknown;
  readonly result?: {isError?: boolean; content?: {text: string}[]};
  readonly error?: {code: number; message: string};
}

/** POSTs a JSON-RPC body to the endpoint as an MCP client would; the status and parsed answer. */
async function mcpCall(body: unknown, headers: Record<string, string> = {}): Promise<{status: number; answer: RpcAnswer | RpcAnswer[]}> {
  const response = await handleMcpRequest(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify(body),
    }),
    sources,
    [],
  );
  return {status: response.status, answer: (await response.json()) as RpcAnswer | RpcAnswer[]};
}

const toolText = (answer: RpcAnswer | RpcAnswer[]): string => (answer as RpcAnswer).result?.content?.[0]?.text ?? '';
const searchDocs = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {name: 'search_docs', arguments: {query}},
});

/** A developer's question as written, quoting fields: 40 words, more than searchedWordLimit of them not stop words. */
const longQuestion =
  'When I create a GCash charge the answer has next_action.redirect_url and I send the customer there, but after they approve my return_url page loads before the webhook arrives: should I poll the charge or wait for charge.succeeded before I mark the order paid?';

const readPage = (id: number, path: string) => ({jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'read_page', arguments: {path}}});

describe('docs MCP answers', () => {
  it('read_page answers a path that is no URL with a tool error that names it, never the parser’s "Invalid URL"', async () => {
    for (const path of ['http://[', 'https://', '//[x', '///%']) {
      const {answer} = await mcpCall(readPage(1, path));
      const {result} = answer as RpcAnswer;
      assert.equal(result?.isError, true, path);
      const text = result?.content?.[0]?.text ?? '';
      assert.match(text, /^No page at "/, `${path}: ${text}`);
      assert.doesNotMatch(text, /Invalid URL/, path);
    }
    const {answer} = await mcpCall(readPage(2, '/help/security'));
    assert.match((answer as RpcAnswer).result?.content?.[0]?.text ?? '', /^# Security/);
  });

  it('answers params that do not fit the method with -32602 and one line naming the field', async () => {
    for (const [request, field] of [
      [{jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 5}}, 'params.name'],
      [{jsonrpc: '2.0', id: 2, method: 'tools/call', params: {}}, 'params.name'],
      [{jsonrpc: '2.0', id: 3, method: 'resources/read', params: {uri: 7}}, 'params.uri'],
    ] as const) {
      const {status, answer} = await mcpCall(request);
      const {error, id} = answer as RpcAnswer;
      assert.equal(status, 200);
      assert.equal(id, request.id);
      assert.equal(error?.code, -32602, JSON.stringify(answer));
      assert.ok(error && !error.message.includes('\n') && error.message.length <= 200, `one short line: ${error?.message}`);
      assert.ok(error?.message.includes(field), `names ${field}: ${error?.message}`);
    }
  });

  it('answers each call of a batch with wrong params beside a right one', async () => {
    const {answer} = await mcpCall([
      {jsonrpc: '2.0', id: 'bad', method: 'tools/call', params: {}},
      {jsonrpc: '2.0', id: 'ok', method: 'ping'},
    ]);
    const answers = answer as RpcAnswer[];
    assert.deepEqual(answers.map((item) => item.id).sort(), ['bad', 'ok']);
    assert.equal(answers.find((item) => item.id === 'bad')?.error?.code, -32602);
  });

  it('refuses a batch that uses an id twice, saying which, rather than answer one of them', async () => {
    const {status, answer} = await mcpCall([
      {jsonrpc: '2.0', id: 4, method: 'ping'},
      {jsonrpc: '2.0', id: 4, method: 'ping'},
    ]);
    assert.equal(status, 400);
    const {error} = answer as RpcAnswer;
    assert.equal(error?.code, -32600);
    assert.match(error?.message ?? '', /id of its own; 4 is used twice/);
  });

  it('search_docs answers a question of any length in words, and refuses only past the character guard, saying it', async () => {
    const {answer} = await mcpCall(searchDocs(5, longQuestion));
    assert.equal((answer as RpcAnswer).result?.isError, undefined, toolText(answer));
    assert.match(toolText(answer), /^1\. Redirects › After the redirect/);
    const over = await mcpCall(searchDocs(6, 'refund '.repeat(queryCharacterLimit)));
    assert.equal((over.answer as RpcAnswer).result?.isError, true);
    assert.match(toolText(over.answer), new RegExp(`at most ${queryCharacterLimit} characters`));
  });

  it('searches a very long question on its first distinct words, and says so', async () => {
    const words = Array.from({length: searchedWordLimit + 10}, (_, index) => `word${index}`);
    const {text, cut} = searchedQuery(`how do I ${words.join(' the ')} redirect redirect`);
    assert.equal(cut, true);
    assert.equal(text, `how do I ${words.slice(0, searchedWordLimit).join(' the ')} the`);
    const question = 'How do I verify a webhook signature when the raw body reaches my handler as parsed JSON?';
    assert.deepEqual(searchedQuery(question), {text: question, cut: false}, 'a question within the limit is searched whole');
    const {answer} = await mcpCall(searchDocs(7, `${words.join(' ')} redirect_url`));
    assert.match(toolText(answer), new RegExp(`first ${searchedWordLimit} distinct words`));
  });

  it('tells a client that a stateful test mode runs locally, how to start it and where its guide is', async () => {
    const {answer} = await mcpCall({
      jsonrpc: '2.0',
      id: 8,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'unit', version: '1.0.0'}},
    });
    const {instructions} = (answer as {result?: {instructions?: string}}).result ?? {};
    const listed = toolText(
      (await mcpCall({jsonrpc: '2.0', id: 9, method: 'tools/call', params: {name: 'find_test_value', arguments: {}}})).answer,
    );
    const asked = toolText(
      (
        await mcpCall({
          jsonrpc: '2.0',
          id: 10,
          method: 'tools/call',
          params: {name: 'find_test_value', arguments: {outcome: 'local test mode'}},
        })
      ).answer,
    );
    for (const [what, text] of [
      ['the instructions', instructions ?? ''],
      ['find_test_value’s list', listed],
      ['find_test_value for "local test mode"', asked],
    ] as const) {
      assert.ok(
        text.includes('`npx <docs site>/downloads/zip-test-mode.tgz`'),
        `${what} say how to start it, from the site: the package is not on the registry`,
      );
      assert.ok(
        text.includes('@zip/test-mode') && text.includes(':4011') && text.includes('/_test-mode/'),
        `${what} name the package, port, controls`,
      );
      assert.ok(text.includes('/guides/developer-guide/test-against-faults'), `${what} link the guide`);
    }
    const testModePackage = JSON.parse(readFileSync(new URL('../../test-mode/package.json', import.meta.url), 'utf8')) as {name: string};
    assert.equal(localTestMode.packageName, testModePackage.name, 'the package the server names is the test mode’s');
  });

  it('declares no extension whose methods it does not answer', async () => {
    const {answer} = await mcpCall({
      jsonrpc: '2.0',
      id: 11,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'unit', version: '1.0.0'}},
    });
    const capabilities = (answer as {result?: {capabilities?: {extensions?: object}}}).result?.capabilities ?? {};
    const skills = await mcpCall({jsonrpc: '2.0', id: 12, method: 'skills/list', params: {}});
    const answered = (skills.answer as RpcAnswer).error?.code !== -32601;
    assert.equal(
      Object.keys(capabilities.extensions ?? {}).includes('io.modelcontextprotocol/skills'),
      answered,
      'skills extension declared only with skills/list answered',
    );
    const resources = await mcpCall({jsonrpc: '2.0', id: 13, method: 'resources/list', params: {}});
    assert.match(JSON.stringify(resources.answer), /skill:\/\/zip-integration\/SKILL\.md/, 'the skill is a listed resource');
  });
});
