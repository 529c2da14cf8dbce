/**
 * `get_event`: one webhook event type, its headers and payload fields, an example on request (operations.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {answering, readOnly, textAnswer} from '../answers';
import type {DocsSources} from '../sources';

export function registerGetEvent(server: McpServer, {api}: DocsSources): void {
  server.registerTool(
    'get_event',
    {
      title: 'Get a webhook event',
      description:
        'One event type: when Zip sends it and what to do, its headers and its payload fields; section "example" gives an example payload in full.',
      inputSchema: z
        .object({
          type: z
            .string()
            .trim()
            .regex(/^[a-z_]+\.[a-z_]+$/, 'an event type looks like "charge.succeeded"')
            .describe('e.g. "charge.succeeded".'),
          section: z.string().trim().min(1).max(300).optional().describe('"example", or a JSON Pointer into the webhook operation.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({type, section}) => answering(async () => textAnswer(await api.event(type, section))),
  );
}
