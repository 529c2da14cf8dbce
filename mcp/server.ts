/**
 * The docs MCP server: read-only tools over what the build publishes (the
 * search index, the Markdown twins, the specs) and the site's data files (test
 * values, the event and error catalogues). Stateless Streamable HTTP with JSON
 * answers, on the SDK's Web-standard transport: the same code answers in a
 * Cloudflare Pages Function (functions/mcp.ts) and in Node.js (node-server.ts).
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {WebStandardStreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import errorCatalogue from '../.generated/error-catalogue.json';
import {docsMcpServerName} from '../src/data/docsMcp';
import {integrationRules} from '../src/data/integrationRules';
import {approvalActions, testAmounts, testCardDetails, testCards} from '../src/data/testMode';
import {markdownTwinPath} from '../src/utils/markdownTwin';
import {ApiReference, sampleLanguages, ToolInputError, type SampleLanguage} from './api-reference';
import {answerLimit} from './limits';
import {DocsSearch} from './search';
import type {SiteFiles} from './site-files';

/** What the tools read, kept between requests of one process or isolate. */
export interface DocsSources {
  readonly files: SiteFiles;
  readonly search: DocsSearch;
  readonly api: ApiReference;
}

export function docsSources(files: SiteFiles): DocsSources {
  return {files, search: new DocsSearch(files), api: new ApiReference(files)};
}

/** An answer within the size limit. `offset` is where this part starts in the whole text. */
function textAnswer(text: string, offset = 0, readOn = 'call again with a larger offset'): CallToolResult {
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
function jsonAnswer(value: object): CallToolResult {
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
async function answering(run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolInputError) return toolError(error.message);
    throw error;
  }
}

