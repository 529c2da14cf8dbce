/** The facts about money: fees, refunds, payout schedules and rails, currencies, withholding. */
import type {ReactNode} from 'react';
import {
  facts,
  formatBusinessDays,
  formatDays,
  formatFee,
  formatPeso,
  formatPercent,
  formatPesoOrFree,
  formatTPlus,
  formatTime24h,
  formatUsd,
  listNames,
  methodsWhere,
  type Fee,
} from '@zip/model/facts';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {CellNote, allMethods} from './shared';
import styles from './styles.module.css';

/** Per-payment fees, one row per fee line. */
export function FeeTable(): ReactNode {
  const {fees} = facts;
  const rows: {label: string; fee: string; note: string}[] = [
    {label: 'Domestic cards', fee: formatFee(fees.cardDomestic), note: 'Cards issued in the Philippines'},
    {label: 'International cards', fee: formatFee(fees.cardInternational), note: 'Cards issued outside the Philippines'},
    {
      label: 'USD card payments',
      fee: `Card fee + ${formatPercent(fees.usdConversionPercent)}`,
      note: 'Conversion to PHP at the day’s rate, on top of the card fee',
    },
    {label: 'GCash', fee: formatFee(fees.gcash), note: 'No fixed part'},
    {label: 'Maya', fee: formatFee(fees.maya), note: 'No fixed part'},
    {label: 'QR Ph', fee: formatFee(fees.qrph), note: 'Any bank or e-wallet app that scans QR Ph'},
    {label: 'Online banking', fee: formatFee(fees.onlineBanking), note: 'BPI and UnionBank'},
  ];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Payment method</th>
          <th scope="col">Fee per successful payment</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.fee}</td>
            <td>{row.note}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** Fees that are not per payment: setup, monthly, refunds, payouts, chargebacks. */
export function OtherFeesTable(): ReactNode {
  const {fees} = facts;
  const rows: {label: string; fee: string; note: string}[] = [
    {label: 'Setup fee', fee: formatPesoOrFree(fees.setupFeeMinor), note: 'No contract and no minimum volume'},
    {label: 'Monthly fee', fee: formatPesoOrFree(fees.monthlyFeeMinor), note: 'You pay only for successful payments'},
    {label: 'Refunds', fee: formatPesoOrFree(fees.refundFeeMinor), note: 'The fee on the original payment is not returned'},
    {label: 'Payouts', fee: formatPesoOrFree(fees.payoutFeeMinor), note: 'To any Philippine bank or e-wallet account'},
    {
      label: 'Chargebacks',
      fee: `${formatPeso(fees.chargebackFeeMinor)} per dispute`,
      note: facts.chargebacks.paymentFeeReturnedWhenLost
        ? 'Returned to you if you win the dispute; the disputed payment’s fee is returned if you lose'
        : 'Returned to you if you win the dispute; the disputed payment’s own fee is kept, win or lose',
    },
  ];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Fee</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.fee}</td>
            <td>{row.note}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The fee on one payment, in centavos, rounded to the centavo. */
function feeOn(amountMinor: number, fee: Fee): number {
  const raw = Math.round((amountMinor * fee.percent) / 100) + (fee.fixedMinor ?? 0);
  return Math.max(raw, fee.minimumMinor ?? 0);
}

