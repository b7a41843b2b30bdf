/**
 * The rules of an entry's `versions` that need the package registry: known packages, a
 * boundary that fits its range, and whether the releases it was checked against are still the
 * newest (a warning: facts may have moved since).
 */
import { gt } from '@renovatebot/pep440';
import { satisfies } from '../pep440.ts';
import type { PackageData, Versions } from '../schema/versions.ts';
import { unknownValueMessage } from '../schema/errors.ts';

export interface VersionProblem {
  /** path under `versions` */
  at: (string | number)[];
  message: string;
  severity?: 'warning';
}

/** The newest release the registry lists for a package, if it lists any. */
export const newestRelease = (p: PackageData): string | undefined =>
  p.releases.reduce<PackageData['releases'][number] | undefined>(
    (a, b) => (!a || gt(b.version, a.version) ? b : a),
    undefined,
  )?.version;

/** The packages whose checked release is older than the newest the registry lists. */
export function staleReleases(
  versions: Versions,
  packages: readonly PackageData[],
): { package: string; checked: string; newest: string }[] {
  const out: { package: string; checked: string; newest: string }[] = [];
  for (const [id, checked] of Object.entries(versions.checkedAgainst.releases)) {
    const p = packages.find((x) => x.id === id);
    if (!p) continue;
    const newest = newestRelease(p);
    if (newest && gt(newest, checked)) out.push({ package: id, checked, newest });
  }
  return out;
}

export function checkVersions(
  versions: Versions,
  packages: readonly PackageData[],
  packagesFile: string,
): VersionProblem[] {
  const out: VersionProblem[] = [];
  const ids = packages.map((p) => p.id).sort();
  const known = (id: string, at: (string | number)[]) => {
    if (ids.includes(id)) return true;
    out.push({
      at,
      message: `${unknownValueMessage('package', id, ids)}; add it to ${packagesFile} or use a listed id`,
    });
    return false;
  };
  versions.affected.forEach((a, i) => {
    known(a.package, ['affected', i, 'package']);
    if (a.introducedIn && !satisfies(a.introducedIn, a.range)) {
      out.push({
        at: ['affected', i, 'introducedIn'],
        message: `${a.introducedIn} is not in the range "${a.range}"; the release that introduced the failure is the first one affected`,
      });
    }
    if (a.fixedIn && satisfies(a.fixedIn, a.range)) {
      out.push({
        at: ['affected', i, 'fixedIn'],
        message: `${a.fixedIn} is in the range "${a.range}"; the release that fixed the failure is the first one outside it (end the range with <${a.fixedIn})`,
      });
    }
    if (a.fixedIn && a.introducedIn && !gt(a.fixedIn, a.introducedIn)) {
      out.push({ at: ['affected', i, 'fixedIn'], message: `${a.fixedIn} is not after introducedIn ${a.introducedIn}` });
    }
  });
  for (const id of Object.keys(versions.checkedAgainst.releases)) known(id, ['checkedAgainst', 'releases', id]);
  for (const s of staleReleases(versions, packages)) {
    out.push({
      at: ['checkedAgainst', 'releases', s.package],
      severity: 'warning',
      message: `checked against ${s.package} ${s.checked}, but ${packagesFile} lists ${s.newest}: the facts may be out of date; check them against ${s.newest} and update checkedAgainst`,
    });
  }
  return out;
}
