/**
 * Lints the four OpenAPI specs with Redocly CLI (redocly.yaml: `recommended`
 * plus "every example is valid against its schema") and fails on any error or
 * warning; Redocly itself exits 0 on warnings.
 *
 *   npx tsx scripts/lint-specs.ts
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';

interface LintReport {
  totals: {errors: number; warnings: number};
}

const config = yaml.load(readFileSync('redocly.yaml', 'utf8')) as {apis?: Record<string, unknown>};
const apiNames = Object.keys(config.apis ?? {});
if (apiNames.length === 0) {
  console.error('redocly.yaml lists no APIs under `apis`.');
  process.exit(1);
}

// Human-readable report first: file, line, column, rule and a code frame.
const readable = spawnSync('npx', ['redocly', 'lint', '--config', 'redocly.yaml'], {stdio: 'inherit'});

let errors = 0;
let warnings = 0;
for (const name of apiNames) {
  const run = spawnSync('npx', ['redocly', 'lint', name, '--config', 'redocly.yaml', '--format=json'], {
    encoding: 'utf8',
  });
  const jsonStart = run.stdout.indexOf('{');
  if (jsonStart < 0) {
    console.error(`Redocly printed no report for API "${name}":\n${run.stderr}`);
    process.exit(1);
  }
  const report = JSON.parse(run.stdout.slice(jsonStart)) as LintReport;
  errors += report.totals.errors;
  warnings += report.totals.warnings;
}

if (readable.status !== 0 || errors > 0 || warnings > 0) {
  console.error(`\nlint-specs: ${errors} error(s) and ${warnings} warning(s) in ${apiNames.length} specs; both must be zero.`);
  process.exit(1);
}
console.log(`lint-specs: ${apiNames.length} specs lint clean (0 errors, 0 warnings).`);
