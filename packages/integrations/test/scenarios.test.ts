/**
 * The fault scenarios, a module per flow in flows/ (kit.ts holds what they share), run in one
 * process so that they share one start of the test mode's package and one table at the end. One
 * flow alone: `npx tsx --test --test-name-pattern='^payment-link' packages/integrations/test/scenarios.test.ts`.
 */
import './flows/card-payment';
import './flows/checkout-session';
import './flows/ewallet-source';
import './flows/money-rules';
import './flows/payment-link';
import './flows/payment-request';
import './flows/recurring-billing';
import './flows/refunds';
