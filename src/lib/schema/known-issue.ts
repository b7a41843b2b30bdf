/**
 * A known issue: one library bug or regression, as a short record in
 * `content/known-issues/<slug>.yaml`. Where an entry explains a failure mode at length, a
 * known issue says which releases a specific bug affects, which release fixed it, what to do,
 * and where upstream discussed and fixed it. Its signature lines are log patterns under the
 * entries' rules (RE2, one line, any case); its versions use the entries' format.
 * Rules that need other files (known packages, the entry it belongs under, patterns that match
 * its own logs) live in ../content/known-issues.ts.
 */
import { z } from 'zod';
import { PatternSchema } from './entry.ts';
import { isoDate, VersionsSchema } from './versions.ts';
import { ThreadVersionsSchema } from './sources.ts';
import { httpsUrl, SLUG_PATTERN, text } from './patterns.ts';

/** `transformers-34263`: the upstream repository's short name and its issue number. */
export const KNOWN_ISSUE_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d+$/;
/** `https://github.com/huggingface/transformers/issues/34263` */
export const GITHUB_ISSUE_URL = /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/issues\/(\d+)$/;
export const KNOWN_ISSUE_KINDS = ['regression', 'incompatibility', 'bug'] as const;
/** A log in a record is an excerpt, not a whole run. */
export const MAX_KNOWN_ISSUE_LOG_CHARS = 8000;

const LinkSchema = (what: string) =>
  z.strictObject({
    url: httpsUrl(what).describe(`The https URL of ${what}.`),
    title: text('title').describe("The page's own title, as it shows it."),
  });

export const KnownIssueLogSchema = z.strictObject({
  /** The public thread the log was copied from. */
  source: httpsUrl('the thread the log was copied from').describe(
    'The https URL of the public thread the log was copied from.',
  ),
  /** The thread's own title. */
  title: text('title').describe("The thread's own title."),
  /** Versions the thread states, by package id, each quoted. Default: none. */
  versions: ThreadVersionsSchema.optional().describe(
    'Versions the thread states, by lower-case package name, each quoted: `{ torch: "2.1.0" }`.',
  ),
  /** Machine output copied verbatim from the thread, trimmed to the lines that matter. */
  text: text('text')
    .max(
      MAX_KNOWN_ISSUE_LOG_CHARS,
      `a log here is an excerpt of at most ${MAX_KNOWN_ISSUE_LOG_CHARS} characters; keep the error and the lines around it`,
    )
    .describe('Machine output copied verbatim from the thread, trimmed to the lines that matter, never reworded.'),
});

export const KnownIssueSchema = z.strictObject({
  /** `<project>-<upstream issue number>`: `transformers-34263`. Never changed, never reused. */
  id: z
    .string({ error: 'expected an id such as transformers-34263' })
    .regex(
      KNOWN_ISSUE_ID_PATTERN,
      'expected the project and the upstream issue number, lower case, e.g. transformers-34263',
    )
    .describe('The project and its upstream issue number, e.g. `transformers-34263`. Never changed, never reused.'),
  /** What fails, naming the package: at most 100 characters. */
  title: text('title')
    .max(100, 'keep the title to 100 characters: the package and what fails')
    .describe('What fails, naming the package, in at most 100 characters.'),
  /** regression (an older release worked), incompatibility (two packages' versions do not fit) or bug. */
  kind: z
    .enum(KNOWN_ISSUE_KINDS)
    .describe(
      "`regression` (an older release worked), `incompatibility` (two packages' versions do not fit together) or `bug`.",
    ),
  /** One to three sentences: what happens, in which releases, and why. */
  summary: text('summary').describe('One to three sentences: what happens, in which releases, and why.'),
  /** Log patterns specific to this issue, each matching a line of one of its logs. */
  signature: z
    .array(
      PatternSchema.refine((p) => !p.includes('\\n'), {
        message: 'a signature pattern matches one line; split it into two patterns',
      }),
      { error: 'expected a list of log patterns' },
    )
    .min(1, 'list at least one signature pattern')
    .max(4, 'at most four signature patterns: keep the ones that name this issue')
    .describe('One to four regular expressions (RE2, any case) over one log line, specific to this issue.'),
  /** The affected releases and the release that fixed it, as in an entry's `versions`. */
  versions: VersionsSchema.refine((v) => v.affected.length > 0, {
    message: 'list the affected releases (affected: - package, range, fixedIn)',
    path: ['affected'],
  }).describe(
    'The affected ranges (`affected`: package, PEP 440 range, introducedIn, fixedIn, change) and the releases the record was checked against.',
  ),
  /** The fix, as an instruction: the release to move to. */
  fix: text('fix').describe('The fix, as an instruction: "Upgrade transformers to 4.46.1 or later."'),
  /** What to do when upgrading is not possible. */
  workaround: text('workaround').describe('What to do when upgrading is not possible: a pin, a flag, a code change.'),
  /** The upstream issue and the change that fixed it. */
  upstream: z
    .strictObject({
      issue: LinkSchema('the upstream issue').describe('The upstream issue: `{ url, title }`.'),
      fix: LinkSchema('the fixing pull request, commit or release note').describe(
        'The fixing pull request, commit or release note: `{ url, title }`.',
      ),
    })
    .describe('The upstream issue and the change that fixed it, each `{ url, title }`.'),
  /** The slug of the full entry this issue is one cause of. Optional. */
  entry: z
    .string({ error: 'expected an entry slug' })
    .regex(SLUG_PATTERN, 'expected the slug of an entry, e.g. cuda-oom-from-activation-batch-footprint')
    .optional()
    .describe('The slug of the full entry this issue is one cause of, when there is one.'),
  /** Real logs of the issue, each with its source. */
  logs: z
    .array(KnownIssueLogSchema, { error: 'expected a list of logs' })
    .min(1, 'add at least one real log with its source')
    .describe('Real logs, each `{ source, title, versions?, text }`.'),
  /** Date of the last substantive change, YYYY-MM-DD. */
  updated: isoDate.describe('Date of the last substantive change, YYYY-MM-DD.'),
  /**
   * Set when the record was found wrong after it was published: its page and short link stay,
   * saying why, and it leaves the lists, the feed, search and diagnose.
   */
  withdrawn: z
    .strictObject({
      date: isoDate.describe('The day it was withdrawn, YYYY-MM-DD.'),
      reason: text('reason').describe('Why, in a sentence: what the second read found wrong.'),
    })
    .optional()
    .describe(
      'Set when the record was found wrong after publication: `{ date, reason }`. Its page stays, with the reason; it leaves lists, search and diagnose.',
    ),
});

export type KnownIssueData = z.output<typeof KnownIssueSchema>;

/** A validated record with its file name. */
export interface KnownIssue extends KnownIssueData {
  slug: string;
  /** path relative to the project root */
  file: string;
}
