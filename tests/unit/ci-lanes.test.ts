/**
 * The CI lanes a change runs (scripts/ci/lanes.ts): a page fix runs the cheap lanes and the crawl
 * of its pages, code runs what it can break, and a path no lane claims runs everything.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {changedPageSources, everyLane, laneJobs, lanes, lanesFor} from '../../scripts/ci/lanes';

describe('CI lanes', () => {
  it('a change to one MDX page runs lint, unit, its pages and the samples, not the site, examples or perf', () => {
    assert.deepEqual(lanesFor(['guides/tutorials/refund-payment.mdx']), ['lint', 'unit', 'pages', 'samples']);
    assert.deepEqual(changedPageSources(['guides/tutorials/refund-payment.mdx', 'src/css/custom.css']), [
      'guides/tutorials/refund-payment.mdx',
    ]);
  });

  it('a change to the test mode runs the fault scenarios and the samples', () => {
    assert.deepEqual(lanesFor(['packages/test-mode/src/server.ts']), ['lint', 'unit', 'samples', 'examples']);
  });

  it('a change to a reference integration runs the fault scenarios and the pages that show its regions', () => {
    assert.deepEqual(lanesFor(['packages/integrations/node/orders.mjs']), ['lint', 'unit', 'pages', 'examples']);
  });

  it('a change to the performance lab runs the perf lane', () => {
    assert.deepEqual(lanesFor(['packages/perf/src/phone.ts']), ['lint', 'unit', 'perf']);
  });

  it('a change to the shared model runs every lane that reads it', () => {
    assert.deepEqual(lanesFor(['packages/model/src/facts/values.ts']), ['lint', 'unit', 'site', 'crawl', 'samples', 'examples', 'perf']);
  });

  it('a change to the docs MCP server runs the site and perf lanes, which hold its tests', () => {
    assert.deepEqual(lanesFor(['packages/docs-mcp/src/server.ts']), ['lint', 'unit', 'site', 'perf']);
  });

  it('a spec change runs the site, the samples and the fault scenarios', () => {
    assert.deepEqual(lanesFor(['openapi/payments.yaml']), ['lint', 'unit', 'site', 'crawl', 'samples', 'examples']);
  });

  it('a theme change runs the whole site and the crawl of every page, instead of the pages lane', () => {
    assert.deepEqual(lanesFor(['docs/help/index.mdx', 'src/theme/TOC/index.tsx']), ['lint', 'unit', 'site', 'crawl', 'samples', 'perf']);
  });

  it('a path no lane claims runs every lane', () => {
    assert.deepEqual(lanesFor(['somewhere-new/file.ts']), everyLane());
    assert.deepEqual(lanesFor(['package-lock.json']), everyLane());
    assert.ok(!everyLane().includes('pages') && everyLane().includes('crawl'));
  });

  it('the site and crawl lanes run on two machines each, each with its part of the browser tests; the others on one', () => {
    assert.deepEqual(laneJobs(['lint', 'site', 'crawl']), [
      {name: 'lint', script: 'test:static', shard: ''},
      {name: 'site', script: 'test:site', shard: '1/2'},
      {name: 'site', script: 'test:site', shard: '2/2'},
      {name: 'crawl', script: 'test:crawl', shard: '1/2'},
      {name: 'crawl', script: 'test:crawl', shard: '2/2'},
    ]);
  });

  it('every lane names an npm script that exists', async () => {
    const {scripts} = (await import('../../package.json', {with: {type: 'json'}})).default as {scripts: Record<string, string>};
    for (const [name, lane] of Object.entries(lanes))
      assert.ok(scripts[lane.script], `lane ${name} runs npm run ${lane.script}, which package.json lacks`);
  });
});
