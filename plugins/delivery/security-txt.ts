/**
 * `/.well-known/security.txt` (RFC 9116): where a researcher who found a
 * weakness writes, and the policy they follow. Written into the build with
 * the site URL, as `robots.txt` is, so `Canonical` and `Policy` name the host
 * the file is served from (`ZIP_SITE_URL`). Served as `text/plain;
 * charset=utf-8` by the policy's `.txt` rule on both hosts.
 *
 * `Expires` is a fixed date that someone moves forward: the RFC asks for less
 * than a year ahead, and a file past it tells a researcher the contact may be
 * stale. `expiryProblem` is the rule the tests hold the served file to, with
 * a margin so the renewal lands before the date, not after it.
 */
import {facts} from '@zip/model/facts';

export const securityTxtPath = '/.well-known/security.txt';

/** When the file stops being valid: midnight in Manila, 1 December 2027. Move it forward (at most a year) when the tests ask. */
export const securityTxtExpires = '2027-11-30T16:00:00.000Z';

/** The tests fail this many days before `Expires`, so a renewal ships before the file expires. */
export const securityTxtRenewalDays = 30;

/** RFC 9116 §2.5.5: "less than a year into the future". */
const maxDaysAhead = 365;

const dayMs = 24 * 60 * 60 * 1000;

/** The section of the site's security page that says how to report, and what not to do while testing. */
export const securityPolicyPath = '/help/security#report-a-vulnerability';

/** The file's text for a site at `siteUrl` + `baseUrl` (RFC 9116 §2.5: one field a line, `Name: value`). */
export function securityTxt(siteUrl: string, baseUrl: string, expires: string = securityTxtExpires): string {
  const root = new URL(baseUrl.replace(/\/?$/, '/'), siteUrl);
  const at = (path: string): string => new URL(path.slice(1), root).href;
  return [
    `Contact: mailto:${facts.company.securityEmail}`,
    `Expires: ${new Date(expires).toISOString()}`,
    `Preferred-Languages: en`,
    `Policy: ${at(securityPolicyPath)}`,
    `Canonical: ${at(securityTxtPath)}`,
    '',
  ].join('\n');
}

/** The fields of a security.txt, name (as written) to values, in order; a line that is neither a comment nor a field is an error naming it. */
export function parseSecurityTxt(text: string, file = securityTxtPath): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const field = /^([A-Za-z-]+):\s*(\S.*)$/.exec(line);
    if (!field?.[1] || field[2] === undefined) throw new Error(`${file}:${index + 1}: "${line}" is not "Field: value".`);
    fields.set(field[1], [...(fields.get(field[1]) ?? []), field[2].trim()]);
  });
  return fields;
}

/**
 * What is wrong with an `Expires` value seen on `today`, or undefined: not a
 * date, already past, due within the renewal margin, or more than a year away.
 */
export function expiryProblem(expires: string | undefined, today: Date): string | undefined {
  const expiry = Date.parse(expires ?? '');
  if (!expires || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(expires) || Number.isNaN(expiry)) {
    return `Expires "${expires ?? '(missing)'}" is not an RFC 3339 date and time.`;
  }
  const daysLeft = (expiry - today.getTime()) / dayMs;
  const where = 'move securityTxtExpires in plugins/delivery/security-txt.ts';
  if (daysLeft <= 0) return `Expires ${expires} is past: ${where} to less than a year ahead.`;
  if (daysLeft < securityTxtRenewalDays) {
    return `Expires ${expires} is ${Math.floor(daysLeft)} day(s) away, within the ${securityTxtRenewalDays}-day renewal margin: ${where}.`;
  }
  if (daysLeft > maxDaysAhead) return `Expires ${expires} is more than ${maxDaysAhead} days away (RFC 9116 §2.5.5): ${where}.`;
  return undefined;
}
