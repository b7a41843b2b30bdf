/**
 * The upgrade guide's data, derived from the entries' `versions` and the package registry:
 * for each package, the release boundaries entries mention (where a failure starts or stops),
 * and for any two releases, the failures that start or stop between them. Pure and sorted.
 */
import { compare, gt } from '@renovatebot/pep440';
import { satisfies } from '../pep440.ts';
import type { Entry } from '../content/validate.ts';
import type { KnownIssue } from '../schema/known-issue.ts';
import type { Affected, PackageData } from '../schema/versions.ts';
import { compareIds } from '../order.ts';

export interface Boundary {
  /** the release at the boundary */
  version: string;
  /** failures that release introduced */
  introduced: { entry: Entry; affected: Affected }[];
  /** failures that release fixed */
  fixed: { entry: Entry; affected: Affected }[];
  /** known issues that release introduced */
  introducedIssues: { issue: KnownIssue; affected: Affected }[];
  /** known issues that release fixed */
  fixedIssues: { issue: KnownIssue; affected: Affected }[];
}

export interface PackageVersions {
  package: PackageData;
  /** every entry with a range for this package, by id */
  entries: { entry: Entry; affected: Affected[] }[];
  /** every known issue with a range for this package, by id */
  knownIssues: { issue: KnownIssue; affected: Affected[] }[];
  /** the releases entries and known issues name as introducedIn or fixedIn, oldest first */
  boundaries: Boundary[];
}

/** Per package of the registry, what entries and known issues say about its releases (possibly nothing yet). */
export function buildVersionIndex(
  entries: readonly Entry[],
  packages: readonly PackageData[],
  knownIssues: readonly KnownIssue[] = [],
): PackageVersions[] {
  const out: PackageVersions[] = [];
  for (const pkg of packages) {
    const withRanges = entries
      .filter((e) => e.status === 'published')
      .map((entry) => ({ entry, affected: (entry.versions?.affected ?? []).filter((a) => a.package === pkg.id) }))
      .filter((x) => x.affected.length)
      .sort((a, b) => compareIds(a.entry.id, b.entry.id));
    const at = new Map<string, Boundary>();
    const boundary = (version: string) =>
      at.get(version) ??
      at.set(version, { version, introduced: [], fixed: [], introducedIssues: [], fixedIssues: [] }).get(version)!;
    for (const { entry, affected } of withRanges) {
      for (const a of affected) {
        if (a.introducedIn) boundary(a.introducedIn).introduced.push({ entry, affected: a });
        if (a.fixedIn) boundary(a.fixedIn).fixed.push({ entry, affected: a });
      }
    }
    const issues = knownIssues
      .map((issue) => ({ issue, affected: issue.versions.affected.filter((a) => a.package === pkg.id) }))
      .filter((x) => x.affected.length);
    for (const { issue, affected } of issues) {
      for (const a of affected) {
        if (a.introducedIn) boundary(a.introducedIn).introducedIssues.push({ issue, affected: a });
        if (a.fixedIn) boundary(a.fixedIn).fixedIssues.push({ issue, affected: a });
      }
    }
    out.push({
      package: pkg,
      entries: withRanges,
      knownIssues: issues,
      boundaries: [...at.values()].sort((a, b) => compare(a.version, b.version)),
    });
  }
  return out;
}

export interface Upgrade {
  /** failures the `to` release has and the `from` release had not */
  starts: { entry: Entry; affected: Affected }[];
  /** failures the `from` release had and the `to` release has not */
  stops: { entry: Entry; affected: Affected }[];
  /** failures both releases have, by different ranges of the entry (another cause or form) */
  changes: { entry: Entry; affected: Affected }[];
}

/** What changes when moving from one release of a package to another (either direction). */
export function upgrade(pv: PackageVersions, from: string, to: string): Upgrade {
  const out: Upgrade = { starts: [], stops: [], changes: [] };
  for (const { entry, affected } of pv.entries) {
    const before = affected.find((a) => satisfies(from, a.range));
    const after = affected.find((a) => satisfies(to, a.range));
    if (after && !before) out.starts.push({ entry, affected: after });
    else if (before && !after) out.stops.push({ entry, affected: before });
    else if (before && after && before !== after) out.changes.push({ entry, affected: after });
  }
  return out;
}

/**
 * `2.5.0:0 2.6.0:0 2.11.0:1`: each release of `releases` that one of the entry's ranges holds,
 * with that range's index, for the upgrade form to compare two releases in the browser.
 */
export function rangeIndexes(affected: readonly Affected[], releases: readonly string[]): string {
  return releases
    .map((v) => [v, affected.findIndex((a) => satisfies(v, a.range))] as const)
    .filter(([, i]) => i >= 0)
    .map(([v, i]) => `${v}:${i}`)
    .join(' ');
}

/** Whether any affected range of the entry, for this package, holds the version. */
export function affects(entry: Pick<Entry, 'versions'>, pkg: string, version: string): boolean | undefined {
  const ranges = (entry.versions?.affected ?? []).filter((a) => a.package === pkg);
  if (!ranges.length) return undefined;
  return ranges.some((a) => satisfies(version, a.range));
}

/** The registry's releases of a package that an entry's ranges hold: the search filter's values. */
export function affectedReleases(entry: Pick<Entry, 'versions'>, pkg: PackageData): string[] {
  return pkg.releases.map((r) => r.version).filter((v) => affects(entry, pkg.id, v));
}

/** "PyTorch 2.6" for each release line (major.minor) of the registry that the entry's ranges hold. */
export function versionFilterValues(entry: Pick<Entry, 'versions'>, packages: readonly PackageData[]): string[] {
  const out = new Set<string>();
  for (const pkg of packages) {
    for (const v of affectedReleases(entry, pkg)) out.add(`${pkg.name} ${v.split('.').slice(0, 2).join('.')}`);
  }
  return [...out];
}

/** The newer of two versions. */
export const newer = (a: string, b: string) => (gt(a, b) ? a : b);
