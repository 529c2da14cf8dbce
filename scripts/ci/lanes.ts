/**
 * CI lanes: which parts of `npm test` a pull request needs, from the paths it touches. A lane is
 * an npm script that runs on a machine of its own, so a change waits for the slowest lane it
 * touches, not for the sum of all of them. `npm test` (main, releases, `.ci/run`) runs every lane.
 *
 * A path no lane claims runs every lane: a new folder is tested in full until it is placed here.
 */

export type LaneName = 'lint' | 'unit' | 'pages' | 'site' | 'crawl' | 'samples' | 'examples' | 'perf';

export interface Lane {
  /** The npm script the lane runs. */
  readonly script: string;
  /** What a writer reads in CONTRIBUTING: what the lane holds. */
  readonly holds: string;
  /** Machines the lane's browser tests are split over, each running its part (Playwright's shards). */
  readonly shards?: number;
}

/** One machine of a lane, as the workflow's matrix runs it: `shard` is Playwright's `1/2`, or empty. */
export interface LaneJob {
  readonly name: LaneName;
  readonly script: string;
  readonly shard: string;
}

export const lanes: Record<LaneName, Lane> = {
  lint: {
    script: 'test:static',
    holds: 'the static checks: specs, types, lint, format, Markdown, spelling, content, samples against the specs',
  },
  unit: {script: 'test:unit', holds: 'the unit tests'},
  pages: {script: 'test:pages', holds: 'the checked build, and the crawl (console, links, axe, twin) of the pages the change touches'},
  site: {
    script: 'test:site',
    holds: 'the checked build and the browser tests of the site and its delivery, the crawl apart',
    shards: 2,
  },
  // Every page, over two machines; the workflow's crawl-anchors job checks the anchor links of both machines' records.
  crawl: {
    script: 'test:crawl',
    holds: 'the checked build and the crawl (console, links, axe, twin) of every page, then its anchor links',
    shards: 2,
  },
  samples: {script: 'test:samples', holds: "the pages' and endpoints' code samples and the Postman collection against the test mode"},
  examples: {script: 'test:examples', holds: 'the test mode and the reference integrations through the fault scenarios'},
  perf: {script: 'test:perf', holds: 'the first-paint and weight tests, the dev server and the MCP load test'},
};

/** A page's source, written by a writer: its own lane, with the checks every change gets. */
const pageSource = /^(docs|guides|api)\/.+\.mdx?$|^diagrams\/[^/]+\.svg$|^cspell\/[^/]+\.txt$/;

/** Where a path belongs, first match wins. */
const claims: readonly (readonly [RegExp, readonly LaneName[]])[] = [
  [pageSource, ['pages', 'samples']],
  [/^packages\/model\//, ['site', 'crawl', 'samples', 'examples', 'perf']],
  [/^packages\/test-mode\//, ['examples', 'samples']],
  [/^packages\/integrations\//, ['examples', 'pages']],
  [/^openapi\//, ['site', 'crawl', 'samples', 'examples']],
  [/^scripts\/run-samples/, ['samples']],
  [/^(packages\/perf\/|tests\/e2e\/(first-paint|weight|dev-server)\.test\.ts$)/, ['perf']],
  [/^(packages\/docs-mcp|functions)\//, ['site', 'perf']],
  [/^(src|plugins|static|patches|tests\/e2e|tests\/support)\//, ['site', 'crawl', 'perf']],
  [/^(docusaurus\.config\.ts|sidebars[^/]*\.ts|playwright\.config\.ts)$/, ['site', 'crawl', 'perf']],
  [/^tests\/unit\//, []],
  [/^(scripts\/ci\/|\.github\/|\.ci\/)/, []],
  [/^[^/]+\.md$/, []],
];

/** Every lane but lint and unit runs its own script; those two run for every change. */
const everyChange: readonly LaneName[] = ['lint', 'unit'];
const allLanes = Object.keys(lanes) as LaneName[];

/** The crawl of every page stands for the pages lane, which crawls a few of them: one is enough. */
const withoutPagesWhenCrawled = (needed: ReadonlySet<LaneName>): LaneName[] =>
  allLanes.filter((lane) => needed.has(lane) && !(lane === 'pages' && needed.has('crawl')));

/** Every lane a full run needs (main, the `full` label). */
export const everyLane = (): LaneName[] => withoutPagesWhenCrawled(new Set(allLanes));

/** The lanes a change to these paths needs. */
export function lanesFor(changed: readonly string[]): LaneName[] {
  const needed = new Set<LaneName>(everyChange);
  for (const path of changed) {
    const claim = claims.find(([pattern]) => pattern.test(path));
    for (const lane of claim ? claim[1] : allLanes) needed.add(lane);
  }
  return withoutPagesWhenCrawled(needed);
}

/** The page sources among the changed paths, which the pages lane crawls. */
export const changedPageSources = (changed: readonly string[]): string[] =>
  changed.filter((path) => /^(docs|guides|api)\/.+\.mdx?$/.test(path));

/** The machines these lanes run on: one per lane, or one per shard. */
export const laneJobs = (selected: readonly LaneName[]): LaneJob[] =>
  selected.flatMap((name) => {
    const {script, shards = 1} = lanes[name];
    if (shards === 1) return [{name, script, shard: ''}];
    return Array.from({length: shards}, (_, index) => ({name, script, shard: `${index + 1}/${shards}`}));
  });
