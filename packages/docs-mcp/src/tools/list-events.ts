/**
 * `list_events`: every webhook event type, from the event catalogue (operations.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {answering, readOnly, textAnswer} from '../answers';
import type {DocsSources} from '../sources';

export function registerListEvents(server: McpServer, {api}: DocsSources): void {
  server.registerTool(
    'list_events',
    {
      title: 'List webhook events',
      description: 'Every event type Zip sends to webhook endpoints, with its meaning. Get one with its payload by get_event.',
      inputSchema: z.object({}).strict(),
      annotations: readOnly,
    },
    () =>
      answering(async () =>
        textAnswer((await api.listEvents()).map((event) => `- ${event.type}: ${event.description} (${event.page})`).join('\n')),
      ),
  );
}
