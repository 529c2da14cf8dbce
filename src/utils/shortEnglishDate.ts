const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A date as English Intl.DateTimeFormat writes it with `{day: 'numeric', month: 'short', year: 'numeric',
 * timeZone: 'UTC'}`: "Nov 26, 2026". Written out because a page's first Intl.DateTimeFormat loads the
 * locale's data, a pause a phone notices (src/theme/LastUpdated); tests/unit/last-updated.test.ts
 * holds it to Intl's output.
 */
export function shortEnglishDate(date: Date): string {
  return `${monthsShort[date.getUTCMonth()] ?? ''} ${String(date.getUTCDate())}, ${String(date.getUTCFullYear())}`;
}
