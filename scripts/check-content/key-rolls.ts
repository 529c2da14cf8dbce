/**
 * A key or secret rolled after a leak, or when someone leaves, is rolled with no overlap. The
 * dashboard's Roll key dialog offers an overlap unless the reader changes it, and during an
 * overlap the old secret key still takes and refunds payments (an old webhook secret still signs
 * forged events), so a page that says only "roll the key" there leaves the money open to whoever
 * holds the old one.
 *
 * A line of prose that tells the reader to roll a key or secret, in a section (or a line) about a
 * leak, an exposure or someone leaving, must say "no overlap" (or `expire_previous_in_hours` `0`,
 * the API's way of saying it) on the same line.
 */
import type {Page, Problem} from '../lib/pages';

const ROLL = /\broll(?:s|ed|ing)?\b/i;
const KEY_OR_SECRET = /\b(?:keys?|secrets?)\b/i;
const AT_RISK = /\bleav(?:e|es|ing)\b|\bleft\b|\bleak|\bexpos|\bcompromis|\bmisuse|\bstolen\b|someone else has access/i;
const NO_OVERLAP = /\bno overlap\b|\bwithout (?:an )?overlap\b|`expire_previous_in_hours`[^.]*`0`/i;

/** The text of the nearest heading above each line (any depth), or '' before the first. */
function headingAbove(page: Page): (line: number) => string {
  return (line) => page.headings.filter((heading) => heading.line < line).at(-1)?.text ?? '';
}

/** The problems of one page: a roll at risk that does not say it is made with no overlap. */
export function checkKeyRolls(page: Page): Problem[] {
  if (!page.parsed) return [];
  const heading = headingAbove(page);
  const problems: Problem[] = [];
  for (const {line, text} of page.prose) {
    if (!ROLL.test(text) || !KEY_OR_SECRET.test(text)) continue;
    if (!AT_RISK.test(text) && !AT_RISK.test(heading(line))) continue;
    if (NO_OVERLAP.test(page.lines[line - 1] ?? '')) continue;
    problems.push({
      file: page.file,
      line,
      reason:
        'a key or secret rolled after a leak or when someone leaves must be rolled with no overlap: say "no overlap" on this line (the Roll key dialog offers an overlap, during which the old one still works)',
    });
  }
  return problems;
}
