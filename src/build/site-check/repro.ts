/**
 * Reproducible builds: two clean builds of the same commit must be byte-identical. The only
 * files allowed to differ are listed here, each with the reason.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files that may differ between two builds of the same commit, and why. */
export const ALLOWED_DIFFERENCES: { pattern: RegExp; why: string }[] = [];

export function hashTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else
        out.set(relative(dir, abs).split('\\').join('/'), createHash('sha256').update(readFileSync(abs)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

export function compareTrees(a: Map<string, string>, b: Map<string, string>): string[] {
  const problems: string[] = [];
  const allowed = (f: string) => ALLOWED_DIFFERENCES.some((x) => x.pattern.test(f));
  for (const [file, hash] of a) {
    if (allowed(file)) continue;
    if (!b.has(file)) problems.push(`${file}: only in the first build`);
    else if (b.get(file) !== hash) problems.push(`${file}: differs between the two builds`);
  }
  for (const file of b.keys()) if (!a.has(file) && !allowed(file)) problems.push(`${file}: only in the second build`);
  return problems;
}
