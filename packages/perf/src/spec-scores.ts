/**
 * Redocly's `score` of each OpenAPI spec (its Agent Readiness figure, 0–100,
 * and the ten subscores behind it), for the benchmark's report and for a
 * check against a floor. Static analysis of the spec files: no network, no
 * model, the same figures on every machine.
 *
 *   npx tsx packages/perf/src/spec-scores.ts            the table (npm run score:specs)
 *   npx tsx packages/perf/src/spec-scores.ts --min 90   fails, naming the spec, below 90
 *
 * What the subscores below 50 mean, and why the specs keep them, is in
 * openapi/README.md ("Redocly's score").
 */
import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import {sourceSpecs} from '@zip/model/apiReference';

/** The figure every spec is held to (issue 61). */
export const minimumAgentReadiness = 90;

/** The subscores in Redocly's order, with its labels. */
export const subscoreLabels = {
  parameterSimplicity: 'Parameter Simplicity',
  schemaSimplicity: 'Schema Simplicity',
  documentationQuality: 'Documentation Quality',
  constraintClarity: 'Constraint Clarity',
  exampleCoverage: 'Example Coverage',
  errorClarity: 'Error Clarity',
  dependencyClarity: 'Dependency Clarity',
  identifierClarity: 'Identifier Clarity',
  polymorphismClarity: 'Polymorphism Clarity',
} as const;

export type Subscore = keyof typeof subscoreLabels;

export interface SpecScore {
  readonly spec: string;
  /** 0–100, one decimal. */
  readonly agentReadiness: number;
  /** Each subscore in percent, and Discoverability. */
  readonly subscores: Readonly<Record<Subscore | 'discoverability', number>>;
  readonly operations: number;
  /** Operations that take a request body, and of those, how many show a request example. */
  readonly requestBodies: number;
  readonly requestExamples: number;
  /** Redocly's hotspots: each operation with its score and the reasons. */
  readonly hotspots: readonly {operation: string; agentReadiness: number; reasons: readonly string[]}[];
}

interface RedoclyScore {
  agentReadiness: number;
  discoverability: number;
  subscores: Record<Subscore, number>;
  rawMetrics: {operationCount: number; operations: Record<string, {requestBodyPresent: boolean; requestExamplePresent: boolean}>};
  hotspots: {method: string; path: string; operationId?: string; agentReadinessScore: number; reasons: string[]}[];
}

const redocly = join('node_modules', '.bin', 'redocly');

/** Scores one spec file with the installed Redocly CLI; an error names the file and Redocly's own message. */
export function scoreSpec(spec: string): SpecScore {
  const run = spawnSync(redocly, ['score', spec, '--format', 'json', '--lint-config', 'off'], {encoding: 'utf8', maxBuffer: 64 << 20});
  const start = run.stdout.indexOf('{');
  if (run.status !== 0 || start === -1) {
    throw new Error(`redocly score ${spec} failed (exit code ${run.status ?? 'none'}): ${run.stderr.trim() || run.stdout.trim()}`);
  }
  const score = JSON.parse(run.stdout.slice(start)) as RedoclyScore;
  const operations = Object.values(score.rawMetrics.operations);
  const percent = (value: number): number => Math.round(value * 100);
  return {
    spec,
    agentReadiness: score.agentReadiness,
    subscores: {
      ...(Object.fromEntries(Object.keys(subscoreLabels).map((key) => [key, percent(score.subscores[key as Subscore])])) as Record<
        Subscore,
        number
      >),
      discoverability: score.discoverability,
    },
    operations: score.rawMetrics.operationCount,
    requestBodies: operations.filter((operation) => operation.requestBodyPresent).length,
    requestExamples: operations.filter((operation) => operation.requestBodyPresent && operation.requestExamplePresent).length,
    hotspots: score.hotspots.map((hotspot) => ({
      operation: hotspot.operationId ?? `${hotspot.method.toUpperCase()} ${hotspot.path}`,
      agentReadiness: hotspot.agentReadinessScore,
      reasons: hotspot.reasons,
    })),
  };
}

/** Every spec of the API reference (packages/model/src/apiReference.ts), scored. */
export function scoreSpecs(specs: readonly string[] = sourceSpecs): SpecScore[] {
  return specs.map(scoreSpec);
}

/** One line per spec below the floor, or an operation with a body and no request example. */
export function scoreProblems(scores: readonly SpecScore[], minimum = minimumAgentReadiness): string[] {
  return scores.flatMap((score) => [
    ...(score.agentReadiness < minimum
      ? [
          `${score.spec}: Agent Readiness ${score.agentReadiness}, below ${minimum}; lowest subscores: ${lowestSubscores(score)}; first hotspot: ${score.hotspots[0]?.operation ?? 'none'} (${score.hotspots[0]?.reasons.join('; ') ?? ''})`,
        ]
      : []),
    ...(score.requestExamples < score.requestBodies
      ? [`${score.spec}: ${score.requestBodies - score.requestExamples} operation(s) with a request body show no request example`]
      : []),
  ]);
}

function lowestSubscores(score: SpecScore): string {
  return (Object.keys(subscoreLabels) as Subscore[])
    .filter((key) => score.subscores[key] < 50)
    .map((key) => `${subscoreLabels[key]} ${score.subscores[key]}%`)
    .join(', ');
}

/** The table the benchmark prints: one row per spec, the score and every subscore. */
export function formatScores(scores: readonly SpecScore[]): string {
  const columns = [...Object.values(subscoreLabels), 'Discoverability'];
  const header = ['Spec', 'Agent Readiness', ...columns, 'Request examples'];
  const rows = scores.map((score) => [
    score.spec,
    score.agentReadiness.toFixed(1),
    ...[...(Object.keys(subscoreLabels) as Subscore[]), 'discoverability' as const].map((key) => `${score.subscores[key]}%`),
    `${score.requestExamples}/${score.requestBodies}`,
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

function main(argv: readonly string[]): number {
  const minimumAt = argv.indexOf('--min');
  const minimum = minimumAt === -1 ? undefined : Number(argv[minimumAt + 1]);
  if (minimum !== undefined && !Number.isFinite(minimum)) throw new Error(`--min takes a number, got "${argv[minimumAt + 1]}".`);
  const scores = scoreSpecs();
  console.log(formatScores(scores));
  if (minimum === undefined) return 0;
  const problems = scoreProblems(scores, minimum);
  problems.forEach((problem) => console.error(problem));
  return problems.length > 0 ? 1 : 0;
}

if (process.argv[1]?.endsWith('spec-scores.ts')) process.exit(main(process.argv.slice(2)));
