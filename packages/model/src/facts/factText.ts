/** Every fact a page prints inline, formatted (re-exported by ../facts.ts). */
import {
  formatBusinessDays,
  formatCalendarDays,
  formatCount,
  formatDate,
  formatDays,
  formatDuration,
  formatFee,
  formatHours,
  formatMinutes,
  formatPercent,
  formatPeso,
  formatSeconds,
  formatTPlus,
  formatTime24h,
  formatUsd,
  listNames,
} from './format';
import {facts} from './values';

/** 50 → "one-half"; any other share as a percentage. */
function formatShare(percent: number): string {
  return percent === 50 ? 'one-half' : formatPercent(percent);
}

const {fees, payouts, chargebacks, activation, checkout, paymentRequests, paymentMethods: pm, philippineRules: ph} = facts;

/**
 * Every fact a page can print inline with `<Fact name="…" />`, already
 * formatted. The keys are the allowed values of the `name` prop.
 */
/**
 * The fees page's worked example for one domestic card payment, carried on to the payout: the fee
 * and its VAT come off the payment, and by default Zip then withholds income tax on what is left
 * (the payout's gross remittance, as the taxes page counts it). Rounded to the centavo at each step,
 * as Zip does.
 */
function domesticCardPayout(amountMinor: number) {
  const {percent, fixedMinor} = facts.fees.cardDomestic;
  const fee = Math.round((amountMinor * percent) / 100) + fixedMinor;
  const vat = Math.round((fee * facts.money.vatPercent) / 100);
  const gross = amountMinor - fee - vat;
  const {baseSharePercent, ratePercent} = facts.philippineRules.withholdingTax;
  const withheld = Math.round((Math.round((gross * baseSharePercent) / 100) * ratePercent) / 100);
  return {amount: amountMinor, gross, withheld, received: gross - withheld};
}
const feeExample = domesticCardPayout(100_000);

