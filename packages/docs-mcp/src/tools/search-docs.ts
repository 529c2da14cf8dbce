/**
 * `search_docs`: the site search over the build's index (search.ts), a question of any length within the character guard (limits.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {answering, readOnly, textAnswer} from '../answers';
import {queryCharacterLimit, searchedQuery, searchedWordLimit} from '../limits';
import type {DocsSources} from '../sources';

export function registerSearchDocs(server: McpServer, {search}: DocsSources): void {
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
        const hits = await search.search(query, limit);
        const {cut} = searchedQuery(query);
        const note = cut ? `\n\n[Searched on the question's first ${searchedWordLimit} distinct words besides common ones.]` : '';
        if (hits.length === 0) return textAnswer(`No results for "${query.slice(0, 200)}". Try fewer or other words.${note}`);
        return textAnswer(
          hits
            .map((hit, index) => `${index + 1}. ${hit.pageTitle}${hit.heading ? ` › ${hit.heading}` : ''} (${hit.path})\n   ${hit.passage}`)
            .join('\n') + note,
        );
      }),
  );
}
