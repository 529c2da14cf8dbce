/**
 * Zip's business facts: the one source for every number and rule the help
 * centre states. Pages never type these values; they render them with the
 * components in `src/components/Facts`, and `scripts/check-content.ts` fails
 * any page that states one of them as literal text.
 *
 * Naming conventions (the content check relies on them to know how a value
 * is written in prose, so follow them when you add a fact):
 *
 * | key ends with        | value                        | written as                 |
 * | -------------------- | ---------------------------- | -------------------------- |
 * | `Minor`              | PHP amount in centavos       | PHP 15.00                  |
 * | `UsdMinor`           | USD amount in cents          | USD 1.00                   |
 * | `Percent`, `percent` | percentage                   | 3.5%                       |
 * | `TPlusBusinessDays`  | payout delay after cut-off   | T+1 business day           |
 * | `BusinessDays`       | count or {min, max}          | 2–3 business days          |
 * | `CalendarDays`       | count or {min, max}          | 7 calendar days            |
 * | `Days`               | count or {min, max}          | 180 days                   |
 * | `Hours`, `Minutes`   | count or {min, max}          | 24 hours, 30 minutes       |
 * | `Seconds`            | count                        | 10 seconds                 |
 * | `Times`              | count                        | 5 times                    |
 * | `PerSecond`          | API requests per second      | 100 requests per second    |
 * | `Time24h`            | clock time, "HH:MM"          | 3:00 PM                    |
 * | `Level`, `Version`   | standard level or version    | Level 1, 1.2               |
 *
 * Any other numeric key is rejected by the content check.
 */
export * from './facts/paymentMethods';
export * from './facts/publicSources';
export * from './facts/values';
export * from './facts/format';
export * from './facts/factText';
