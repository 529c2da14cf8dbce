/**
 * The offline dependency check: every package `package-lock.json` installs,
 * held to the advisories kept in `advisories.json` (the registry's audit
 * endpoint is not reachable from every machine that runs the checks, so the
 * list lives in the repository, with the day it was last compared).
 *
 * What ships is what the lock reaches from the root's `dependencies` (the
 * site's build and its runtime: a build tool such as `serialize-javascript`
 * writes code into the pages), plus the development packages the list names
 * in `shipsFromDevelopment` and what they reach. A high or critical advisory
 * there fails; anything else is reported.
 */
import {readFileSync} from 'node:fs';
import semver from 'semver';

export const severities = ['low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** Severities that fail the check in what ships. */
export const failingSeverities: readonly Severity[] = ['high', 'critical'];

export interface Advisory {
  readonly id: string;
  readonly package: string;
  /** A semver range of the affected versions. */
  readonly vulnerable: string;
  readonly severity: Severity;
  /** The first version without the flaw. */
  readonly fixed: string;
  readonly title: string;
}

export interface AdvisoryList {
  /** The day the list was last compared with the advisory database (YYYY-MM-DD). */
  readonly checkedOn: string;
  readonly source: string;
  /** Development packages whose code reaches what is deployed, each with why. */
  readonly shipsFromDevelopment: Readonly<Record<string, string>>;
  readonly advisories: readonly Advisory[];
}

/** One installed copy of a package, as the lock records it. */
export interface LockedPackage {
  readonly name: string;
  readonly version: string;
  /** Its key in the lock's `packages`: `node_modules/a/node_modules/b`. */
  readonly lockPath: string;
  /** How the root reaches it, `a > b`, when it ships; undefined for development only. */
  readonly shippedThrough: string | undefined;
}

export interface Finding {
  readonly advisory: Advisory;
  readonly installed: LockedPackage;
  /** True when it fails the check: a failing severity in what ships. */
  readonly fails: boolean;
}

interface LockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly link?: boolean;
  readonly resolved?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** Reads and checks the advisory list; a bad entry is an error naming the file and the entry. */
export function readAdvisoryList(file: string): AdvisoryList {
  const list = JSON.parse(readFileSync(file, 'utf8')) as AdvisoryList;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(list.checkedOn ?? '')) throw new Error(`${file}: "checkedOn" must be the list's date, YYYY-MM-DD.`);
  list.advisories.forEach((advisory, index) => {
    const where = `${file}: advisories[${index}] (${advisory.id ?? 'no id'})`;
    for (const field of ['id', 'package', 'vulnerable', 'severity', 'fixed', 'title'] as const) {
      if (typeof advisory[field] !== 'string' || advisory[field] === '') throw new Error(`${where}: "${field}" is missing.`);
    }
    if (!severities.includes(advisory.severity))
      throw new Error(`${where}: severity "${advisory.severity}" is not one of ${severities.join(', ')}.`);
    if (semver.validRange(advisory.vulnerable) === null) throw new Error(`${where}: "${advisory.vulnerable}" is not a semver range.`);
    if (semver.valid(advisory.fixed) === null) throw new Error(`${where}: fixed "${advisory.fixed}" is not a version.`);
    if (semver.satisfies(advisory.fixed, advisory.vulnerable)) {
      throw new Error(`${where}: the fixed version ${advisory.fixed} is inside the vulnerable range ${advisory.vulnerable}.`);
    }
  });
  return list;
}

/** The package name a lock key installs (`node_modules/@a/b/node_modules/c` → `c`). */
function nameOf(lockPath: string, entry: LockEntry): string {
  return entry.name ?? lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's, then the root's. */
function resolveFrom(packages: Readonly<Record<string, LockEntry>>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** Every installed package of a lock (v2 or v3), with how it ships, if it does. */
export function lockedPackages(
  lock: {packages?: Record<string, LockEntry>},
  shipsFromDevelopment: readonly string[] = [],
): LockedPackage[] {
  const packages = lock.packages;
  if (!packages?.['']) throw new Error('package-lock.json has no "packages" map with a root entry: lockfileVersion 2 or 3 is needed.');
  const shippedThrough = new Map<string, string>();
  const queue: [string, string][] = [];
  const visit = (from: string, name: string, chain: string): void => {
    let target = resolveFrom(packages, from, name);
    if (target === undefined) return;
    const linked = packages[target];
    if (linked?.link && linked.resolved) target = linked.resolved;
    if (shippedThrough.has(target)) return;
    shippedThrough.set(target, chain === '' ? name : `${chain} > ${name}`);
    queue.push([target, shippedThrough.get(target) ?? name]);
  };
  const root = packages[''];
  for (const name of Object.keys({...root.dependencies, ...root.optionalDependencies})) visit('', name, '');
  for (const name of shipsFromDevelopment) visit('', name, '');
  while (queue.length > 0) {
    const [at, chain] = queue.shift() as [string, string];
    const entry = packages[at] ?? {};
    for (const name of Object.keys({...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies})) {
      visit(at, name, chain);
    }
  }
  return Object.entries(packages)
    .filter(([lockPath, entry]) => lockPath !== '' && !entry.link && entry.version !== undefined)
    .map(([lockPath, entry]) => ({
      name: nameOf(lockPath, entry),
      version: entry.version ?? '',
      lockPath,
      shippedThrough: shippedThrough.get(lockPath),
    }));
}

/** Every installed copy that an advisory covers, failing ones first. */
export function findings(installed: readonly LockedPackage[], advisories: readonly Advisory[]): Finding[] {
  const found: Finding[] = [];
  for (const copy of installed) {
    for (const advisory of advisories) {
      if (advisory.package !== copy.name || !semver.satisfies(copy.version, advisory.vulnerable, {includePrerelease: true})) continue;
      found.push({advisory, installed: copy, fails: copy.shippedThrough !== undefined && failingSeverities.includes(advisory.severity)});
    }
  }
  return found.sort((a, b) => Number(b.fails) - Number(a.fails) || a.installed.lockPath.localeCompare(b.installed.lockPath));
}

/** One line a reader can act on: package, version, path in the lock, advisory, fix. */
export function describeFinding({advisory, installed, fails}: Finding): string {
  const where = installed.shippedThrough ? `ships through ${installed.shippedThrough}` : 'development only';
  return `${fails ? 'FAIL' : 'note'} ${installed.name}@${installed.version} at ${installed.lockPath} (${where}): ${advisory.id}, ${advisory.severity}, ${advisory.title}; fixed in ${advisory.fixed}`;
}
