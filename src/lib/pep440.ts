/**
 * Whether a version is in a PEP 440 range such as `>=0.4.3,<0.6.4.post1`. Browser-safe.
 *
 * @renovatebot/pep440 parses and orders versions, but its exclusive comparisons (`<V`, `>V`)
 * turn down every version with V's release numbers: `0.6.4` fell outside `<0.6.4.post1` and
 * `4.0.0b10` outside `<4.0.0b18`, so a record fixed in a post-release or between two betas said
 * its own affected releases were safe. Those two operators follow PEP 440's "exclusive ordered
 * comparison" here, on the library's ordering; every other clause is the library's own.
 */
import { eq, explain, gt, lt, satisfies as librarySatisfies } from '@renovatebot/pep440';

/** Answers by version and range: the build asks the same pairs for every page that lists releases. */
const answers = new Map<string, boolean>();

export function satisfies(version: string, range: string): boolean {
  const key = `${version}\0${range}`;
  let held = answers.get(key);
  if (held === undefined) {
    held = range.split(',').every((clause) => clauseHolds(version, clause.trim()));
    answers.set(key, held);
  }
  return held;
}

function clauseHolds(version: string, clause: string): boolean {
  const exclusive = /^([<>])(?!=)\s*(\S+)$/.exec(clause);
  if (!exclusive) return librarySatisfies(version, clause);
  const [, op, bound] = exclusive as unknown as [string, '<' | '>', string];
  const v = explain(version);
  const b = explain(bound);
  if (!v || !b) return false;
  const sameRelease = eq(v.base_version, b.base_version);
  // `<1.0` holds no pre-release of 1.0 (1.0rc1, 1.0.dev0) unless the bound is a pre-release
  if (op === '<') return lt(version, bound) && !(sameRelease && v.is_prerelease && !b.is_prerelease);
  // `>1.0` holds no post-release (1.0.post1) unless the bound is one, and no local build (1.0+cu124)
  return gt(version, bound) && !(sameRelease && ((v.is_postrelease && !b.is_postrelease) || v.local !== null));
}
