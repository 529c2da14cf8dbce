/**
 * `get_error`: an error code or type from the shared error catalogue.
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import errorCatalogue from '../../../../.generated/error-catalogue.json';
import {answering, jsonAnswer, readOnly} from '../answers';
import {ToolInputError} from '../operations';

export function registerGetError(server: McpServer): void {
  server.registerTool(
    'get_error',
    {
      title: 'Get an API error',
      description: 'What an API error code or error type means and how to fix it, e.g. "card_declined" or "idempotency_error".',
      inputSchema: z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^[a-z0-9_]+$/, 'error codes are snake_case, e.g. "card_declined"')
            .max(60),
        })
        .strict(),
      annotations: readOnly,
    },
    ({code}) =>
      answering(() => {
        const entry: object | undefined =
          errorCatalogue.codes.find((candidate) => candidate.code === code) ??
          errorCatalogue.types.find((candidate) => candidate.type === code);
        if (!entry) {
          throw new ToolInputError(
            `No error code or type "${code}". Codes: ${errorCatalogue.codes.map((candidate) => candidate.code).join(', ')}; types: ${errorCatalogue.types.map((candidate) => candidate.type).join(', ')}.`,
          );
        }
        return jsonAnswer({...entry, page: `/api/errors#${code}`});
      }),
  );
}
