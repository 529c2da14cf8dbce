/**
 * Lints every OpenAPI spec of the API reference (packages/model/src/apiReference.ts)
 * with Redocly CLI and redocly.yaml (`recommended-strict`: every warning is an
 * error, plus "every example is valid against its schema"). Redocly's own
 * exit code is the result; its report names file, line, column and rule.
 *
 *   npx tsx scripts/lint-specs.ts
 */
import {spawnSync} from 'node:child_process';
import {sourceSpecs} from '@zip/model/apiReference';

const run = spawnSync('npx', ['redocly', 'lint', '--config', 'redocly.yaml', ...sourceSpecs], {stdio: 'inherit'});
if (run.status !== 0) {
  console.error(`\nlint-specs: Redocly found problems in the specs (exit code ${run.status ?? 'none'}); each must be fixed.`);
  process.exit(1);
}
console.log(`lint-specs: ${sourceSpecs.length} specs lint clean.`);
