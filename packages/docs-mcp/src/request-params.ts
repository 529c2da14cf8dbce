/**
 * Requests whose params do not fit the method: JSON-RPC's `-32602 Invalid params`, with one line
 * naming the first wrong field. The SDK checks params only inside its handlers, where a failed
 * check becomes `-32603 Internal error` carrying the whole validation dump; this checks them
 * first, against the SDK's own schema of each method a client may call.
 */
import {ClientRequestSchema, ErrorCode, type JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';

interface RequestSchema {
  safeParse(
    value: unknown,
  ): {success: true} | {success: false; error: {issues: readonly {path: readonly PropertyKey[]; message: string}[]}};
}

/** Each client request method's schema, by its method name (`tools/call` → CallToolRequestSchema). */
const requestSchemas: ReadonlyMap<string, RequestSchema> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema as unknown as RequestSchema]),
);

/** The one-line message for a request whose params are wrong, or undefined when they fit (or the method is unknown). */
export function invalidParams(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const schema = requestSchemas.get(message.method);
  if (!schema) return undefined;
  const parsed = schema.safeParse({method: message.method, params: message.params});
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.map(String).join('.') || 'params';
  return `Invalid params for ${message.method}: ${where}: ${issue?.message.split('\n')[0] ?? 'not valid'}.`.slice(0, 200);
}

export const invalidParamsCode = ErrorCode.InvalidParams;
