/**
 * The known-answer vector of the Zip-Signature scheme (/api/webhooks#signatures): a test secret,
 * a timestamp, the exact raw body of a charge.succeeded delivery and the header Zip would send
 * with them. A reader checks their signer and verifier against it; the contract page shows it,
 * the verifier's "Use the example" fills it in, and tests/unit/webhook-verification.test.ts runs
 * every verification sample of the site against it and recomputes the header from the rest.
 *
 * The body is compact JSON, as Zip sends it, with one non-ASCII character (í) so that a verifier
 * that signs characters instead of UTF-8 bytes fails on it.
 */
export const webhookSignatureVector = {
  /** Not any endpoint's secret: made up for this vector. */
  secret: 'whsec_test_ZipDocsExampleVectorOnly0001',
  /** Unix seconds: 2024-05-14T03:15:45Z, one second after the event's created_at. */
  timestamp: 1_715_656_545,
  body: '{"id":"evt_5Lt1QfZ6aPg3XsC8oDh9KjYc","object":"event","type":"charge.succeeded","livemode":false,"api_version":"v2","created_at":"2024-05-14T03:15:44Z","data":{"object":{"id":"ch_N87dOaNZrbnfElnMJLBnmoJi","object":"charge","livemode":false,"amount":150000,"amount_captured":150000,"amount_refunded":0,"currency":"PHP","status":"succeeded","capture":true,"source":{"id":"src_zSCG11V0TTHjwjuJJVtVv2wj","object":"source","livemode":false,"type":"card","status":"consumed","amount":null,"currency":null,"card":{"brand":"visa","last4":"1111","exp_month":12,"exp_year":2030,"country":"PH","funding":"credit","name":"María Santos"},"redirect":null,"customer":null,"expires_at":null,"metadata":{},"created_at":"2024-05-14T03:15:30Z","updated_at":"2024-05-14T03:15:44Z"},"customer":null,"description":"Order ORD-1045","statement_descriptor":"MABUHAY COFFEE","return_url":"https://shop.example.com/orders/1045/complete","next_action":null,"failure_code":null,"failure_message":null,"checkout_session":null,"payment_link":null,"payment_request":null,"dispute":null,"authorisation_expires_at":null,"captured_at":"2024-05-14T03:15:44Z","refunds":[],"metadata":{"order_id":"ORD-1045"},"created_at":"2024-05-14T03:15:42Z","updated_at":"2024-05-14T03:15:44Z"}},"request":{"id":"req_z7Mr7Qv5CaIZnrJDMGtn1BHA","idempotency_key":"5f0c8e2a-9b7d-4c1e-a3f6-2d8b4e6c9a01"}}',
  /** The Zip-Signature header's value: `t=<timestamp>,v1=<HMAC-SHA256 of "<timestamp>.<body>" keyed with secret>`. */
  header: 't=1715656545,v1=d7a5d9ca16059403880488aec7661ecd3916e9722f13043a70fb0e601754d75e',
} as const;