export const factText = {
  'company.supportEmail': facts.company.supportEmail,
  'company.securityEmail': facts.company.securityEmail,
  'company.timeZone': facts.company.timeZone,
  'company.businessDays': facts.company.businessDays,

  'countries.merchantRule': facts.countries.merchantRule,
  'countries.cardCustomers': facts.countries.cardCustomers,
  'countries.localMethodCustomers': facts.countries.localMethodCustomers,
  'payouts.destinations': facts.payouts.destinations,

  'fees.card.domestic': formatFee(fees.cardDomestic),
  'fees.card.international': formatFee(fees.cardInternational),
  'fees.gcash': formatFee(fees.gcash),
  'fees.maya': formatFee(fees.maya),
  'fees.qrph': formatFee(fees.qrph),
  'fees.onlineBanking': formatFee(fees.onlineBanking),
  'fees.usdConversion': formatPercent(fees.usdConversionPercent),
  'fees.chargeback': formatPeso(fees.chargebackFeeMinor),
  'fees.vat': formatPercent(facts.money.vatPercent),
  'feeExample.amount': formatPeso(feeExample.amount),
  'feeExample.domesticCardAfterFees': formatPeso(feeExample.gross),
  'feeExample.domesticCardWithheld': formatPeso(feeExample.withheld),
  'feeExample.domesticCardReceived': formatPeso(feeExample.received),

  'money.settlementCurrency': facts.money.settlementCurrency,
  'money.minimumCharge': formatPeso(facts.money.minimumChargeMinor),
  'money.minimumUsdCharge': formatUsd(facts.money.minimumUsdChargeUsdMinor),
  'money.maxCard': formatPeso(pm.card.maximumChargeMinor),
  'money.maxEWallet': formatPeso(pm.gcash.maximumChargeMinor),
  'money.maxQrph': formatPeso(pm.qrph.maximumChargeMinor),
  'money.maxOnlineBanking': formatPeso(pm.bpi.maximumChargeMinor),

  'payouts.cutoff': `${formatTime24h(payouts.cutoffTime24h)} PHT`,
  'payouts.minimum': formatPeso(payouts.minimumPayoutMinor),
  'payouts.firstPayoutHold': formatCalendarDays(payouts.firstPayoutHoldCalendarDays),
  'payouts.accountChangeReview': formatBusinessDays(payouts.accountChangeReviewBusinessDays),
  'payouts.localMethods': `${formatTPlus(pm.gcash.payoutTPlusBusinessDays)} (${formatBusinessDays(pm.gcash.payoutTPlusBusinessDays)})`,
  'payouts.cards': `${formatTPlus(pm.card.payoutTPlusBusinessDays)} (${formatBusinessDays(pm.card.payoutTPlusBusinessDays)})`,
  'payouts.localMethodsDelay': formatBusinessDays(pm.gcash.payoutTPlusBusinessDays),
  'payouts.cardsDelay': formatBusinessDays(pm.card.payoutTPlusBusinessDays),

  'refunds.cardWindow': formatDays(pm.card.refundWindowDays),
  'refunds.eWalletWindow': formatDays(pm.gcash.refundWindowDays),
  'refunds.qrphWindow': formatDays(pm.qrph.refundWindowDays),
  'refunds.onlineBankingWindow': formatDays(pm.bpi.refundWindowDays),
  'refunds.cardArrival': formatBusinessDays(pm.card.refundArrivalBusinessDays),
  'refunds.eWalletArrival': formatBusinessDays(pm.gcash.refundArrivalBusinessDays),
  'refunds.qrphArrival': formatBusinessDays(pm.qrph.refundArrivalBusinessDays),
  'refunds.onlineBankingArrival': formatBusinessDays(pm.bpi.refundArrivalBusinessDays),

  'chargebacks.evidenceDeadline': formatCalendarDays(chargebacks.evidenceDeadlineCalendarDays),
  'chargebacks.issuerDecision': formatDays(chargebacks.issuerDecisionDays),
  'chargebacks.reviewThreshold': formatPercent(chargebacks.reviewThresholdPercent),

  'authorisation.expiry': formatDays(facts.authorisation.uncapturedExpiryDays),
  'authorisation.threeDSecureWindow': formatMinutes(facts.authorisation.pendingThreeDSecureMinutes),
  'approval.redirect': formatMinutes(pm.gcash.approvalWindowMinutes),
  'approval.qrph': formatMinutes(pm.qrph.approvalWindowMinutes),
  'approval.chargeWindow': formatMinutes(facts.sources.approvedChargeWindowMinutes),

  'activation.review': formatBusinessDays(activation.reviewBusinessDays),

  'checkout.defaultExpiry': formatHours(checkout.sessionDefaultExpiryHours),
  'checkout.minExpiry': formatDuration(checkout.sessionExpiryMinutes.min),
  'checkout.maxExpiry': formatDuration(checkout.sessionExpiryMinutes.max),

  'requests.defaultExpiry': formatDays(paymentRequests.defaultExpiryDays),
  'requests.allowedExpiry': formatDays(paymentRequests.allowedExpiryDays),
  'requests.maxResends': formatCount(paymentRequests.maxResendTimes, 'time'),

  'payTerminal.phoneCheckoutExpiry': formatMinutes(facts.payTerminal.phoneCheckoutExpiryMinutes),

  'payouts.sendTime': `${formatTime24h(payouts.sendTime24h)} PHT`,
  'payouts.instapayMaximum': formatPeso(payouts.instapayMaximumMinor),
  'payouts.pesonetBatchCutoff': `${formatTime24h(payouts.pesonetBatchCutoffTime24h)} PHT`,
  'disputedFunds.label': facts.disputedFunds.dashboardLabel,

  'tax.regulation': ph.withholdingTax.regulation,
  'tax.issued': formatDate(ph.withholdingTax.issued),
  'tax.inForceFrom': formatDate(ph.withholdingTax.inForceFrom),
  'tax.guidance': ph.withholdingTax.guidance,
  'tax.guidanceIssued': formatDate(ph.withholdingTax.guidanceIssued),
  'tax.rate': `${formatPercent(ph.withholdingTax.ratePercent)} of ${formatShare(ph.withholdingTax.baseSharePercent)}`,
  'tax.effectiveRate': formatPercent(ph.withholdingTax.effectivePercent),
  'tax.threshold': formatPeso(ph.withholdingTax.thresholdMinor),
  'tax.certificate': facts.tax.withholdingCertificate,
  'tax.certificateForm': ph.creditableCertificate.form,
  'tax.certificateAvailable': facts.tax.certificateAvailable,
  'tax.quarterlyReturns': ph.creditableCertificate.quarterlyReturns,
  'tax.annualReturns': ph.creditableCertificate.annualReturns,
  'tax.vatOnFeesCollected': facts.tax.vatOnFeesCollected,

  'instapay.maximum': formatPeso(ph.instapay.maximumPerTransferMinor),
  'instapay.availability': ph.instapay.availability,
  'instapay.speed': ph.instapay.speed,
  'pesonet.cutoffs': listNames(ph.pesonet.batchCutoffs.map((batch) => formatTime24h(batch.cutoffTime24h))),
  'pesonet.cutoffsSince': formatDate(ph.pesonet.batchCutoffsSince),
  'pesonet.availability': ph.pesonet.availability,
  'pesonet.speed': ph.pesonet.speed,

  'afasa.law': ph.afasa.law,
  'afasa.signed': formatDate(ph.afasa.signed),
  'afasa.holdMaximum': formatCalendarDays(ph.afasa.holdMaximumCalendarDays),
  'bsp.holdingCircular': ph.bspHoldingRules.circular,
  'bsp.holdingCircularSigned': formatDate(ph.bspHoldingRules.signed),
  'bsp.initialHold': formatCalendarDays(ph.bspHoldingRules.initialHoldMaximumCalendarDays),

  'developer.nodeJs': `Node.js ${facts.developer.nodeJsRelease}`,

  'security.pciDss': `PCI DSS Level ${facts.security.pciDssLevel}`,
  'security.tls': `TLS ${facts.security.tlsMinimumVersion}`,
  'security.idleSignOut': formatMinutes(facts.security.dashboardIdleSignOutMinutes),

  'api.host': facts.company.apiHost,
  'api.liveRateLimit': `${facts.api.liveRateLimitPerSecond} requests per second`,
  'api.testRateLimit': `${facts.api.testRateLimitPerSecond} requests per second`,
  'api.idempotencyRetention': formatHours(facts.api.idempotencyKeyRetentionHours),
  'api.idempotencyInProgressRetry': formatSeconds(facts.api.idempotencyInProgressRetrySeconds),
  'api.keyRollOverlap': formatHours(facts.api.keyRollOverlapMaxHours),
  'api.keyRollOverlapDefault': formatHours(facts.api.keyRollOverlapDefaultHours),
  'api.breakingChangeNotice': formatDays(facts.api.breakingChangeNoticeDays),
  'api.oldVersionSupport': formatDays(facts.api.oldVersionSupportDays),

  'webhooks.signatureTolerance': formatDuration(facts.webhooks.signatureToleranceSeconds / 60),
  'webhooks.responseTimeout': formatSeconds(facts.webhooks.responseTimeoutSeconds),
  'webhooks.retrySchedule': facts.webhooks.retrySchedule.map((retry) => formatDuration(retry.afterSeconds / 60)).join(', '),
  'webhooks.retryWindow': formatDuration((facts.webhooks.retrySchedule.at(-1)?.afterSeconds ?? 0) / 60),
  'webhooks.retryCount': formatCount(facts.webhooks.retrySchedule.length, 'time'),
  'webhooks.endpointDisableAfter': formatDays(facts.webhooks.endpointDisableAfterDays),
  'webhooks.eventRetention': formatDays(facts.webhooks.eventRetentionDays),
  'webhooks.secretOverlap': formatHours(facts.webhooks.secretOverlapMaxHours),
} as const satisfies Record<string, string>;

export type FactName = keyof typeof factText;
