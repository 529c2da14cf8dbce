/** The facts about payment methods: what each takes and can do, and the statuses of the no-code products. */
import type {ReactNode} from 'react';
import {facts, formatDays, formatMinutes, formatPeso, formatTPlus, formatUsd, type PaymentMethod} from '@zip/model/facts';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {CellNote, YesNo, allMethods} from './shared';
import styles from './styles.module.css';

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
