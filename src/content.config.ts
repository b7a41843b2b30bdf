// Wiring only: loaders and schemas. The schemas live in src/lib/schema so that unit tests and
// the CLI use them without Astro; the faultline-content integration has already validated
// everything, with every problem reported at once, before these loaders run.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { entriesLoader } from './lib/content/loader.ts';
import { EntrySchema } from './lib/schema/entry.ts';
import { SymptomSchema } from './lib/schema/symptom.ts';

// FAULTLINE_CONTENT points the build at another content folder (the benchmark's corpus).
const content = process.env.FAULTLINE_CONTENT ?? './content';

export const collections = {
  entries: defineCollection({
    // bodies rendered once here, not compiled as MDX modules (src/lib/content/loader.ts);
    // a leading underscore marks a draft that is never built
    loader: entriesLoader(),
    schema: EntrySchema,
  }),
  symptoms: defineCollection({
    loader: file(`${content}/symptoms.yaml`),
    schema: SymptomSchema,
  }),
};
