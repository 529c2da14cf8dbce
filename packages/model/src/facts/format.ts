/** How a fact is written in prose: amounts, counts, fees, dates (re-exported by ../facts.ts). */
import type {Fee, PaymentMethod, Range} from './paymentMethods';
import {facts} from './values';

const EN_DASH = '–';

/**
 * 1234567.5 → "1,234,567.50". Written out rather than `toLocaleString`: the
 * first `Intl` number format on a page loads the browser's locale data, a
 * cost at start-up for amounts whose format never changes. Amounts are whole minor units divided by 100, so `toFixed`
 * rounds them exactly.
 */
function groupThousands(value: number, fractionDigits: number): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** 1500 → "PHP 15.00"; 50000000 → "PHP 500,000.00". */
export function formatPeso(minor: number): string {
  return `PHP ${groupThousands(minor / 100, 2)}`;
}

/** 100 → "USD 1.00". */
export function formatUsd(minor: number): string {
  return `USD ${groupThousands(minor / 100, 2)}`;
}

/** 3.5 → "3.5%"; 2 → "2%". */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** formatCount(3, 'business day') → "3 business days"; a range → "2–3 business days". */
export function formatCount(value: number | Range, unit: string): string {
  if (typeof value === 'number') {
    return `${value} ${plural(value, unit)}`;
  }
  return `${value.min}${EN_DASH}${value.max} ${plural(value.max, unit)}`;
}

export const formatBusinessDays = (value: number | Range): string => formatCount(value, 'business day');
export const formatCalendarDays = (value: number | Range): string => formatCount(value, 'calendar day');
export const formatDays = (value: number | Range): string => formatCount(value, 'day');
export const formatHours = (value: number | Range): string => formatCount(value, 'hour');
export const formatMinutes = (value: number | Range): string => formatCount(value, 'minute');
export const formatSeconds = (value: number | Range): string => formatCount(value, 'second');

/** 1 → "T+1"; the payout delay in business days after the cut-off. */
export function formatTPlus(businessDays: number): string {
  return `T+${businessDays}`;
}

/** "15:00" → "3:00 PM". */
export function formatTime24h(time: string): string {
  const [hourText = '0', minute = '00'] = time.split(':');
  const hour = Number(hourText);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minute} ${suffix}`;
}

/** {percent: 3.5, fixedMinor: 1500} → "3.5% + PHP 15.00". */
export function formatFee(fee: Fee): string {
  let text = formatPercent(fee.percent);
  if (fee.fixedMinor !== undefined) {
    text += ` + ${formatPeso(fee.fixedMinor)}`;
  }
  if (fee.minimumMinor !== undefined) {
    text += `, minimum ${formatPeso(fee.minimumMinor)}`;
  }
  return text;
}

/** Minutes as the larger unit when whole: 1440 → "24 hours", 30 → "30 minutes". */
export function formatDuration(minutes: number): string {
  return minutes % 60 === 0 ? formatHours(minutes / 60) : formatMinutes(minutes);
}

/** A peso amount, or "Free" when it is zero. */
export function formatPesoOrFree(minor: number): string {
  return minor === 0 ? 'Free' : formatPeso(minor);
}

export function methodsWhere(predicate: (method: PaymentMethod) => boolean): PaymentMethod[] {
  return facts.paymentMethodOrder.map((type) => facts.paymentMethods[type]).filter(predicate);
}

export function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names.join('');
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2024-01-11" → "11 January 2024"; "2024-08" → "August 2024"; anything else as it is ("2025", "undated"). */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  const monthName = month === undefined ? undefined : MONTHS[Number(month) - 1];
  if (year === undefined || monthName === undefined) return date;
  return day === undefined ? `${monthName} ${year}` : `${Number(day)} ${monthName} ${year}`;
}
