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
import {integrationSkillDescription, integrationSkillName, integrationSkillPath} from '../src/data/agentDiscovery';
import {docsMcpServerName, docsMcpServerVersion} from '../src/data/docsMcp';
import {integrationRules} from '../src/data/integrationRules';
import {markdownTwinPath} from '../src/utils/markdownTwin';
import {ApiOperations, sampleLanguages, ToolInputError, type SampleLanguage} from './operations';
import {answerBudget, answerLimit, queryCharacterLimit, requestBodyLimit, searchedWordLimit} from './limits';
import {findSection, openingOf, outlineOf, partsOf, sectionsOf} from './page-sections';
import {pacedToolCalls, withinBudget} from './endpoint';
import {DocsSearch} from './search';
import type {SiteFiles} from './site-files';
import {findTestValues, testingPagePath, testValueAnswer, testValueList, testValues} from './test-values';

/** What the tools read, kept between requests of one process or isolate. */
export interface DocsSources {
  readonly files: SiteFiles;
  readonly search: DocsSearch;
  readonly api: ApiOperations;
}

export function docsSources(files: SiteFiles): DocsSources {
  return {files, search: new DocsSearch(files), api: new ApiOperations(files)};
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
  if (/^https?:\/\//i.test(path)) {
    // A URL that does not parse names no page: the caller hears that, not the parser's "Invalid URL".
    if (!URL.canParse(path))
      throw new ToolInputError(`No page at "${page.slice(0, 200)}": not a URL or a path. Find pages with search_docs.`);
    path = new URL(path).pathname;
  }
  path = path.replace(/[#?].*$/, '');
  // One leading slash: "//host/x" would name another host to a URL parser.
  path = `/${path.replace(/^\/+/, '')}`;
  if (path === '/index.md') return '/';
  return path.replace(/\.md$/, '').replace(/\/index$/, '/');
}

/** The `#fragment` of a page path or URL, the section it names. */
function fragmentOf(page: string): string | undefined {
  const fragment = /#([^#?]+)$/.exec(page.trim())?.[1];
  return fragment ? decodeURIComponentSafely(fragment) : undefined;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** "part 2 of 3" and how to read on, under an answer in parts. */
function partNote(part: number, parts: number, readOn: string): string {
  return part < parts
    ? `\n\n[Part ${part} of ${parts}; ${readOn.replace('{next}', String(part + 1))}.]`
    : parts > 1
      ? `\n\n[Part ${part} of ${parts}, the last.]`
      : '';
}

/**
 * read_page's answer, within answerBudget: a short page whole; a long one as its opening and
 * outline, then a named section, or the whole page in parts of whole blocks.
 */
function pageAnswer(twin: string, pagePath: string, sectionName: string | undefined, part: number): string {
  const sections = sectionsOf(twin);
  if (sectionName !== undefined) {
    const section = findSection(sections, sectionName);
    if (!section) {
      throw new ToolInputError(
        `No section "${sectionName}" on ${pagePath}. Sections: ${sections.map((candidate) => candidate.anchor).join(', ') || 'none (read the page whole)'}.`,
      );
    }
    const parts = partsOf(section.text, answerBudget);
    if (part > parts.length) throw new ToolInputError(`The section has ${parts.length} part(s); part ${part} is past its end.`);
    return `From ${pagePath}#${section.anchor}:\n\n${parts[part - 1]}${partNote(part, parts.length, `call read_page with section "${section.anchor}" and part {next} to read on`)}`;
  }
  if (twin.length <= answerBudget && part === 1) return twin;
  const parts = partsOf(twin, answerBudget);
  // Part 1 is the digest below; parts 2 to parts.length + 1 are the page's text.
  if (part > 1) {
    if (part - 1 > parts.length)
      throw new ToolInputError(`The page has parts 1 (its outline) to ${parts.length + 1}; part ${part} is past its end.`);
    return `${parts[part - 2]}${partNote(part, parts.length + 1, 'call read_page with part {next} to read on')}`;
  }
  const opening = openingOf(twin, Math.floor(answerBudget / 3));
  let outline = outlineOf(sections);
  if (outline.length > answerBudget - opening.length - 600) outline = outlineOf(sections.filter((section) => section.level <= 3));
  if (outline.length > answerBudget - opening.length - 600) outline = outlineOf(sections.filter((section) => section.level === 2));
  return [
    opening,
    `## On this page (${twin.length} characters)`,
    outline,
    `[Read one section with read_page and its anchor as section, e.g. section "${sections[0]?.anchor ?? ''}"; or the whole page in ${parts.length} parts with part 2 to ${parts.length + 1}.]`,
  ].join('\n\n');
}

/**
 * The integration skill as an MCP resource (the Skills extension: `skill://<name>/SKILL.md`), the
 * same file the site publishes for `npx skills add` (plugins/machine-readable/agent-discovery.ts).
 */
const integrationSkillUri = `skill://${integrationSkillName}/SKILL.md`;
const skillsExtension = 'io.modelcontextprotocol/skills';

/** What a client tells its model about the server: the tools' use, then the rules llms.txt opens with. */
const serverInstructions = [
  "Zip's documentation: search it (search_docs), read a page as Markdown (read_page), and look up API operations, webhook events, test values and error codes. Every integration with the Zip API must follow these rules:",
  ...integrationRules.map((rule, index) => `${index + 1}. ${rule.text} (read_page ${rule.page})`),
  `The skill ${integrationSkillUri} (a resource) teaches a whole integration: read it before writing one.`,
].join('\n');

// Every tool's arguments are a strict object: an unknown argument is an error naming it, not ignored.
const readOnly = {readOnlyHint: true, openWorldHint: false} as const;

function createDocsMcpServer(sources: DocsSources): McpServer {
  const server = new McpServer(
    {name: docsMcpServerName, version: docsMcpServerVersion},
    {instructions: serverInstructions, capabilities: {extensions: {[skillsExtension]: {}}}},
  );
  const {files, search, api} = sources;

  server.registerResource(
    integrationSkillName,
    integrationSkillUri,
    {title: 'Integrating Zip payments', description: integrationSkillDescription, mimeType: 'text/markdown'},
    async (uri) => {
      const text = await files(integrationSkillPath);
      if (text === undefined) throw new Error(`The build has no ${integrationSkillPath}.`);
      return {contents: [{uri: uri.href, mimeType: 'text/markdown', text}]};
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Searches Zip's documentation (help centre, developer guides, API reference) with the site's own search. Returns pages and sections, best first; read one with read_page.",
      inputSchema: z
        .object({
          query: z
            .string()
            .trim()
            .min(1)
            .max(queryCharacterLimit, `at most ${queryCharacterLimit} characters: ask the question, or its main words`)
            .describe('Words or a whole question, e.g. "refund a charge" or "why does my webhook signature check fail?".'),
          limit: z.number().int().min(1).max(25).default(8).describe('How many results, at most.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({query, limit}) =>
      answering(async () => {
        const {hits, cut} = await search.search(query, limit);
        const note = cut ? `\n\n[Searched on the question's first ${searchedWordLimit} distinct words besides common ones.]` : '';
        if (hits.length === 0) return textAnswer(`No results for "${query.slice(0, 200)}". Try fewer or other words.${note}`);
        return textAnswer(
          hits
            .map((hit, index) => `${index + 1}. ${hit.pageTitle}${hit.heading ? ` › ${hit.heading}` : ''} (${hit.path})\n   ${hit.passage}`)
            .join('\n') + note,
        );
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: `A page of the docs as Markdown, by its path (from search_docs or a link), e.g. "/help/security". A page longer than ${answerBudget} characters answers with its outline (each section's anchor) and opening; then read one section by its anchor, e.g. section "cards-that-succeed". A section too long for one answer comes in parts (part).`,
      inputSchema: z
        .object({
          path: z
            .string()
            .trim()
            .min(1)
            .max(500)
            .describe('The page\'s path or URL, e.g. "/help/security" or "/guides/developer-guide/testing#3-d-secure".'),
          section: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .optional()
            .describe("A heading's anchor (from the outline or a link's #fragment), or its text."),
          part: z.number().int().min(1).max(100).default(1).describe('Which part of a long page or section, from 1.'),
        })
        .strict(),
      annotations: readOnly,
    },
    ({path, section, part}) =>
      answering(async () => {
        const pagePath = pagePathOf(path);
        const twin = await files(markdownTwinPath(pagePath));
        if (twin === undefined) throw new ToolInputError(`No page at "${path}". Find pages with search_docs.`);
        return textAnswer(pageAnswer(twin, pagePath, section ?? fragmentOf(path), part));
      }),
  );

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

  server.registerTool(
    'find_test_value',
    {
      title: 'Find a test value',
      description: `The test-mode values that make a payment end a chosen way, as the testing page (${testingPagePath}) writes them: cards (succeeding, declined, 3-D Secure, disputes, failed refunds), the test approval page's buttons for e-wallets, QR Ph and online banking, and the amounts that fail their charge; each with what happens step by step and the events Zip sends. Without an outcome, lists them all. Test keys only.`,
      inputSchema: z
        .object({
          outcome: z
            .string()
            .trim()
            .min(1)
            .max(60)
            .optional()
            .describe(
              'An outcome ("dispute-lost", "approval-expired"), a failure code ("wallet_limit_exceeded"), a button ("Approve"), a method ("GCash", "QR Ph") or a brand.',
            ),
        })
        .strict(),
      annotations: readOnly,
    },
    ({outcome}) =>
      answering(() => {
        if (outcome === undefined) return textAnswer(testValueList());
        const found = findTestValues(outcome);
        if (found.length === 0) {
          throw new ToolInputError(
            `No test value for "${outcome}". Outcomes: ${testValues.map((value) => value.outcome).join(', ')}; or a failure code, a button (Approve, Decline, Expire now), a method or a brand. Call find_test_value without an outcome for the list.`,
          );
        }
        return textAnswer(testValueAnswer(found));
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
 * Answers one HTTP request to the MCP endpoint, within the work budget
 * (endpoint.ts, limits.ts). Stateless: each request gets a server and
 * transport of its own (the SDK's advice for stateless servers), over the
 * sources the process keeps. `allowedOrigins`: the origins whose pages may
 * call it; a client that sends no Origin may too.
 */
export async function handleMcpRequest(request: Request, sources: DocsSources, allowedOrigins: readonly string[]): Promise<Response> {
  return withinBudget(request, allowedOrigins, async (parsedBody) => {
    const server = createDocsMcpServer(sources);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: requestBodyLimit,
    });
    await server.connect(transport);
    pacedToolCalls(transport);
    try {
      return await transport.handleRequest(request, {parsedBody});
    } finally {
      await server.close();
    }
  });
}
