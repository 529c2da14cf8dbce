/**
 * Questions a merchant or a developer types into the search as they would
 * ask a colleague, each with the sections that answer it (page path and
 * heading anchor), written from the pages. `npm run bench` scores the site
 * search on them (plugins/search/queries/score.ts); `answers` lists every
 * section that answers the question, best first.
 */
import type {ScoredQuery} from './score';

export const questions: readonly ScoredQuery[] = [
  {query: 'Which field do I use to detect a duplicate webhook delivery?', answers: ['/api/webhooks#duplicates']},
  {
    query: 'How do I verify a webhook signature?',
    answers: ['/guides/developer-guide/webhooks#step-2-verify-the-signature', '/api/webhooks#signatures', '/api/webhooks#check-a-delivery'],
  },
  {query: 'How many times does Zip retry a webhook?', answers: ['/api/webhooks#retries']},
  {
    query: 'Are webhooks delivered in order?',
    answers: ['/api/webhooks#ordering', '/guides/developer-guide/test-against-faults#webhooks-twice-late-and-out-of-order'],
  },
  {
    query: 'What should my webhook endpoint return?',
    answers: ['/api/webhooks#the-answer-zip-expects', '/guides/developer-guide/webhooks#step-3-do-the-work-then-answer'],
  },
  {
    query: 'What happens if my webhook endpoint is down?',
    answers: ['/guides/developer-guide/webhooks#when-your-endpoint-was-down', '/api/webhooks#retries', '/api/webhooks#resending-events'],
  },
  {
    query: 'How can I test webhooks on my computer?',
    answers: ['/guides/developer-guide/webhooks#test-on-your-computer-without-an-account', '/api/webhooks#test-mode'],
  },
  {
    query: 'How do I get a notification when a payment succeeds?',
    answers: [
      '/guides/developer-guide/webhooks#step-1-choose-the-events-you-need',
      '/help/no-code/intro#know-when-you-are-paid',
      '/help/dashboard/dashboard-intro#notifications',
    ],
  },
  {
    query: 'How long does it take for a refund to reach the customer?',
    answers: ['/help/payments/refunds-chargebacks#when-the-customer-gets-the-money'],
  },
  {query: 'Can a customer get their money back on GCash?', answers: ['/help/payments/refunds-chargebacks#refund-rules-by-method']},
  {
    query: 'How do I refund part of a payment?',
    answers: [
      '/guides/tutorials/refund-payment#step-2-refund-part-of-the-charge',
      '/guides/developer-guide/taking-payments#step-5-refund-part-of-the-payment',
      '/help/payments/refunds-chargebacks#refund-a-payment',
      '/help/dashboard/web-dashboard#refund-a-payment',
    ],
  },
  {query: 'Is there a fee for refunds?', answers: ['/help/getting-started/fees#refund-fees']},
  {
    query: 'How do I respond to a chargeback?',
    answers: ['/help/payments/refunds-chargebacks#respond-to-a-chargeback', '/help/dashboard/web-dashboard#answer-a-dispute'],
  },
  {query: 'How much is the chargeback fee?', answers: ['/help/getting-started/fees#chargeback-fee']},
  {query: 'How much does Zip charge per transaction?', answers: ['/help/getting-started/fees#payment-fees']},
  {query: 'When do I get paid?', answers: ['/help/getting-started/getting-paid#payout-schedule', '/help/getting-started/getting-paid']},
  {query: 'Why is my payout late?', answers: ['/help/getting-started/getting-paid#if-a-payout-is-late-or-missing']},
  {
    query: 'How do I change the bank account my payouts go to?',
    answers: [
      '/help/getting-started/getting-paid#change-your-payout-account',
      '/guides/tutorials/update-payout#step-1-enter-the-new-account',
      '/guides/tutorials/update-payout',
    ],
  },
  {query: 'What documents do I need to activate my account?', answers: ['/help/getting-started/activate-your-account#documents-you-need']},
  {
    query: 'Which businesses are not allowed on Zip?',
    answers: ['/help/getting-started/restricted-businesses#prohibited-businesses', '/help/getting-started/restricted-businesses'],
  },
  {query: 'Can I accept cards issued outside the Philippines?', answers: ['/help/getting-started/supported-countries#foreign-cards']},
  {
    query: 'Can I price my products in US dollars?',
    answers: ['/help/payments/currencies#pricing-in-us-dollars', '/help/getting-started/fees#payments-in-us-dollars'],
  },
  {query: 'How is a USD payment converted to pesos?', answers: ['/help/payments/currencies#how-a-usd-payment-is-converted']},
  {
    query: 'Is the amount in pesos or centavos?',
    answers: ['/help/payments/currencies#for-developers-amounts-in-centavos', '/api/intro#amounts-and-currencies'],
  },
  {
    query: 'How do I accept GCash and Maya payments?',
    answers: ['/guides/payment-methods#gcash-and-maya', '/help/payments/payment-methods#gcash-and-maya'],
  },
  {
    query: 'How does a customer pay with QR Ph at my store?',
    answers: ['/help/dashboard/payterminal#qr-ph-scan-and-pay', '/help/payments/payment-methods#qr-ph', '/guides/payment-methods#qr-ph'],
  },
  {query: 'How do I turn a payment method on or off?', answers: ['/help/payments/payment-methods#turn-methods-on-or-off']},
  {query: 'Which test card number gives a declined payment?', answers: ['/guides/developer-guide/testing#declined-cards']},
  {
    query: 'How do I test 3-D Secure?',
    answers: ['/guides/developer-guide/testing#3-d-secure', '/guides/developer-guide/taking-payments#step-3-handle-3-d-secure'],
  },
  {
    query: 'How do I send my API key with a request?',
    answers: ['/api/authentication#authentication', '/guides/developer-guide/api-keys#use-the-secret-key-on-your-server'],
  },
  {
    query: 'What is the difference between the secret key and the public key?',
    answers: ['/api/authentication#secret-keys-and-public-keys', '/guides/developer-guide/api-keys#the-four-keys'],
  },
  {
    query: 'How do I roll my API key if it leaked?',
    answers: [
      '/guides/developer-guide/api-keys#roll-a-key',
      '/help/security#protect-your-api-keys',
      '/help/security#if-something-goes-wrong',
    ],
  },
  {
    query: 'How do I avoid charging a customer twice when I retry a request?',
    answers: ['/api/intro#idempotency', '/api/errors#retry-safely'],
  },
  {query: 'Which errors are safe to retry?', answers: ['/api/errors#http-statuses-and-retrying', '/api/errors#retry-safely']},
  {query: 'How do I page through a long list of charges?', answers: ['/api/intro#pagination']},
  {query: 'What is the API rate limit?', answers: ['/api/intro#errors-and-rate-limits', '/api/errors#http-statuses-and-retrying']},
  {
    query: 'How do I capture a held card payment later?',
    answers: [
      '/guides/developer-guide/taking-payments#step-4-capture-the-payment',
      '/guides/checkout#authorise-now-capture-later',
      '/help/dashboard/web-dashboard#capture-or-release-a-held-card-payment',
      '/help/payments/intro#held-card-payments',
    ],
  },
  {
    query: 'How do I save a customer card for later payments?',
    answers: [
      '/guides/tutorials/save-payment-information#step-2-attach-the-source-to-the-customer',
      '/guides/tutorials/save-payment-information',
    ],
  },
  {
    query: 'What should I tell a customer when their payment is declined?',
    answers: ['/guides/tutorials/payment-decline#step-2-decide-what-to-say-and-do'],
  },
  {
    query: 'How do I send a payment request by SMS?',
    answers: [
      '/help/no-code/payment-request#create-and-send-a-request',
      '/guides/tutorials/send-payment-request#step-1-create-and-send-the-request',
    ],
  },
  {
    query: 'How do I remind a customer to pay a request?',
    answers: ['/help/no-code/payment-request#send-a-reminder', '/guides/tutorials/send-payment-request#step-2-send-a-reminder'],
  },
  {
    query: 'Can the customer choose how much to pay on a payment link?',
    answers: [
      '/guides/tutorials/generate-payment-links#step-2-let-the-customer-enter-the-amount',
      '/help/no-code/payment-links#create-a-payment-link',
    ],
  },
  {
    query: 'How do I turn off a payment link?',
    answers: [
      '/help/no-code/payment-links#turn-a-link-off-and-on',
      '/guides/tutorials/generate-payment-links#step-5-switch-a-link-off-and-on',
    ],
  },
  {
    query: 'How do I add a team member to the dashboard?',
    answers: ['/help/dashboard/dashboard-intro#invite-a-team-member', '/guides/tutorials/invite-team#step-1-send-the-invitation'],
  },
  {query: 'How do I turn on two-factor authentication?', answers: ['/help/security#protect-your-dashboard-account']},
  {query: 'How do I report a security vulnerability?', answers: ['/help/security#report-a-vulnerability']},
  {query: 'What replaces the Magpie notify URL?', answers: ['/help/migrating/from-magpie#from-magpies-notify-url-to-zips-events']},
  {
    query: 'How do I stop a checkout session from being paid?',
    answers: [
      '/guides/checkout#expire-a-session-the-customer-must-not-pay',
      '/api/checkout/intro#cancel-an-unpaid-session',
      '/api/checkout/endpoints/expire-session',
    ],
  },
  {query: 'How do I fulfil orders after a hosted checkout?', answers: ['/guides/checkout#step-3-fulfil-orders-from-events']},
  {
    query: 'What is on the go-live checklist?',
    answers: [
      '/guides/onboarding#step-5-go-live-checklist',
      '/guides/developer-guide/testing#before-you-go-live',
      '/help/checkout/intro#before-you-go-live',
    ],
  },
  {query: 'How do I connect the docs to Claude Code?', answers: ['/guides/developer-guide/docs-mcp-server#claude-code']},
  {
    query: 'How do I put my logo on the checkout page?',
    answers: [
      '/guides/tutorials/custom-branding#step-1-set-your-brand-in-the-dashboard',
      '/help/checkout/intro#make-it-look-like-your-shop',
    ],
  },
  // Developer questions written from the guides and the API overview.
  {
    query:
      'After I create a charge that needs 3-D Secure, do I send the customer to next_action.redirect_url or to my return_url, and what happens when they come back to my site?',
    answers: ['/guides/developer-guide/taking-payments#step-3-handle-3-d-secure', '/guides/developer-guide/testing#3-d-secure'],
  },
  {query: 'Which test card number succeeds?', answers: ['/guides/developer-guide/testing#cards-that-succeed']},
  {query: 'How do I test a failed refund?', answers: ['/guides/developer-guide/testing#disputes-and-failed-refunds']},
  {query: 'How do I test GCash payments?', answers: ['/guides/developer-guide/testing#e-wallets-qr-ph-and-online-banking']},
  {
    query: 'How do I send a test event to my webhook endpoint?',
    answers: ['/guides/developer-guide/testing#test-events', '/api/webhooks#test-mode'],
  },
  {query: 'Where do I keep my own order number on a Zip object?', answers: ['/api/intro#metadata']},
  {query: 'Which API version should I use?', answers: ['/api/intro#host-and-versions', '/api/intro#versioning-policy']},
  {query: 'How do I use the public key in the browser?', answers: ['/guides/developer-guide/api-keys#use-the-public-key-in-the-browser']},
  {
    query: 'What is the difference between test keys and live keys?',
    answers: ['/guides/developer-guide/api-keys#test-keys-and-live-keys', '/api/intro#keys-and-modes', '/api/authentication'],
  },
  {query: 'Are timestamps in UTC?', answers: ['/api/intro#timestamps']},
  {
    query: 'How do I create a card source in the browser?',
    answers: ['/guides/developer-guide/taking-payments#step-1-create-a-card-source-in-the-browser'],
  },
  {query: 'Does a PUT update replace the whole object?', answers: ['/api/intro#updates']},
];
