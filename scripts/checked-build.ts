/**
 * Runs the production build and fails when its log reports a broken link, a
 * broken anchor or a duplicate route. The site config keeps those at 'warn'
 * (the product's setting); this check holds the site at zero of each.
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
  // The explorer's Send goes to the local sandbox the end-to-end tests start.
  ZIP_API_PROXY: 'http://127.0.0.1:4010',
};

/** Log sections Docusaurus prints for each problem, with what to call it. */
const problemHeadings: readonly {pattern: RegExp; name: string}[] = [
  {pattern: /Docusaurus found broken links/i, name: 'broken links'},
  {pattern: /Docusaurus found broken anchors/i, name: 'broken anchors'},
  {pattern: /Duplicate routes found/i, name: 'duplicate routes'},
  {pattern: /Markdown link with URL .* couldn't be resolved/i, name: 'broken Markdown links'},
  {pattern: /Markdown image with URL .* couldn't be resolved/i, name: 'broken Markdown images'},
];

export function findBuildProblems(log: string): string[] {
  const lines = log.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    for (const heading of problemHeadings) {
      if (heading.pattern.test(line)) {
        const details = lines
          .slice(index + 1)
          .filter((detail) => /^\s*(-|->)/.test(detail))
          .slice(0, 40);
        problems.push(`${heading.name}: ${line.trim()}\n${details.join('\n')}`);
      }
    }
  });
  return problems;
}

async function main(): Promise<void> {
  const isTestBuild = process.argv.includes('--test');
  const env = {...process.env, ...(isTestBuild ? testBuildEnv : {})};
  let log = '';
  const exitCode = await new Promise<number>((resolveExit) => {
    const child = spawn('npx', ['docusaurus', 'build'], {env, stdio: ['ignore', 'pipe', 'pipe']});
    const collect = (chunk: Buffer, write: (text: string) => void) => {
      const text = chunk.toString();
      log += text;
      write(text);
    };
    child.stdout.on('data', (chunk: Buffer) => collect(chunk, (text) => process.stdout.write(text)));
    child.stderr.on('data', (chunk: Buffer) => collect(chunk, (text) => process.stderr.write(text)));
    child.on('close', (code) => resolveExit(code ?? 1));
  });
  if (exitCode !== 0) {
    console.error(`\nThe build failed (exit code ${exitCode}).`);
    process.exit(exitCode);
  }
  const problems = findBuildProblems(log);
  if (problems.length > 0) {
    console.error(`\nThe build reported ${problems.length} problem(s) that must be fixed:\n`);
    for (const problem of problems) console.error(`${problem}\n`);
    process.exit(1);
  }
  console.log(`\nBuild log clean: no broken links, broken anchors or duplicate routes${isTestBuild ? ' (test build)' : ''}.`);
}

if (process.argv[1]?.endsWith('checked-build.ts')) {
  void main();
}
