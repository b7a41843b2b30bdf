/**
 * The canonical symptom registry (content/symptoms.yaml): observable symptoms that entries
 * point at, so that every failure showing "CUDA out of memory" meets in one place.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './vocabulary.ts';
import { ID_PATTERN, PatternSchema, SLUG_PATTERN } from './entry.ts';

export const SymptomSchema = z.strictObject({
  /** Permanent kebab-case id, used in URLs (/symptoms/<id>/): `cuda-oom`. */
  id: z
    .string({ error: 'expected a kebab-case id such as cuda-oom' })
    .regex(SLUG_PATTERN, 'expected a kebab-case id such as cuda-oom')
    .describe('Permanent kebab-case id, used in URLs (/symptoms/<id>/): `cuda-oom`.'),
  /** What a reader calls it: "CUDA out of memory". */
  label: z.string().trim().min(1, 'label is empty').describe('What a reader calls it: "CUDA out of memory".'),
  /** The category whose group lists it on /symptoms/. */
  category: z.enum(CATEGORY_IDS).describe('The category whose group lists it on /symptoms/.'),
  /** What the reader observes, in one or two sentences. */
  description: z
    .string()
    .trim()
    .min(1, 'description is empty')
    .describe('What the reader observes, in one or two sentences.'),
  /**
   * True for symptoms that are usually the downstream effect of a failure elsewhere in a job
   * (a watchdog timeout on the ranks that waited for a crashed one). The log matcher ranks the
   * first non-collateral failure above them. Default: false.
   */
  collateral: z
    .boolean()
    .default(false)
    .describe(
      'True for symptoms that are usually the downstream effect of a failure elsewhere in a job, such as the NCCL timeouts on ranks that waited for a crashed one. Default: false.',
    ),
  /**
   * The entry that explains this symptom when a log shows nothing more specific: the most
   * common cause, such as MEM-001 for a CUDA out-of-memory error. It leads the entries that tie
   * on the symptom alone. Optional.
   */
  generic: z
    .string()
    .regex(ID_PATTERN, 'expected an entry id such as MEM-001')
    .optional()
    .describe(
      'The entry that explains this symptom when a log shows nothing more specific (its most common cause), e.g. MEM-001 for cuda-oom. It leads the entries that tie on this symptom alone. Optional.',
    ),
  /**
   * `warning` for a message that libraries log as a warning without saying so on the line
   * (Transformers' "Some weights of … were not initialized"): its lines then count as warnings,
   * a quarter of an error. Default: the line's own level.
   */
  level: z
    .literal('warning')
    .optional()
    .describe(
      '`warning` for a message libraries log as a warning without saying so on the line; its lines then count a quarter of an error. Default: the level the line itself shows.',
    ),
  /** Regular expressions over log lines. Empty for symptoms seen in metrics or behaviour, not logs. */
  patterns: z
    .array(PatternSchema)
    .default([])
    .describe('Regular expressions over log lines. Empty for symptoms seen in metrics or behaviour rather than logs.'),
});

export const SymptomRegistrySchema = z.array(SymptomSchema);

export type SymptomData = z.output<typeof SymptomSchema>;
