/**
 * What the known-issue pages, the feed and search show of a record beyond its fields: the
 * lines of its logs that its signature matches (the error a reader pastes), and the one-line
 * statement of its releases ("transformers >=4.46.0,<4.46.1, fixed in 4.46.1").
 */
import type { KnownIssue } from './schema/known-issue.ts';
import { compilePattern } from './diagnose/engine.ts';
import { cleanLine } from './content/known-issues.ts';

/** The distinct log lines the signature matches, as printed (prefixes removed), at most `max`. */
export function signatureLines(issue: Pick<KnownIssue, 'signature' | 'logs'>, max = 3): string[] {
  const patterns = issue.signature.map(compilePattern);
  const out = new Set<string>();
  for (const log of issue.logs) {
    for (const line of log.text.split('\n')) {
      const clean = cleanLine(line).trim();
      if (clean && patterns.some((p) => p.test(clean))) out.add(clean);
      if (out.size >= max) return [...out];
    }
  }
  return [...out];
}

/** "transformers >=4.46.0,<4.46.1 (fixed in 4.46.1)" for each affected range. */
export function affectedText(issue: Pick<KnownIssue, 'versions'>, name: (id: string) => string = (id) => id): string {
  return issue.versions.affected
    .map((a) => `${name(a.package)} ${a.range}${a.fixedIn ? ` (fixed in ${a.fixedIn})` : ''}`)
    .join('; ');
}

/** The release that fixed the issue in a package, the newest when several ranges name one. */
export function fixedIn(issue: Pick<KnownIssue, 'versions'>, pkg: string): string | undefined {
  return issue.versions.affected.filter((a) => a.package === pkg && a.fixedIn).at(-1)?.fixedIn;
}
