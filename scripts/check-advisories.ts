/**
 * Fails on a high or critical advisory in what ships, from package-lock.json
 * and the repository's advisory list, without asking the registry
 * (scripts/advisories/check.ts says what ships).
 *
 *   npx tsx scripts/check-advisories.ts   (npm run check:advisories)
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describeFinding, findings, lockedPackages, readAdvisoryList} from './advisories/check';

const listFile = join('scripts', 'advisories', 'advisories.json');

function main(): number {
  const list = readAdvisoryList(listFile);
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Parameters<typeof lockedPackages>[0];
  const installed = lockedPackages(lock, Object.keys(list.shipsFromDevelopment));
  const found = findings(installed, list.advisories);
  found.forEach((finding) => console.log(describeFinding(finding)));
  const failing = found.filter((finding) => finding.fails);
  const shipping = installed.filter((copy) => copy.shippedThrough !== undefined).length;
  const summary = `${installed.length} packages in package-lock.json (${shipping} ship), ${list.advisories.length} advisories of ${listFile} as of ${list.checkedOn}`;
  if (failing.length > 0) {
    console.error(
      `\ncheck-advisories: ${failing.length} high or critical advisory(ies) in what ships; ${summary}. Upgrade each to its fixed version (an "overrides" entry in package.json for a transitive one).`,
    );
    return 1;
  }
  console.log(`check-advisories: no high or critical advisory in what ships; ${summary}.`);
  return 0;
}

process.exit(main());
