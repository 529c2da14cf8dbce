/**
 * Holds the API changelog (packages/model/src/apiChangelog.ts) against the specs: every
 * operation that changed between the published snapshot (openapi/published/)
 * and openapi/ must be named by an entry added since that publication, and a
 * breaking change by one that says `breaking: true` (scripts/api-changelog/).
 *
 *   npx tsx scripts/check-changelog.ts            the check (npm run check:changelog)
 *   npx tsx scripts/check-changelog.ts --publish  copies openapi/*.yaml into the snapshot (npm run changelog:publish)
 *
 * Publishing refuses while an entry is unreleased: date it first.
 */
import {apiChangelog, unreleased} from '@zip/model/apiChangelog';
import {changelogFile, changelogProblems, entryName} from './api-changelog/check';
import {publishedEntryCount, publishedSpecsFolder, publishSpecs, specVersions} from './api-changelog/specs';

function main(argv: readonly string[]): number {
  const root = process.cwd();
  const problems = changelogProblems(apiChangelog, specVersions(root), publishedEntryCount(root));
  if (argv.includes('--publish')) {
    const undated = apiChangelog.flatMap((entry, index) => (entry.date === unreleased ? [entryName(entry, index)] : []));
    if (undated.length > 0) {
      console.error(`changelog:publish: give ${undated.join(', ')} of ${changelogFile} the day of publication (YYYY-MM-DD) first.`);
      return 1;
    }
    if (problems.length > 0) {
      problems.forEach((problem) => console.error(problem));
      console.error(`changelog:publish: the changelog does not record every change yet; nothing published.`);
      return 1;
    }
    const written = publishSpecs(root, apiChangelog.length);
    console.log(`changelog:publish: ${written.length} specs copied to ${publishedSpecsFolder}/; commit them with the changelog.`);
    return 0;
  }
  problems.forEach((problem) => console.error(problem));
  if (problems.length > 0) {
    console.error(`\ncheck-changelog: ${problems.length} problem(s). CONTRIBUTING.md says how to record a change to the API.`);
    return 1;
  }
  console.log(`check-changelog: every change since ${publishedSpecsFolder}/ is in ${changelogFile}.`);
  return 0;
}

process.exit(main(process.argv.slice(2)));
