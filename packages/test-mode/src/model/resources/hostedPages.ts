/**
 * What payment links and payment requests share: the amount rules of a hosted page, and what the
 * page does when the customer pays by card (one charge, with the page's id set on it).
 */
import {facts, type PaymentMethodType} from '@zip/model/facts';
import {invalid, type Json} from '../core/errors';
import type {Model} from '../core/model';
import {chargeOnPage} from './charges';
import {cardSource} from './sources';

/**
 * A USD page offers card only, an amount is at least the minimum charge of its currency and at most
 * the largest maximum among the offered methods (facts.ts). `usdCode` is the code each spec gives a
 * USD page that offers more than card.
 */
export function checkPageAmount(amount: number | null, currency: string, methods: readonly PaymentMethodType[], usdCode: string): void {
  const listed: unknown = methods;
  if (!Array.isArray(listed) || listed.some((method) => typeof method !== 'string' || !Object.hasOwn(facts.paymentMethods, method)))
    throw invalid('parameter_invalid', 'payment_method_types must list payment methods.', 'payment_method_types');
  if (currency === 'USD' && methods.some((method) => method !== 'card'))
    throw invalid(usdCode, 'USD pages may only offer card.', 'payment_method_types');
  if (amount === null) return;
  const minimum = currency === 'USD' ? facts.money.minimumUsdChargeUsdMinor : facts.money.minimumChargeMinor;
  if (amount < minimum) throw invalid('amount_too_small', `Amount must be at least ${minimum}.`, 'amount');
  const maximum = Math.max(...methods.map((method) => facts.paymentMethods[method].maximumChargeMinor));
  if (amount > maximum) throw invalid('amount_too_large', `Amount ${amount} is above the maximum of every offered method.`, 'amount');
}

/** The customer pays a hosted page by card: one charge, any 3-D Secure finished on the page. */
export function payOnHostedPage(model: Model, page: Json, cardNumber: string, amount: number, paidThrough: Json): Json {
  if (!(page.payment_method_types as string[]).includes('card')) throw new Error(`${page.id as string} does not offer card`);
  return chargeOnPage(model, {
    amount,
    currency: page.currency,
    source: cardSource(model, cardNumber),
    capture: true,
    return_url: page.url,
    description: page.description,
    metadata: {},
    ...paidThrough,
  });
}
