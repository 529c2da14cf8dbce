/**
 * The docs MCP server's address and name: served at this path on the site's
 * own host (a Cloudflare Pages Function in production, a Node.js process
 * behind nginx on a self-hosted site), and named so in the setup page's snippets.
 * The server (packages/docs-mcp/), the delivery policy and the setup page read it here.
 */
export const docsMcpPath = '/mcp';

/** The name an assistant lists the server under. */
export const docsMcpServerName = 'zip-docs';

/** The server's version, in its `initialize` answer and its server card. */
export const docsMcpServerVersion = '1.1.0';

/** The most bytes a request to `/mcp` may send: MCP calls are small. nginx refuses more before the process reads them; the server refuses more itself (packages/docs-mcp/src/limits.ts). */
export const mcpRequestBodyLimit = 16 * 1024;
