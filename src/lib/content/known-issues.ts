/**
 * Validation of the known-issue records: each through its schema, then the rules that need
 * other files. Every problem names the file, the field and the fix.
 *
 * - ids are unique, and an id's number is the upstream issue's (`transformers-34263` for
 *   .../transformers/issues/34263), so a reader holding the issue finds the record;
 * - packages come from the registry, ranges and boundaries fit (as for entries);
 * - at least one affected range names the release that fixed it;
 * - `entry` names a published entry;
 * - each signature pattern matches a line of one of the record's own logs, and each log has a
 *   line that one of them matches, as the matcher sees it (launcher prefixes removed, words
 *   whole), so that diagnose finds the record on every one of its logs.
 */
import { SLUG_PATTERN } from '../schema/patterns.ts';
import { KnownIssueSchema, GITHUB_ISSUE_URL, type KnownIssue } from '../schema/known-issue.ts';
import type { PackageData } from '../schema/versions.ts';
import { issueProblems, notAMapping, show, unknownValueMessage, type Problem } from '../schema/errors.ts';
import type { KnownIssueSource } from '../../build/read.ts';
import { checkVersions } from './versions.ts';
import { compilePattern } from '../diagnose/engine.ts';
import { passesPrefilter, prefilterOf } from '../diagnose/tokens.ts';
import { parsePrefix, stripAnsi } from '../diagnose/normalize.ts';
import { compareText } from '../order.ts';

export interface KnownIssueContext {
  packages: readonly PackageData[];
  packagesFile: string;
  /** slugs of the published entries */
  entrySlugs: ReadonlySet<string>;
}

/** A log line as patterns see it: ANSI colours and launcher prefixes removed. */
export function cleanLine(line: string): string {
  const bare = stripAnsi(line);
  return bare.slice(parsePrefix(bare).length);
}

export function validateKnownIssues(
  files: readonly KnownIssueSource[],
  ctx: KnownIssueContext,
): { knownIssues: KnownIssue[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const valid: { src: KnownIssueSource; data: KnownIssue }[] = [];
  for (const src of files) {
    const data = readRecord(src, problems);
    if (!data) continue;
    const at = (path: (string | number)[]) => ({ file: src.file, line: src.lineOf(path), path: path.join('.') });
    problems.push(...checkFields(data, at, ctx), ...checkSignature(data, at));
    valid.push({ src, data: { ...data, slug: src.slug, file: src.file } });
  }
  problems.push(...duplicateIds(valid));
  const knownIssues = valid.map((v) => v.data).sort((a, b) => compareText(a.id, b.id));
  return { knownIssues, problems };
}

type At = (path: (string | number)[]) => Pick<Problem, 'file' | 'line' | 'path'>;
type RecordFields = Omit<KnownIssue, 'slug' | 'file'>;

/** A file's record through its schema; undefined, with the problems said, when it does not pass. */
function readRecord(src: KnownIssueSource, problems: Problem[]): RecordFields | undefined {
  if (src.data === undefined) return undefined; // not YAML: reported by the reader
  if (!SLUG_PATTERN.test(src.slug)) {
    problems.push({
      file: src.file,
      line: 1,
      path: '',
      message: `file name ${show(src.slug)} is not a kebab-case slug; rename it, e.g. transformers-grad-accumulation-loss-scaled.yaml`,
    });
  }
  const shape = notAMapping(src.data, src.file, 1, 'a known issue is a YAML mapping of fields (id: ..., title: ...)');
  if (shape) {
    problems.push(shape);
    return undefined;
  }
  const parsed = KnownIssueSchema.safeParse(src.data);
  if (!parsed.success) {
    problems.push(...issueProblems(parsed.error.issues, src.data, src.file, src.lineOf));
    return undefined;
  }
  return parsed.data;
}

/** The rules between fields and other files: the id's number, versions, a fix release, the entry. */
function checkFields(data: RecordFields, at: At, ctx: KnownIssueContext): Problem[] {
  const problems: Problem[] = [];
  const number = GITHUB_ISSUE_URL.exec(data.upstream.issue.url)?.[1];
  if (number && !data.id.endsWith(`-${number}`)) {
    problems.push({
      ...at(['id']),
      message: `the id ends with the upstream issue's number: ${data.id.replace(/\d+$/, number)} (upstream.issue is …/issues/${number})`,
    });
  }
  // a record describes releases that are already behind us: a newer release than the one it
  // was checked against does not make it stale, so checkVersions' staleness warning is left out
  for (const p of checkVersions(data.versions, ctx.packages, ctx.packagesFile)) {
    if (p.severity !== 'warning') problems.push({ ...at(['versions', ...p.at]), message: p.message });
  }
  if (!data.versions.affected.some((a) => a.fixedIn)) {
    problems.push({
      ...at(['versions', 'affected', 0]),
      message:
        'name the release that fixed it: add fixedIn: "X.Y.Z" to the affected range it ends (a record is for a fixed issue)',
    });
  }
  if (data.entry && !ctx.entrySlugs.has(data.entry)) {
    problems.push({
      ...at(['entry']),
      message: unknownValueMessage('entry slug', data.entry, [...ctx.entrySlugs].sort()),
    });
  }
  return problems;
}

/** Each log has a line a signature pattern matches, and each pattern matches a line, as the matcher sees them. */
function checkSignature(data: RecordFields, at: At): Problem[] {
  const problems: Problem[] = [];
  // each log's lines as the matcher sees them, cleaned once for both checks below
  const logLines = data.logs.map((l) => l.text.split('\n').map(cleanLine));
  const lines = logLines.flat();
  const patterns = data.signature.map(compilePattern);
  const prefilters = data.signature.map((source) => prefilterOf(source));
  logLines.forEach((shown, i) => {
    if (
      !shown.some((line) => patterns.some((pattern, j) => pattern.test(line) && passesPrefilter(prefilters[j]!, line)))
    ) {
      problems.push({
        ...at(['logs', i, 'text']),
        message:
          'no signature pattern matches a line of this log; keep the error line in the excerpt, or widen a pattern so that diagnose finds the record on every one of its logs',
      });
    }
  });
  patterns.forEach((pattern, i) => {
    const matching = lines.filter((line) => pattern.test(line));
    if (!matching.length) {
      problems.push({
        ...at(['signature', i]),
        message: `matches no line of the record's logs; write it from a line of logs[].text (launcher prefixes such as [rank0]: and timestamps are removed before matching)`,
      });
    } else if (!matching.some((line) => passesPrefilter(prefilters[i]!, line))) {
      problems.push({
        ...at(['signature', i]),
        message: `starts or ends inside a word of the line it matches (as Trainer\\.log does in "DPOTrainer.log"), so the matcher, which looks for the pattern's words as whole words, never tries it; start and end the pattern at word boundaries, e.g. DPOTrainer\\.log or \\w*Trainer\\.log`,
      });
    }
  });
  return problems;
}

/** One record per upstream issue: every file that shares an id is named in the others' problem. */
function duplicateIds(valid: readonly { src: KnownIssueSource; data: KnownIssue }[]): Problem[] {
  const ids = new Map<string, string[]>();
  for (const { src, data } of valid) ids.set(data.id, [...(ids.get(data.id) ?? []), src.file]);
  const problems: Problem[] = [];
  for (const { src, data } of valid) {
    const others = ids.get(data.id)!.filter((f) => f !== src.file);
    if (others.length)
      problems.push({
        file: src.file,
        line: src.lineOf(['id']),
        path: 'id',
        message: `id ${data.id} is also used by ${others.join(', ')}; one record per upstream issue`,
      });
  }
  return problems;
}
