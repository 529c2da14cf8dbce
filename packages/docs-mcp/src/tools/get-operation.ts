/**
 * `get_operation`: an API operation from the published operations file, a digest first, then one part (operations.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {answering, readOnly, textAnswer} from '../answers';
import {sampleLanguages, ToolInputError, type SampleLanguage} from '../operations';
import type {DocsSources} from '../sources';

export function registerGetOperation(server: McpServer, {api}: DocsSources): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        'An API operation, as its page documents it. First a digest (method, path, parameters, request fields, every response status with every error code it returns); then read one part in full with `section`: "code" (the sample in `language`), "examples", "request", "response:409", or a JSON Pointer. Name it by operationId, or by method and path.',
      inputSchema: z
        .object({
          operationId: z.string().trim().min(1).max(100).optional().describe('e.g. "createCharge".'),
          method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional().describe('With path, instead of operationId.'),
          path: z
            .string()
            .trim()
            // A pattern, not startsWith: zod writes that as a format of its own, which strict JSON Schema validators refuse.
            .regex(/^\//, 'a path as the spec writes it starts with "/"')
            .max(200)
            .optional()
            .describe('The path as the spec writes it, e.g. "/v2/charges/{ch_id}".'),
          section: z
            .string()
            .trim()
            .min(1)
            .max(300)
            .optional()
            .describe('A part to read in full: "code", "examples", "request", "parameters", "response:<status>" or a JSON Pointer.'),
          language: z
            .enum(sampleLanguages as [SampleLanguage, ...SampleLanguage[]])
            .default('curl')
            .describe('The code sample\'s language (section "code").'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({operationId, method, path, section, language}) =>
      answering(async () => {
        if (!operationId && !(method && path)) throw new ToolInputError('Give operationId, or both method and path.');
        return textAnswer(await api.operation({operationId, method, path}, {language, section}));
      }),
  );
}
