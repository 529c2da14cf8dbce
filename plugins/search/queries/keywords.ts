/**
 * The keyword queries the browser tests and the docs MCP tests search for
 * (tests/e2e/search.test.ts, tests/e2e/docs-mcp.test.ts) and the bench times
 * (packages/perf/src/bench.ts), each with the pages that answer it: an answer without
 * `#` is any section of that page, one ending in `/` any page under it.
 */
import type {ScoredQuery} from './score';

export const keywordQueries: readonly ScoredQuery[] = [
  {query: 'chargeback', answers: ['/help/payments/refunds-chargebacks']},
  {query: 'declined payment', answers: ['/guides/tutorials/payment-decline']},
  {query: 'refund a charge', answers: ['/api/core/charges/refund-charge']},
  {query: '/v2/charges', answers: ['/api/core/charges/create-charge', '/api/core/charges/list-charges']},
  {query: 'statement_descriptor', answers: ['/api/core/charges/create-charge']},
  {query: 'last_sent_at', answers: ['/api/requests/']},
  {query: 'card_declined', answers: ['/api/errors']},
  {query: 'retrieve customer by email', answers: ['/api/core/customers/retrieve-customer-by-email']},
  {query: 'retrieve customer by e-mail', answers: ['/api/core/customers/retrieve-customer-by-email']},
  {query: 'duplicate webhook', answers: ['/api/webhooks#duplicates', '/guides/developer-guide/webhooks']},
  {query: 'ewallet', answers: ['/help/payments/payment-methods', '/guides/payment-methods', '/guides/developer-guide/testing']},
  {query: 'refund', answers: ['/help/payments/refunds-chargebacks', '/guides/tutorials/refund-payment', '/api/core/charges/refund-charge']},
  {
    query: 'capture',
    answers: [
      '/api/core/charges/capture-charge',
      '/guides/developer-guide/taking-payments',
      '/guides/checkout#authorise-now-capture-later',
    ],
  },
  {query: 'idempotency', answers: ['/api/intro#idempotency']},
  {query: 'gcash', answers: ['/guides/payment-methods#gcash-and-maya', '/help/payments/payment-methods#gcash-and-maya']},
  {query: 'webhook signature', answers: ['/api/webhooks#signatures', '/guides/developer-guide/webhooks#step-2-verify-the-signature']},
];
