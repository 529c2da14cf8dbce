/**
 * Every docs MCP tool's schemas, as `tools/list` publishes them, compile in Ajv's strict mode with
 * the standard formats: a client that validates tool schemas strictly takes every tool, and what
 * they accept is what the server accepts.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {docsSources, handleMcpRequest} from '../src/server';

interface ListedTool {
  readonly name: string;
  readonly inputSchema: object;
  readonly outputSchema?: object;
}

async function listedTools(): Promise<ListedTool[]> {
  const response = await handleMcpRequest(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18'},
      body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
    }),
    docsSources(async () => undefined),
    [],
  );
  return ((await response.json()) as {result: {tools: ListedTool[]}}).result.tools;
}

const strictAjv = (): Ajv => {
  const ajv = new Ajv({strict: true, allErrors: true});
  addFormats(ajv);
  return ajv;
};

describe('docs MCP tool schemas', () => {
  it('compile in Ajv’s strict mode, input and output alike', async () => {
    const tools = await listedTools();
    assert.ok(tools.length >= 7, tools.map((tool) => tool.name).join(', '));
    for (const tool of tools) {
      for (const [kind, schema] of [
        ['input', tool.inputSchema],
        ['output', tool.outputSchema],
      ] as const) {
        if (schema === undefined) continue;
        assert.doesNotThrow(() => strictAjv().compile(schema), `${tool.name}'s ${kind} schema compiles strictly`);
      }
    }
  });

  it('accept what the tools take and refuse what they refuse', async () => {
    const tools = new Map((await listedTools()).map((tool) => [tool.name, strictAjv().compile(tool.inputSchema)]));
    const getOperation = tools.get('get_operation');
    assert.ok(getOperation);
    assert.equal(getOperation({method: 'GET', path: '/v2/charges/{ch_id}'}), true);
    assert.equal(getOperation({method: 'GET', path: 'v2/charges'}), false, 'a path starts with /');
    assert.equal(getOperation({operationId: 'createCharge', extra: 1}), false, 'no argument the tool does not take');
    assert.equal(tools.get('search_docs')?.({query: 'refund a charge'}), true);
    assert.equal(tools.get('get_error')?.({code: 'Card Declined!'}), false);
  });
});