/** A worked example: the fee, the VAT on it (both deducted from the payment) and what you receive, for one payment of `amountMinor`. */
export function FeeExample({amountMinor}: {amountMinor: number}): ReactNode {
  const {fees, money} = facts;
  const rows: {label: string; fee: Fee}[] = [
    {label: 'Domestic card', fee: fees.cardDomestic},
    {label: 'International card', fee: fees.cardInternational},
    {label: 'GCash', fee: fees.gcash},
    {label: 'Maya', fee: fees.maya},
    {label: 'QR Ph', fee: fees.qrph},
    {label: 'Online banking', fee: fees.onlineBanking},
  ];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Customer pays {formatPeso(amountMinor)} by</th>
          <th scope="col">Fee</th>
          <th scope="col">VAT on the fee ({formatPercent(money.vatPercent)})</th>
          <th scope="col">After the fee and VAT</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const fee = feeOn(amountMinor, row.fee);
          const vat = Math.round((fee * money.vatPercent) / 100);
          return (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className={styles.amount}>{formatPeso(fee)}</td>
              <td className={styles.amount}>{formatPeso(vat)}</td>
              <td className={styles.amount}>{formatPeso(amountMinor - fee - vat)}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}

/** Refund rules per method: full or partial, window, and how long the money takes to reach the customer. */
export function RefundTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">Refund type</th>
          <th scope="col">Refund window</th>
          <th scope="col">Reaches the customer in</th>
        </tr>
      </thead>
      <tbody>
        {allMethods().map((method) => (
          <tr key={method.type}>
            <th scope="row">{method.name}</th>
            <td>{method.partialRefunds ? 'Full or partial' : 'Full only'}</td>
            <td>{formatDays(method.refundWindowDays)} from capture</td>
            <td>{formatBusinessDays(method.refundArrivalBusinessDays)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** The business day `offset` business days after Monday, e.g. 5 → "next Monday". */
function businessDayAfterMonday(offset: number): string {
  const day = WEEKDAYS[offset % WEEKDAYS.length] ?? 'Monday';
  return offset >= WEEKDAYS.length ? `next ${day}` : day;
}

/** Payout timing per method group, with a worked Monday example either side of the cut-off. */
export function PayoutScheduleTable(): ReactNode {
  const cutoff = formatTime24h(facts.payouts.cutoffTime24h);
  const groups = new Map<number, string[]>();
  for (const method of allMethods()) {
    const names = groups.get(method.payoutTPlusBusinessDays) ?? [];
    names.push(method.name);
    groups.set(method.payoutTPlusBusinessDays, names);
  }
  const rows = [...groups.entries()].sort(([a], [b]) => a - b);
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Payment methods</th>
          <th scope="col">Paid out</th>
          <th scope="col">Paid Monday before {cutoff}</th>
          <th scope="col">Paid Monday after {cutoff}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([days, names]) => (
          <tr key={days}>
            <th scope="row">{listNames(names)}</th>
            <td>
              {formatTPlus(days)}
              <CellNote>{formatBusinessDays(days)} after the cut-off</CellNote>
            </td>
            <td>{businessDayAfterMonday(days)}</td>
            <td>{businessDayAfterMonday(days + 1)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** Accepted currencies: what each is for, minimum amounts and extra fees. */
export function CurrencyTable(): ReactNode {
  const {money, fees} = facts;
  const cardNames = methodsWhere((method) => method.currencies.includes('USD')).map((method) => method.name);
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Methods</th>
          <th scope="col">Minimum per payment</th>
          <th scope="col">Extra fee</th>
          <th scope="col">Paid out in</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">PHP (Philippine peso)</th>
          <td>All methods</td>
          <td>{formatPeso(money.minimumChargeMinor)}</td>
          <td>None</td>
          <td>{money.settlementCurrency}</td>
        </tr>
        <tr>
          <th scope="row">USD (US dollar)</th>
          <td>{listNames(cardNames)} only</td>
          <td>{formatUsd(money.minimumUsdChargeUsdMinor)}</td>
          <td>{formatPercent(fees.usdConversionPercent)} conversion, on top of the card fee</td>
          <td>{money.settlementCurrency}, converted at the day’s rate</td>
        </tr>
      </tbody>
    </ScrollableTable>
  );
}

/** Which rail carries a payout, by amount, and what weekends and bank holidays do to it. */
export function PayoutRailTable(): ReactNode {
  const {payouts, philippineRules: ph} = facts;
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Payout amount</th>
          <th scope="col">Rail</th>
          <th scope="col">Reaches your account</th>
          <th scope="col">Weekends and bank holidays</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Up to {formatPeso(payouts.instapayMaximumMinor)}</th>
          <td>InstaPay (real time)</td>
          <td>Usually within minutes of {formatTime24h(payouts.sendTime24h)} PHT on a business day</td>
          <td>InstaPay runs {ph.instapay.availability}, but Zip sends payouts on business days only</td>
        </tr>
        <tr>
          <th scope="row">Above {formatPeso(payouts.instapayMaximumMinor)}</th>
          <td>PESONet (batch)</td>
          <td>
            The same business day: Zip sends it in the {formatTime24h(payouts.pesonetBatchCutoffTime24h)} PHT batch, and banks usually
            credit it that afternoon
          </td>
          <td>PESONet runs on {ph.pesonet.availability}</td>
        </tr>
      </tbody>
    </ScrollableTable>
  );
}

/** Withholding under RR No. 16-2023 on one payout, once it applies: the gross remittance, the tax and what you receive. */
export function WithholdingExample({grossMinor}: {grossMinor: number}): ReactNode {
  const {withholdingTax} = facts.philippineRules;
  const base = Math.round((grossMinor * withholdingTax.baseSharePercent) / 100);
  const withheld = Math.round((base * withholdingTax.ratePercent) / 100);
  return (
    <ScrollableTable className={styles.table}>
      <tbody>
        <tr>
          <th scope="row">Gross remittance in the payout (your sales less refunds, Zip’s fees and the VAT on them)</th>
          <td className={styles.amount}>{formatPeso(grossMinor)}</td>
        </tr>
        <tr>
          <th scope="row">The share the tax is counted on ({formatPercent(withholdingTax.baseSharePercent)})</th>
          <td className={styles.amount}>{formatPeso(base)}</td>
        </tr>
        <tr>
          <th scope="row">Tax withheld ({formatPercent(withholdingTax.ratePercent)} of that share)</th>
          <td className={styles.amount}>{formatPeso(withheld)}</td>
        </tr>
        <tr>
          <th scope="row">Paid into your account</th>
          <td className={styles.amount}>{formatPeso(grossMinor - withheld)}</td>
        </tr>
      </tbody>
    </ScrollableTable>
  );
}
