/**
 * The canonical symptom registry (content/symptoms.yaml): observable symptoms that entries
 * point at, so that every failure showing "CUDA out of memory" meets in one place.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './vocabulary.ts';
import { PatternSchema, SLUG_PATTERN } from './entry.ts';

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
  description: z.string().trim().min(1, 'description is empty').describe('What the reader observes, in one or two sentences.'),
  /**
   * True for symptoms that are usually the downstream effect of a failure elsewhere in a job
   * (a watchdog timeout on the ranks that waited for a crashed one). The log matcher ranks the
   * first non-collateral failure above them. Default: false.
   */
  collateral: z
    .boolean()
    .default(false)
    .describe('True for symptoms that are usually the downstream effect of a failure elsewhere in a job, such as the NCCL timeouts on ranks that waited for a crashed one. Default: false.'),
  /** Regular expressions over log lines. Empty for symptoms seen in metrics or behaviour, not logs. */
  patterns: z
    .array(PatternSchema)
    .default([])
    .describe('Regular expressions over log lines. Empty for symptoms seen in metrics or behaviour rather than logs.'),
});

export const SymptomRegistrySchema = z.array(SymptomSchema);

export type SymptomData = z.output<typeof SymptomSchema>;
