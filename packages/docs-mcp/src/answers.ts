/**
 * How the docs MCP server's tools answer: text within `answerLimit` (cut with a note saying how
 * to read on), JSON on one line, and a wrong argument as a tool error the model can correct.
 */
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {answerLimit} from './limits';
import {ToolInputError} from './operations';

/** An answer within the size limit. `offset` is where this part starts in the whole text. */
export function textAnswer(text: string, offset = 0, readOn = 'call again with a larger offset'): CallToolResult {
  const part = text.slice(offset, offset + answerLimit);
  const next = offset + part.length;
  const note =
    next < text.length ? `\n\n[Truncated: characters ${offset}–${next} of ${text.length}; ${readOn.replace('{next}', String(next))}.]` : '';
  return {content: [{type: 'text', text: `${part}${note}`}]};
}

/** The value with only the first example of each `examples` map: the examples are most of a long answer. */
function firstExamplesOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(firstExamplesOnly);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === 'examples' && typeof item === 'object' && item !== null && !Array.isArray(item)
        ? [key, firstExamplesOnly(Object.fromEntries(Object.entries(item).slice(0, 1)))]
        : [key, firstExamplesOnly(item)],
    ),
  );
}

/**
 * JSON on one line: schemas are long, and indentation would double them. Too
 * long, it keeps each first example and says so; still too long, it is cut.
 */
export function jsonAnswer(value: object): CallToolResult {
  let text = JSON.stringify(value);
  if (text.length > answerLimit) {
    text = JSON.stringify({
      note: 'Only the first example of each kind is shown, to keep the answer short; the page has them all (read_page).',
      ...(firstExamplesOnly(value) as object),
    });
  }
  return textAnswer(text, 0, 'read the rest on the page named at its start with read_page');
}

/** A tool error the client shows the model, which can correct its call. */
const toolError = (message: string): CallToolResult => ({isError: true, content: [{type: 'text', text: message}]});

/** Runs a tool, turning a wrong argument into an error answer and letting other failures through. */
export async function answering(run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolInputError) return toolError(error.message);
    throw error;
  }
}

// Every tool's arguments are a strict object: an unknown argument is an error naming it, not ignored.
export const readOnly = {readOnlyHint: true, openWorldHint: false} as const;
