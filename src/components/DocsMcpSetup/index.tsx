import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {docsMcpPath, docsMcpServerName} from '@zip/model/docsMcp';

/** The assistants the setup page covers. */
export type McpClient = 'claude-code' | 'claude-desktop' | 'cursor' | 'vscode';

/** The docs MCP server's address on this site's configured URL (`url` in docusaurus.config.ts). */
export function useDocsMcpUrl(): string {
  const {siteConfig} = useDocusaurusContext();
  return new URL(`${siteConfig.baseUrl.replace(/\/$/, '')}${docsMcpPath}`, siteConfig.url).href;
}

function snippet(client: McpClient, url: string): {language: string; title: string; code: string} {
  switch (client) {
    case 'claude-code':
      return {
        language: 'bash',
        title: 'Add the server to Claude Code',
        code: `claude mcp add --transport http ${docsMcpServerName} ${url}`,
      };
    case 'claude-desktop':
      return {language: 'text', title: 'Remote MCP server URL', code: url};
    case 'cursor':
      return {
        language: 'json',
        title: '.cursor/mcp.json',
        code: JSON.stringify({mcpServers: {[docsMcpServerName]: {url}}}, null, 2),
      };
    case 'vscode':
      return {
        language: 'json',
        title: '.vscode/mcp.json',
        code: JSON.stringify({servers: {[docsMcpServerName]: {type: 'http', url}}}, null, 2),
      };
  }
}

/** A client's configuration for the docs MCP server, with the site's own address in it. */
export default function DocsMcpSetup({client}: {readonly client: McpClient}): ReactNode {
  const {language, title, code} = snippet(client, useDocsMcpUrl());
  return (
    <CodeBlock language={language} title={title}>
      {code}
    </CodeBlock>
  );
}

/** The address, inline, for prose. */
export function DocsMcpUrl(): ReactNode {
  return <code>{useDocsMcpUrl()}</code>;
}
