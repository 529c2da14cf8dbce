/**
 * Which lanes a pull request runs (lanes.ts), for the CI workflow and for a contributor:
 *
 *   npx tsx scripts/ci/select-lanes.ts origin/main   the lanes of what changed since origin/main
 *   npx tsx scripts/ci/select-lanes.ts --all         every lane (main, the `full` label)
 *
 * It prints the lanes and the pages to crawl; under GitHub Actions it also writes them as the
 * step's outputs `lanes` (a JSON list of {name, script, shard}, one per machine) and `pages` (comma-separated sources).
 */
import {execFileSync} from 'node:child_process';
import {appendFileSync} from 'node:fs';
import {changedPageSources, everyLane, laneJobs, lanes, lanesFor, type LaneName} from './lanes';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: select-lanes.ts <base ref> | --all');
  process.exit(2);
}
const changed =
  target === '--all'
    ? undefined
    : execFileSync('git', ['diff', '--name-only', `${target}...HEAD`], {encoding: 'utf8'})
        .split('\n')
        .filter(Boolean);
const selected: LaneName[] = changed ? lanesFor(changed) : everyLane();
const pages = changed ? changedPageSources(changed) : [];

for (const name of selected) {
  const machines = lanes[name].shards ? ` (on ${lanes[name].shards} machines)` : '';
  console.log(`${name.padEnd(9)} npm run ${lanes[name].script}   ${lanes[name].holds}${machines}`);
}
if (pages.length > 0) console.log(`pages lane crawls: ${pages.join(', ')}`);
if (process.env.GITHUB_OUTPUT) {
  const list = JSON.stringify(laneJobs(selected));
  appendFileSync(process.env.GITHUB_OUTPUT, `lanes=${list}\npages=${pages.join(',')}\n`);
}
