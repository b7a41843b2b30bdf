/**
 * Where each example log comes from: `content/examples/<slug>/sources.yaml` (and
 * `content/negatives/sources.yaml` for the logs that no entry explains).
 *
 * A real log is machine output copied from a public thread, trimmed but never reworded; the
 * matcher is evaluated on real logs (`npm run eval:diagnose`), so each names the thread it came
 * from. A hand-written log was written next to the entry's patterns and is marked as such: the
 * entry must rank first on it, and it is not counted in the evaluation.
 */
import { z } from 'zod';
import { httpsUrl, text } from './patterns.ts';

/** `real-transformers-17089.log`: lower-case words, dots and dashes, ending in `.log`. */
export const LOG_FILE_PATTERN = /^[a-z0-9][a-z0-9._-]*\.log$/;
/** A package name as pip or npm writes it, lower-case: `torch`, `flash-attn`, `cuda`. */
export const PACKAGE_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** Versions a thread states, by lower-case package name, each quoted: `{ torch: "2.1.0" }`. */
export const ThreadVersionsSchema = z.record(
  z.string().regex(PACKAGE_NAME_PATTERN, 'expected a lower-case package name such as torch or flash-attn'),
  z
    .string({ error: 'expected the version as quoted text, e.g. "1.10" (unquoted, YAML reads 1.10 as the number 1.1)' })
    .trim()
    .min(1),
);

export const LogSourceSchema = z
  .strictObject({
    /** The log's file name in the same folder, e.g. `real-transformers-17089.log`. */
    file: z
      .string({ error: 'expected the log file name' })
      .regex(LOG_FILE_PATTERN, 'expected a lower-case file name ending in .log, e.g. real-transformers-17089.log')
      .describe('The log file name in the same folder, e.g. `real-transformers-17089.log`.'),
    /** The public thread the log was copied from: an https URL. Required for a real log. */
    source: httpsUrl('the thread the log was copied from')
      .optional()
      .describe('The https URL of the public thread the log was copied from. Required unless `handWritten`.'),
    /** The thread's own title, as its page shows it. Required with `source`. */
    title: text('title').optional().describe("The thread's own title. Required with `source`."),
    /** Versions the thread states, by lower-case package name: `{ torch: "2.1.0" }`. Default: none. */
    versions: ThreadVersionsSchema.optional().describe(
      'Versions the thread states, by lower-case package name, each quoted: `{ torch: "2.1.0" }`.',
    ),
    /** `true` for a log written by us next to the entry's patterns rather than copied from a thread. */
    handWritten: z
      .literal(true)
      .optional()
      .describe('`true` for a log written next to the patterns rather than copied from a thread.'),
    /** Anything a reviewer should know: what was trimmed, why this entry. */
    note: text('note').optional().describe('Anything a reviewer should know: what was trimmed, why this entry.'),
    /**
     * For a log the hash holds out: why it was moved to the evaluation's development part. A
     * held-out miss is never tuned for; to fix what it shows, the log moves first, saying so here.
     */
    movedToDevelopment: text('movedToDevelopment')
      .optional()
      .describe(
        "For a log the file-name hash holds out: why it moved to the evaluation's development part (the date and the miss).",
      ),
  })
  .superRefine((log, ctx) => {
    if (log.handWritten && (log.source || log.title || log.versions)) {
      ctx.addIssue({
        code: 'custom',
        path: ['handWritten'],
        message: 'a hand-written log has no source, title or versions; remove handWritten or the thread fields',
      });
    }
    if (!log.handWritten && !log.source) {
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message:
          'a real log names the thread it was copied from (source: https://...); mark a log written by us handWritten: true',
      });
    }
    if (log.movedToDevelopment && !log.source) {
      ctx.addIssue({
        code: 'custom',
        path: ['movedToDevelopment'],
        message: 'only a real log is evaluated; remove movedToDevelopment from a hand-written log',
      });
    }
    if (log.source && !log.title) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: "add the thread's own title (title: ...)" });
    }
  });

export const LogSourcesSchema = z.strictObject({
  /** Every `.log` file of the folder, each once. */
  logs: z
    .array(LogSourceSchema)
    .min(1, 'list at least one log')
    .describe('Every `.log` file of the folder, each once.'),
  /** When fewer than four real logs were found: where they were looked for, and why there are not more. */
  notFound: text('notFound')
    .optional()
    .describe('When fewer than four real logs were found: where they were looked for, and why there are not more.'),
});

export type LogSource = z.output<typeof LogSourceSchema>;
export type LogSources = z.output<typeof LogSourcesSchema>;

/** An example or negative log with where it comes from. */
export interface ExampleLog {
  /** path relative to the project root */
  file: string;
  text: string;
  /** the thread it was copied from; undefined for a hand-written log, or one not (yet) listed */
  real?: { source: string; title: string; versions?: Record<string, string>; movedToDevelopment?: string };
}
