/**
 * Tool calls take turns (packages/docs-mcp/src/endpoint.ts, pacedToolCalls): each waits for a turn of
 * the event loop, so a request that comes in over a socket while a batch of searches runs (a ping,
 * another client's call) is taken before the rest of the batch, not after all of it. Checked by the
 * order the server is handed the messages, not by timing them: the ping is written to a loopback
 * socket once the first search is handed over, and is read on the event loop's next pass.
 */
import assert from 'node:assert/strict';
import {once} from 'node:events';
import {createServer, connect, type Socket} from 'node:net';
import {after, before, describe, it} from 'node:test';
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';
import {pacedToolCalls} from '../src/endpoint';

const toolCall = (id: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {name: 'search_docs', arguments: {query: 'refund'}},
});

const labelOf = (message: JSONRPCMessage): string =>
  'method' in message ? `${message.method} ${'id' in message ? String(message.id) : ''}` : 'answer';

describe('docs MCP tool calls take turns', () => {
  const listener = createServer();
  let sending: Socket;
  let receiving: Socket;

  before(async () => {
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const address = listener.address();
    if (address === null || typeof address === 'string') throw new Error('the loopback listener has no port');
    const accepted = once(listener, 'connection');
    sending = connect(address.port, '127.0.0.1');
    await once(sending, 'connect');
    [receiving] = (await accepted) as [Socket];
  });

  after(() => {
    sending.destroy();
    receiving.destroy();
    listener.close();
  });

  it('a ping that comes in while a batch of four searches runs is handed over before the rest of the batch', async () => {
    const handed: string[] = [];
    const allHanded = new Promise<void>((resolve) => {
      const transport = {
        onmessage: (message: JSONRPCMessage) => {
          handed.push(labelOf(message));
          // The first search has its turn: the ping is sent now, as a client's would be.
          if (handed.length === 1) sending.write('ping');
          if (handed.length === 5) resolve();
        },
        send: async () => undefined,
      };
      pacedToolCalls(transport, 'heavy client');
      receiving.once('data', () => transport.onmessage({jsonrpc: '2.0', id: 'ping', method: 'ping'}));
      // The HTTP transport hands a batch over message by message, in one go.
      for (const id of [1, 2, 3, 4]) transport.onmessage(toolCall(id));
    });
    await allHanded;
    assert.deepEqual(handed, ['tools/call 1', 'ping ping', 'tools/call 2', 'tools/call 3', 'tools/call 4']);
  });
});
