/**
 * Components that print Zip's business facts into help pages. Every number
 * comes from `src/data/facts.ts`; pages never type one.
 *
 *   import {Fact, FeeTable} from '@site/src/components/Facts';
 *   Domestic cards cost <Fact name="fees.card.domestic" />.
 */
import type {ReactNode} from 'react';
import {
  facts,
  factText,
  formatBusinessDays,
  formatDate,
  formatDays,
  formatFee,
  formatMinutes,
  formatPeso,
  formatPercent,
  formatPesoOrFree,
  formatTPlus,
  formatTime24h,
  formatUsd,
  listNames,
  methodsWhere,
  publicSources,
  type Fee,
  type FactName,
  type PaymentMethod,
  type PublicSourceName,
} from '@site/src/data/facts';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const allMethods = (): PaymentMethod[] => methodsWhere(() => true);

function YesNo({value}: {value: boolean}): ReactNode {
  return value ? <span className={styles.yes}>Yes</span> : <span className={styles.no}>No</span>;
}

/** One formatted fact, inline: `<Fact name="payouts.cutoff" />` → "3:00 PM PHT". */
export function Fact({name}: {name: FactName}): ReactNode {
  return <>{factText[name]}</>;
}

/** The payment methods as a sentence: "Cards, GCash, Maya, … and UnionBank online banking". */
export function MethodNames({kind}: {kind?: PaymentMethod['kind']}): ReactNode {
  const names = methodsWhere((method) => kind === undefined || method.kind === kind).map((method) => method.name);
  return <>{listNames(names)}</>;
}

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

function amountRange(method: PaymentMethod): string {
  return `${formatPeso(facts.money.minimumChargeMinor)} to ${formatPeso(method.maximumChargeMinor)}`;
}

/** Every payment method: how the customer pays, currencies, limits and refunds. */
export function PaymentMethodsTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">How the customer pays</th>
          <th scope="col">Currencies</th>
          <th scope="col">Amount per payment</th>
          <th scope="col">Refunds</th>
        </tr>
      </thead>
      <tbody>
        {allMethods().map((method) => (
          <tr key={method.type}>
            <th scope="row">
              {method.name}
              <CellNote>{method.detail}</CellNote>
            </th>
            <td>
              {method.howCustomerPays}
              {method.approvalWindowMinutes !== null && (
                <CellNote>Expires after {formatMinutes(method.approvalWindowMinutes)} if not approved</CellNote>
              )}
            </td>
            <td>{method.currencies.join(', ')}</td>
            <td>
              {amountRange(method)}
              {method.currencies.includes('USD') && <CellNote>USD: from {formatUsd(facts.money.minimumUsdChargeUsdMinor)}</CellNote>}
            </td>
            <td>
              {method.partialRefunds ? 'Full or partial' : 'Full only'}, within {formatDays(method.refundWindowDays)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/**
 * A note under a table cell's value, on a line of its own: a line break, not only styling, so
 * the value and the note never run together where the page is read as text (its Markdown twin).
 */
function CellNote({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <br />
      <span className={styles.note}>{children}</span>
    </>
  );
}

/** Which method supports what: currencies, holds, chargebacks. */
export function MethodCapabilitiesTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Method</th>
          <th scope="col">Who can pay</th>
          <th scope="col">Authorise now, capture later</th>
          <th scope="col">Chargebacks possible</th>
          <th scope="col">Paid out</th>
        </tr>
      </thead>
      <tbody>
        {allMethods().map((method) => (
          <tr key={method.type}>
            <th scope="row">{method.name}</th>
            <td>{method.customerNeeds}</td>
            <td>
              <YesNo value={method.manualCapture} />
            </td>
            <td>
              <YesNo value={method.chargebacks} />
            </td>
            <td>{formatTPlus(method.payoutTPlusBusinessDays)}</td>
          </tr>
        ))}
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

/** Business types Zip accepts and the registration certificate each one sends. */
export function BusinessTypesTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Business type</th>
          <th scope="col">Registration certificate</th>
        </tr>
      </thead>
      <tbody>
        {facts.activation.businessTypes.map((type) => (
          <tr key={type.name}>
            <th scope="row">{type.name}</th>
            <td>{type.registration}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The activation documents; `corporations` lists only the extra ones corporations send. */
export function ActivationDocuments({corporations = false}: {corporations?: boolean}): ReactNode {
  const documents = facts.activation.documents.filter((document) => document.corporationsOnly === corporations);
  return (
    <ul className={styles.list}>
      {documents.map((document) => (
        <li key={document.name}>
          <strong>{document.name}</strong>: {document.detail}
        </li>
      ))}
    </ul>
  );
}

/** Prohibited categories (never accepted) or restricted ones (accepted with a licence or extra checks). */
export function BusinessCategories({kind}: {kind: 'prohibited' | 'restricted'}): ReactNode {
  if (kind === 'prohibited') {
    return (
      <ScrollableTable className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Examples</th>
          </tr>
        </thead>
        <tbody>
          {facts.businesses.prohibited.map((item) => (
            <tr key={item.category}>
              <th scope="row">{item.category}</th>
              <td>{capitalise(item.examples)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    );
  }
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">What you need to send</th>
        </tr>
      </thead>
      <tbody>
        {facts.businesses.restricted.map((item) => (
          <tr key={item.category}>
            <th scope="row">{item.category}</th>
            <td>{capitalise(item.requirement)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** Dashboard team roles and what each may do. */
export function RolesTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Can use</th>
          <th scope="col">Refunds</th>
          <th scope="col">Payout account</th>
          <th scope="col">API keys</th>
          <th scope="col">Team</th>
        </tr>
      </thead>
      <tbody>
        {facts.dashboard.roles.map((role) => (
          <tr key={role.role}>
            <th scope="row">{role.role}</th>
            <td>{role.summary}</td>
            <td>
              <YesNo value={role.refunds} />
            </td>
            <td>
              <YesNo value={role.payouts} />
            </td>
            <td>
              <YesNo value={role.apiKeys} />
            </td>
            <td>
              <YesNo value={role.team} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** A status list as inline code: `open`, `paid`, `void` and `expired`. */
export function Statuses({of}: {of: 'checkout' | 'paymentLinks' | 'paymentRequests'}): ReactNode {
  const statuses = facts[of].statuses;
  return (
    <>
      {statuses.map((status, index) => (
        <span key={status}>
          {index > 0 && (index === statuses.length - 1 ? ' and ' : ', ')}
          <code>{status}</code>
        </span>
      ))}
    </>
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

/** The public documents behind one or more rule groups of `facts.philippineRules`, with the day each was checked. */
export function PublicSources({rules}: {rules: readonly (keyof typeof facts.philippineRules)[]}): ReactNode {
  const names = [...new Set(rules.flatMap((rule): readonly PublicSourceName[] => facts.philippineRules[rule].sources))];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Published by</th>
          <th scope="col">Dated</th>
          <th scope="col">Checked</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const source = publicSources[name];
          return (
            <tr key={name}>
              <th scope="row">
                <a href={source.url}>{source.title}</a>
              </th>
              <td>{source.publisher}</td>
              <td>{formatDate(source.published)}</td>
              <td>{formatDate(source.checkedOn)}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
