// Wiring only: loaders and schemas. The schemas live in src/lib/schema so that unit tests and
// the CLI use them without Astro; the faultline-content integration has already validated
// everything, with every problem reported at once, before these loaders run.
// defineCollection from astro/content/config, not astro:content: the virtual module brings
// Astro's whole server runtime through Vite (about 60 modules to transform) before the content
// sync can start, and the config needs none of it.
import { defineCollection } from 'astro/content/config';
import { entriesLoader, knownIssuesLoader, packagesLoader, symptomsLoader } from './build/loader.ts';
import { KnownIssueSchema } from './lib/schema/known-issue.ts';
import { EntrySchema } from './lib/schema/entry.ts';
import { SymptomSchema } from './lib/schema/symptom.ts';
import { PackageSchema } from './lib/schema/versions.ts';

export const collections = {
  entries: defineCollection({
    // bodies rendered once here, not compiled as MDX modules (src/build/loader.ts);
    // a leading underscore marks a draft that is never built
    loader: entriesLoader(),
    schema: EntrySchema,
  }),
  symptoms: defineCollection({
    // content/symptoms.yaml, or the registry of the folder FAULTLINE_CONTENT names
    loader: symptomsLoader(),
    schema: SymptomSchema,
  }),
  knownIssues: defineCollection({
    // content/known-issues/*.yaml: short records of library bugs and regressions
    loader: knownIssuesLoader(),
    schema: KnownIssueSchema,
  }),
  packages: defineCollection({
    // content/packages.yaml, when the content folder has one
    loader: packagesLoader(),
    schema: PackageSchema,
  }),
};
