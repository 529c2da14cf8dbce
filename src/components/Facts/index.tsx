/**
 * Components that print Zip's business facts into help pages. Every number
 * comes from `packages/model/src/facts.ts`; pages never type one.
 *
 *   import {Fact, FeeTable} from '@site/src/components/Facts';
 *   Domestic cards cost <Fact name="fees.card.domestic" />.
 */
import type {ReactNode} from 'react';
import {factText, listNames, methodsWhere, type FactName, type PaymentMethod} from '@zip/model/facts';

/** One formatted fact, inline: `<Fact name="payouts.cutoff" />` → "3:00 PM PHT". */
export function Fact({name}: {name: FactName}): ReactNode {
  return <>{factText[name]}</>;
}

/** The payment methods as a sentence: "Cards, GCash, Maya, … and UnionBank online banking". */
export function MethodNames({kind}: {kind?: PaymentMethod['kind']}): ReactNode {
  const names = methodsWhere((method) => kind === undefined || method.kind === kind).map((method) => method.name);
  return <>{listNames(names)}</>;
}

export {
  CurrencyTable,
  FeeExample,
  FeeTable,
  OtherFeesTable,
  PayoutRailTable,
  PayoutScheduleTable,
  RefundTable,
  WithholdingExample,
} from './money';
export {MethodCapabilitiesTable, PaymentMethodsTable, Statuses} from './methods';
export {ActivationDocuments, BusinessCategories, BusinessTypesTable, PublicSources, RolesTable} from './business';
