/**
 * The docs MCP server: read-only tools over what the build publishes (the
 * search index, the Markdown twins, the specs) and the site's data files (test
 * values, the event and error catalogues), one module per tool (tools/).
 * Stateless Streamable HTTP with JSON answers, on the SDK's Web-standard
 * transport: the same code answers in a Cloudflare Pages Function
 * (functions/mcp.ts) and in Node.js (node-server.ts).
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {WebStandardStreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {integrationSkillDescription, integrationSkillName, integrationSkillPath} from '@zip/model/agentDiscovery';
import {docsMcpServerName, docsMcpServerVersion} from '@zip/model/docsMcp';
import {pacedToolCalls, withinBudget} from './endpoint';
import {integrationSkillUri, serverInstructions} from './instructions';
import {requestBodyLimit} from './limits';
import type {DocsSources} from './sources';
import {registerFindTestValue} from './tools/find-test-value';
import {registerGetError} from './tools/get-error';
import {registerGetEvent} from './tools/get-event';
import {registerGetOperation} from './tools/get-operation';
import {registerListEvents} from './tools/list-events';
import {registerReadPage} from './tools/read-page';
import {registerSearchDocs} from './tools/search-docs';

export {docsSources, type DocsSources} from './sources';

function createDocsMcpServer(sources: DocsSources): McpServer {
  const server = new McpServer({name: docsMcpServerName, version: docsMcpServerVersion}, {instructions: serverInstructions});
  server.registerResource(
    integrationSkillName,
    integrationSkillUri,
    {title: 'Integrating Zip payments', description: integrationSkillDescription, mimeType: 'text/markdown'},
    async (uri) => {
      const text = await sources.files(integrationSkillPath);
      if (text === undefined) throw new Error(`The build has no ${integrationSkillPath}.`);
      return {contents: [{uri: uri.href, mimeType: 'text/markdown', text}]};
    },
  );
  registerSearchDocs(server, sources);
  registerReadPage(server, sources);
  registerGetOperation(server, sources);
  registerListEvents(server, sources);
  registerGetEvent(server, sources);
  registerFindTestValue(server);
  registerGetError(server);
  return server;
}

/**
 * Answers one HTTP request to the MCP endpoint, within the work budget
 * (endpoint.ts, limits.ts). Stateless: each request gets a server and
 * transport of its own (the SDK's advice for stateless servers), over the
 * sources the process keeps. `allowedOrigins`: the origins whose pages may
 * call it; a client that sends no Origin may too. `client`: who sent it (its
 * address), whose share of the budget it takes.
 */
export async function handleMcpRequest(
  request: Request,
  sources: DocsSources,
  allowedOrigins: readonly string[],
  client = 'unknown',
): Promise<Response> {
  return withinBudget(request, allowedOrigins, client, async (parsedBody) => {
    const server = createDocsMcpServer(sources);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: requestBodyLimit,
    });
    await server.connect(transport);
    pacedToolCalls(transport, client);
    try {
      return await transport.handleRequest(request, {parsedBody});
    } finally {
      await server.close();
    }
  });
}
