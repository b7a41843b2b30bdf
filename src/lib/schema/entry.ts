/**
 * The entry schema: the single source of truth for an entry's frontmatter.
 *
 * Every field carries a JSDoc line for authors; CONTRIBUTING.md's field reference and
 * the editor JSON Schema are generated from the `.describe()` texts below, so keep the
 * two in step (the JSDoc is for readers of this file, the description for everyone else).
 *
 * Cross-entry rules (unique ids, existing symptoms and related entries, aliases that
 * collide with nothing) cannot be expressed per entry; they live in `../content/validate.ts`.
 */
import { z } from 'zod';
import { patternProblem } from '../diagnose/engine.ts';
import { CATEGORY_IDS, FRAMEWORK_IDS, REFERENCE_KINDS, STAGE_IDS, STATUSES } from './vocabulary.ts';

import { httpsUrl, ID_PATTERN, REPO_ISSUE_PATTERN, SLUG_PATTERN, text } from './patterns.ts';
import { isoDate, VersionsSchema } from './versions.ts';

export { ID_PATTERN, REPO_ISSUE_PATTERN, SLUG_PATTERN };

/**
 * A log pattern: a regular expression in RE2 syntax, matched in any case against one
 * normalised log line (or, when it contains `\n`, against a few consecutive lines). It is
 * compiled here with the matcher's own engine (src/lib/diagnose/engine.ts), which matches in
 * time linear in the line, so that a broken, unsupported or match-all pattern fails validation,
 * never a reader's diagnosis.
 */
