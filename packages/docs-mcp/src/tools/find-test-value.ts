/**
 * `find_test_value`: the testing page's values and what each makes happen (test-values.ts).
 */
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {answering, readOnly, textAnswer} from '../answers';
import {localTestMode, localTestModeNote} from '../local-test-mode';
import {ToolInputError} from '../operations';
import {findTestValues, testingPagePath, testValueAnswer, testValueList, testValues} from '../test-values';

export function registerFindTestValue(server: McpServer): void {
  server.registerTool(
    'find_test_value',
    {
      title: 'Find a test value',
      description: `The test-mode values that make a payment end a chosen way, as the testing page (${testingPagePath}) writes them: cards (succeeding, declined, 3-D Secure, disputes, failed refunds), the test approval page's buttons for e-wallets, QR Ph and online banking, and the amounts that fail their charge; each with what happens step by step and the events Zip sends. Without an outcome, lists them all. Test keys only; they work on the hosted test mode and on the one that runs locally (${localTestMode.command}).`,
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
        if (outcome === undefined) return textAnswer(`${testValueList()}\n\n${localTestModeNote}`);
        // Asked for a local test mode or faults rather than a value: say how to run one.
        if (/\b(test[ -]?mode|local|faults?|stateful|sandbox|mock)\b/i.test(outcome)) return textAnswer(localTestModeNote);
        const found = findTestValues(outcome);
        if (found.length === 0) {
          throw new ToolInputError(
            `No test value for "${outcome}". Outcomes: ${testValues.map((value) => value.outcome).join(', ')}; or a failure code, a button (Approve, Decline, Expire now), a method or a brand. Call find_test_value without an outcome for the list.`,
          );
        }
        return textAnswer(testValueAnswer(found));
      }),
  );
}
