/**
 * The rules every Zip integration must follow, for coding agents: llms.txt
 * opens with them (plugins/machine-readable) and the docs MCP server gives
 * them as its instructions (mcp/). Each rule links to the page section that
 * explains it; numbers come from facts.ts.
 */
import {factText, formatPeso} from './facts';

export interface IntegrationRule {
  /** One sentence or two, Markdown. */
  readonly text: string;
  /** Site path of the section that explains the rule. */
  readonly page: string;
  /** The link's text. */
  readonly pageTitle: string;
}

export const integrationRules: readonly IntegrationRule[] = [
  {
    text: `Send amounts as integers in centavos (the currency's minor unit), never as decimals: \`125000\` is ${formatPeso(125_000)}.`,
    page: '/api/intro#amounts-and-currencies',
    pageTitle: 'Amounts and currencies',
  },
  {
    text: `Send one \`Idempotency-Key\` per operation on every \`POST\`, generated once before the first attempt and reused unchanged on every retry of that operation; Zip keeps a key for ${factText['api.idempotencyRetention']}.`,
    page: '/api/intro#idempotency',
    pageTitle: 'Idempotency',
  },
  {
    text: `Verify the \`Zip-Signature\` of every webhook delivery on the raw bytes of the body, before parsing them, and refuse signatures older than ${factText['webhooks.signatureTolerance']}.`,
    page: '/guides/developer-guide/webhooks#step-2-verify-the-signature',
    pageTitle: 'Verify the signature',
  },
  {
    text: 'Use test keys (`sk_test_…`, `pk_test_…`) in development and tests: they run in test mode and move no money. Live keys belong in production only.',
    page: '/guides/developer-guide/api-keys#test-keys-and-live-keys',
    pageTitle: 'Test keys and live keys',
  },
  {
    text: 'Never log a key, commit it or send a secret key (`sk_…`) to a browser or app: keep it on the server, in an environment variable or a secrets manager, and log the `request_id` instead.',
    page: '/guides/developer-guide/api-keys#keep-keys-safe',
    pageTitle: 'Keep keys safe',
  },
];