export const PatternSchema = z
  .string({ error: 'expected a regular expression as text' })
  .min(1, 'pattern is empty')
  .superRefine((source, ctx) => {
    const problem = patternProblem(source);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe(
    'A regular expression (RE2 syntax, matched in any case) over one log line, e.g. `CUDA out of memory\\. Tried to allocate`.',
  );

/** One symptom of the entry, pointing at the canonical registry in content/symptoms.yaml. */
export const SymptomRefSchema = z.strictObject({
  /** Id of a canonical symptom in content/symptoms.yaml, e.g. `cuda-oom`. */
  symptom: z
    .string({ error: 'expected a symptom id from content/symptoms.yaml' })
    .regex(SLUG_PATTERN, 'expected a kebab-case symptom id such as `cuda-oom`')
    .describe('Id of a canonical symptom in content/symptoms.yaml, e.g. `cuda-oom`.'),
  /** How the symptom shows up in this failure, in the entry's own words. */
  wording: text('wording').describe("How the symptom shows up in this failure, in the entry's own words."),
  /** Why this failure produces the symptom. */
  why: text('why').describe('Why this failure produces the symptom.'),
  /**
   * The observation or check that separates this cause from the other entries showing the
   * same symptom. Required when the symptom is shared by two or more entries.
   */
  tellApart: text('tellApart')
    .optional()
    .describe(
      'The check that separates this cause from the other entries with the same symptom, e.g. "OOM at the very first step". Required when two or more entries share the symptom.',
    ),
  /** Extra log patterns specific to this entry, beyond the registry's own. Default: none. */
  patterns: z
    .array(PatternSchema)
    .default([])
    .describe("Extra regular expressions specific to this entry, beyond the registry symptom's own. Default: none."),
});

export const RootCauseSchema = z.strictObject({
  /** A short name for the mechanism. */
  title: text('title').describe('A short name for the mechanism.'),
  /** The mechanism, precisely: what holds what, and why it breaks. */
  detail: text('detail').describe('The mechanism, precisely: what holds what, and why it breaks.'),
});

export const FixSchema = z.strictObject({
  /** What to do, as an imperative: "Run the teacher under torch.inference_mode()". */
  title: text('title').describe('What to do, as an imperative.'),
  /** Why it works and what it costs. The code lives in the body's "Fix" section. */
  summary: text('summary').describe('Why it works and what it costs. The code lives in the body\'s "Fix" section.'),
});

export const ConfirmStepSchema = z.strictObject({
  /** The check, as an instruction. */
  step: text('step').describe('The check, as an instruction.'),
  /** The command or code to run. Optional. */
  command: z.string().trim().min(1).optional().describe('The command or code to run.'),
  /** Language of `command` for highlighting. Default: `bash`. */
  lang: z
    .enum(['bash', 'python', 'text', 'yaml', 'json'])
    .default('bash')
    .describe('Language of `command`. Default: `bash`.'),
  /** What you will see when this is the cause. */
  expect: text('expect').optional().describe('What you will see when this is the cause.'),
});

export const ReferenceSchema = z.strictObject({
  /** The source's own title. */
  title: text('title').describe("The source's own title."),
  /** An https URL, or a GitHub issue written `owner/repo#N`. */
  url: z
    .string({ error: 'expected an https URL or owner/repo#N' })
    .refine((u) => u.startsWith('https://') || REPO_ISSUE_PATTERN.test(u), {
      message: 'expected an https:// URL or a GitHub issue written owner/repo#N',
    })
    .describe('An https URL, or a GitHub issue written `owner/repo#N`.'),
  /** What kind of source it is. */
  kind: z.enum(REFERENCE_KINDS).describe('What kind of source it is: docs, issue, paper or source.'),
  /** What in the source supports the page, when its title does not say it: a section, an argument, the authors. */
  note: text('note')
    .optional()
    .describe(
      'What in the source supports the page, when its title does not say it: a section, an argument, the authors. Shown after the title, never inside it.',
    ),
});

/** One way users asked about this failure: a public thread's title, verbatim, and its address. */
export const AskedSchema = z.strictObject({
  /** The thread's title as its page shows it, typos and all; never reworded. */
  title: text('title').describe("The thread's title as its page shows it, typos and all; never reworded."),
  /** The thread's https URL. */
  url: httpsUrl('the thread').describe("The thread's https URL."),
});

export const FaqSchema = z.strictObject({
  /** The question, as a reader would ask it. */
  q: text('q').describe('The question, as a reader would ask it.'),
  /** The answer: only what this entry knows. */
  a: text('a').describe('The answer: only what this entry knows.'),
});

/**
 * An entry's frontmatter. Field order here is the order the scaffold writes them in.
 */
export const EntrySchema = z
  .strictObject({
    /** Permanent id: category prefix and number, `MEM-003`. Never changed, never reused. */
    id: z
      .string({ error: 'expected an id such as MEM-003' })
      .regex(ID_PATTERN, 'expected a category prefix, a dash and three digits, such as MEM-003')
      .describe('Permanent id: category prefix and number, `MEM-003`. Never changed, never reused.'),
    /** The failure's name, as a reader would search for it. */
    title: text('title').describe("The failure's name, as a reader would search for it."),
    /** The quick answer: what breaks and what to do, in one or two sentences (40–300 characters). */
    summary: text('summary')
      .pipe(
        z.string().min(40, 'summary is shorter than 40 characters').max(300, 'summary is longer than 300 characters'),
      )
      .describe('The quick answer: what breaks and what to do, in one or two sentences (40–300 characters).'),
    /** One of the fixed categories; it decides the id prefix. */
    category: z.enum(CATEGORY_IDS).describe('One of the fixed categories; it decides the id prefix.'),
    /** Free kebab-case tags, e.g. `oom`, `distillation`. */
    tags: z
      .array(z.string().regex(SLUG_PATTERN, 'expected a kebab-case tag such as `teacher-student`'))
      .min(1, 'list at least one tag')
      .describe('Free kebab-case tags, e.g. `oom`, `distillation`.'),
    /** Frameworks the failure applies to. */
    frameworks: z
      .array(z.enum(FRAMEWORK_IDS))
      .min(1, 'list at least one framework')
      .describe('Frameworks the failure applies to.'),
    /** Where in a model's life it shows up. */
    stage: z
      .array(z.enum(STAGE_IDS))
      .min(1, 'list at least one stage')
      .describe("Where in a model's life it shows up."),
    /** The characteristic log line, verbatim with variable parts elided. Omit for silent failures. */
    fingerprint: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The characteristic log line, verbatim with variable parts elided. Omit for silent failures that print nothing.',
      ),
    /** The symptoms, each pointing at the canonical registry. At least three. */
    symptoms: z
      .array(SymptomRefSchema)
      .min(3, 'list at least three symptoms')
      .describe('The symptoms, each pointing at the canonical registry. At least three.'),
    /**
     * Context cues: regular expressions that prove nothing alone but raise this entry when a
     * matched log also contains them, e.g. a traceback frame `teacher`. Default: none.
     */
    cues: z
      .array(PatternSchema)
      .default([])
      .describe(
        'Regular expressions that prove nothing alone but raise this entry when a matched log contains them, e.g. a traceback frame. Default: none.',
      ),
    /** The mechanisms that cause the failure. At least two. */
    rootCauses: z
      .array(RootCauseSchema)
      .min(2, 'list at least two root causes')
      .describe('The mechanisms that cause the failure. At least two.'),
    /** The fixes, the recommended one first. */
    fixes: z.array(FixSchema).min(1, 'list at least one fix').describe('The fixes, the recommended one first.'),
    /** The checklist that confirms this is the cause, with real commands. */
    confirm: z
      .array(ConfirmStepSchema)
      .min(2, 'list at least two confirm steps')
      .describe('The checklist that confirms this is the cause, with real commands.'),
    /** Guardrails a team can put in CI or code. */
    prevention: z
      .array(text('prevention item'))
      .min(1, 'list at least one prevention item')
      .describe('Guardrails a team can put in CI or code.'),
    /** Which systems, versions and setups are affected. */
    affects: z
      .array(text('affects item'))
      .min(1, 'list at least one affected system')
      .describe('Which systems, versions and setups are affected.'),
    /** Ids of entries a reader should check next. Default: none. */
    related: z
      .array(z.string().regex(ID_PATTERN, 'expected an entry id such as MEM-001'))
      .default([])
      .describe('Ids of entries a reader should check next. Default: none.'),
    /** Primary sources, each supporting a claim on the page. At least two. */
    references: z
      .array(ReferenceSchema)
      .min(2, 'list at least two references')
      .describe('Primary sources, each supporting a claim on the page. At least two.'),
    /** Slugs this entry was published under before; each keeps redirecting here. Default: none. */
    aliases: z
      .array(z.string().regex(SLUG_PATTERN, 'expected a kebab-case slug'))
      .default([])
      .describe('Slugs this entry was published under before; each keeps redirecting here. Default: none.'),
    /** Questions specific to this failure. */
    faq: z.array(FaqSchema).min(1, 'list at least one question').describe('Questions specific to this failure.'),
    /**
     * How users asked about this failure in words: titles of public threads whose problem is this
     * failure. Indexed for search with weight, shown on no page. Default: none.
     */
    asked: z
      .array(AskedSchema)
      .default([])
      .describe(
        'How users asked about this failure in words: titles of public threads (`title`, verbatim, and `url`) whose problem is this failure, never one of the evaluation queries in tests/eval/search-queries.yaml or their threads. Search indexes them; no page shows them. Default: none.',
      ),
    /**
     * Which releases the failure affects (ranges per package, the release that introduced or
     * fixed it) and the releases its facts were checked against, with the date. Packages come
     * from content/packages.yaml.
     */
    versions: VersionsSchema.optional().describe(
      'Which releases the failure affects (`affected`: package, PEP 440 range, introducedIn, fixedIn, change) and the releases every fact was checked against (`checkedAgainst`: date and releases). Packages come from content/packages.yaml.',
    ),
    /** Date of the last substantive change, YYYY-MM-DD. */
    updated: isoDate.describe('Date of the last substantive change, YYYY-MM-DD.'),
    /** published (default), deprecated (kept, with a banner) or merged (redirects to supersededBy). */
    status: z
      .enum(STATUSES)
      .default('published')
      .describe('published (default), deprecated (kept, with a banner) or merged (redirects to `supersededBy`).'),
    /** With status merged: the id of the entry that replaces this one. */
    supersededBy: z
      .string()
      .regex(ID_PATTERN, 'expected an entry id such as MEM-001')
      .optional()
      .describe('With `status: merged`: the id of the entry that replaces this one.'),
  })
  .superRefine((entry, ctx) => {
    if (entry.status === 'merged' && !entry.supersededBy) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'a merged entry names the entry that replaces it: add supersededBy: <ID>',
      });
    }
    if (entry.status !== 'merged' && entry.supersededBy) {
      ctx.addIssue({
        code: 'custom',
        path: ['supersededBy'],
        message: 'only a merged entry has supersededBy; set status: merged or remove it',
      });
    }
    const seen = new Set<string>();
    entry.symptoms.forEach((s, i) => {
      if (seen.has(s.symptom)) {
        ctx.addIssue({
          code: 'custom',
          path: ['symptoms', i, 'symptom'],
          message: `symptom "${s.symptom}" is listed twice`,
        });
      }
      seen.add(s.symptom);
    });
  });

export type EntryInput = z.input<typeof EntrySchema>;
export type EntryData = z.output<typeof EntrySchema>;
export type SymptomRef = EntryData['symptoms'][number];