/** `/help/security`, `https://docs…/help/security#x`, `help/security.md` → `/help/security`. */
function pagePathOf(page: string): string {
  let path = page.trim();
  if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.replace(/[#?].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path === '/index.md') return '/';
  return path.replace(/\.md$/, '').replace(/\/index$/, '/');
}

/** What a client tells its model about the server: the tools' use, then the rules llms.txt opens with. */
const serverInstructions = [
  "Zip's documentation: search it (search_docs), read a page as Markdown (read_page), and look up API operations, webhook events, test values and error codes. Every integration with the Zip API must follow these rules:",
  ...integrationRules.map((rule, index) => `${index + 1}. ${rule.text} (read_page ${rule.page})`),
].join('\n');

// Every tool's arguments are a strict object: an unknown argument is an error naming it, not ignored.
const readOnly = {readOnlyHint: true, openWorldHint: false} as const;

function createDocsMcpServer(sources: DocsSources): McpServer {
  const server = new McpServer({name: docsMcpServerName, version: '1.0.0'}, {instructions: serverInstructions});
  const {files, search, api} = sources;

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Searches Zip's documentation (help centre, developer guides, API reference) with the site's own search. Returns pages and sections, best first; read one with read_page.",
      inputSchema: z
        .object({
          query: z.string().trim().min(1).max(200).describe('Words to search for, e.g. "refund a charge" or "webhook signature".'),
          limit: z.number().int().min(1).max(25).default(8).describe('How many results, at most.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({query, limit}) =>
      answering(async () => {
        const hits = await search.search(query, limit);
        if (hits.length === 0) return textAnswer(`No results for "${query}". Try fewer or other words.`);
        return textAnswer(
          hits
            .map((hit, index) => `${index + 1}. ${hit.pageTitle}${hit.heading ? ` › ${hit.heading}` : ''} (${hit.path})\n   ${hit.passage}`)
            .join('\n'),
        );
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        'A page of the docs as Markdown, by its path (from search_docs or a link), e.g. "/guides/webhooks". Long pages come in parts.',
      inputSchema: z
        .object({
          path: z.string().trim().min(1).max(500).describe('The page\'s path or URL, e.g. "/help/security".'),
          offset: z.number().int().min(0).default(0).describe('Where to start, in characters, to read on after a truncated answer.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({path, offset}) =>
      answering(async () => {
        const pagePath = pagePathOf(path);
        const twin = await files(markdownTwinPath(pagePath));
        if (twin === undefined) throw new ToolInputError(`No page at "${path}". Find pages with search_docs.`);
        if (offset > 0 && offset >= twin.length)
          throw new ToolInputError(`The page has ${twin.length} characters; offset ${offset} is past its end.`);
        return textAnswer(twin, offset, `call read_page with offset {next} to read on`);
      }),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        'An API operation from the OpenAPI specs: method, path, parameters, request and response schemas with examples, and its code sample in one language. Name it by operationId, or by method and path.',
      inputSchema: z
        .object({
          operationId: z.string().trim().min(1).max(100).optional().describe('e.g. "createCharge".'),
          method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional().describe('With path, instead of operationId.'),
          path: z
            .string()
            .trim()
            .startsWith('/')
            .max(200)
            .optional()
            .describe('The path as the spec writes it, e.g. "/v2/charges/{ch_id}".'),
          language: z
            .enum(sampleLanguages as [SampleLanguage, ...SampleLanguage[]])
            .default('curl')
            .describe("The code sample's language."),
        })
        .strict(),
      annotations: readOnly,
    },
    ({operationId, method, path, language}) =>
      answering(async () => {
        if (!operationId && !(method && path)) throw new ToolInputError('Give operationId, or both method and path.');
        return jsonAnswer(await api.operation({operationId, method, path}, language));
      }),
  );

  server.registerTool(
    'list_events',
    {
      title: 'List webhook events',
      description: 'Every event type Zip sends to webhook endpoints, with its meaning. Get one with its payload by get_event.',
      inputSchema: z.object({}).strict(),
      annotations: readOnly,
    },
    () =>
      answering(() =>
        textAnswer(
          api
            .listEvents()
            .map((event) => `- ${event.type}: ${event.description} (${event.page})`)
            .join('\n'),
        ),
      ),
  );

  server.registerTool(
    'get_event',
    {
      title: 'Get a webhook event',
      description: 'One event type: when Zip sends it, its headers, its payload schema and example payloads.',
      inputSchema: z
        .object({
          type: z
            .string()
            .trim()
            .regex(/^[a-z_]+\.[a-z_]+$/, 'an event type looks like "charge.succeeded"')
            .describe('e.g. "charge.succeeded".'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({type}) => answering(async () => jsonAnswer(await api.event(type))),
  );

  const outcomes = testCards.map((card) => card.outcome);
  server.registerTool(
    'find_test_value',
    {
      title: 'Find a test value',
      description:
        'The test-mode value that makes a payment end a chosen way: a test card for an outcome (a failure code such as "insufficient_funds", or "succeeds-visa", "three-d-secure-passed", "dispute-lost"...), the e-wallet amounts that fail, and the test approval page\'s buttons. Test keys only.',
      inputSchema: z
        .object({
          outcome: z
            .string()
            .trim()
            .min(1)
            .max(60)
            .describe(`One of: ${outcomes.join(', ')}.`),
        })
        .strict(),
      annotations: readOnly,
    },
    ({outcome}) =>
      answering(() => {
        const wanted = outcome.toLowerCase().replace(/[\s_]+/g, (run) => (run.includes('_') ? '_' : '-'));
        const cards = testCards.filter((card) => card.outcome === wanted || card.outcome === outcome || card.failureCode === outcome);
        const amounts = testAmounts.filter((amount) => amount.failureCode === outcome);
        const actions = approvalActions.filter((action) =>
          [action.button.toLowerCase(), action.sourceStatus, action.event].includes(outcome.toLowerCase()),
        );
        if (cards.length + amounts.length + actions.length === 0) {
          throw new ToolInputError(
            `No test value for "${outcome}". Outcomes: ${outcomes.join(', ')}; or an approval-page button (${approvalActions.map((action) => action.button).join(', ')}).`,
          );
        }
        return jsonAnswer({
          cards: cards.map((card) => ({
            ...card,
            expMonth: testCardDetails.expMonth,
            expYear: testCardDetails.expYear,
            cvc: card.brand === 'amex' ? testCardDetails.amexCvc : testCardDetails.cvc,
          })),
          amounts,
          approvalPageButtons: actions,
          note: 'Only test keys (sk_test_, pk_test_) react to these values. The testing page lists them all: /guides/developer-guide/testing.',
        });
      }),
  );

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

  return server;
}

/**
 * Answers one HTTP request to the MCP endpoint. Stateless: each request gets
 * a server and transport of its own (the SDK's advice for stateless servers),
 * over the sources the process keeps.
 */
export async function handleMcpRequest(request: Request, sources: DocsSources): Promise<Response> {
  const server = createDocsMcpServer(sources);
  const transport = new WebStandardStreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
