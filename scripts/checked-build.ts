/**
 * The production build, held at zero broken links, broken anchors, broken
 * Markdown links and duplicate routes: it sets `ZIP_STRICT_BUILD=true`, under
 * which docusaurus.config.ts turns Docusaurus's own `onBroken…` settings from
 * 'warn' (the product's setting) to 'throw', so Docusaurus fails the build and
 * names each page and link itself.
 *
 *   npx tsx scripts/checked-build.ts [--test]
 *
 * --test builds the test build the end-to-end tests run against: the crash
 * test page and test analytics ids are switched on (see .env.example).
 */
import {spawn} from 'node:child_process';

const testBuildEnv: Readonly<Record<string, string>> = {
  ZIP_CRASH_TEST: 'true',
  ZIP_GTAG_ID: 'G-TESTANALYTICS',
  ZIP_METRICS_ID: 'G-TESTMETRICS',
  // The explorer's Send goes to the local test mode the end-to-end tests start, on ZIP_TEST_MODE_PORT.
  ZIP_API_PROXY: `http://127.0.0.1:${process.env.ZIP_TEST_MODE_PORT ?? 4011}`,
};

const isTestBuild = process.argv.includes('--test');
const child = spawn('npx', ['docusaurus', 'build'], {
  env: {...process.env, ZIP_STRICT_BUILD: 'true', ...(isTestBuild ? testBuildEnv : {})},
  stdio: 'inherit',
});
child.on('close', (code) => {
  if (code === 0) {
    console.log(`\nNo broken links, broken anchors or duplicate routes${isTestBuild ? ' (test build)' : ''}.`);
  } else {
    console.error(`\nThe build failed (exit code ${code ?? 'none'}); Docusaurus names the page and link above.`);
  }
  process.exit(code ?? 1);
});
