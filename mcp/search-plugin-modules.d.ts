// Types for the search plugin's client modules the MCP server runs (mcp/search.ts); the plugin ships none for these.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js' {
  export function tokenize(text: string, language: readonly string[]): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults.js' {
  export function sortSearchResults(results: {document: unknown; type: number; page: unknown; index?: number}[]): void;
}
