/**
 * Fingerprints straight from content/, for the CLI and the tests: the same reader, schema,
 * validation and builder as the site, without Astro.
 */
import { readContent } from './read.ts';
import { validateContent, type ValidatedContent } from '../lib/content/validate.ts';
import { buildFingerprints } from './fingerprints.ts';
import type { Fingerprints } from '../lib/diagnose/fingerprints.ts';
import { triggeredSignals } from '../lib/diagnose/match.ts';

export function examplesById(content: ValidatedContent): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of content.entries) {
    // hand-written logs only: real ones are the evaluation set and never shape the weights
    const ex = content.examples.get(e.slug)?.filter((x) => !x.real);
    if (ex?.length && e.status === 'published')
      out.set(
        e.id,
        ex.map((x) => x.text),
      );
  }
  return out;
}

export function fingerprintsFor(content: ValidatedContent): Fingerprints {
  return buildFingerprints(
    content.entries,
    content.symptoms,
    examplesById(content),
    triggeredSignals,
    content.packages,
    content.knownIssues.filter((k) => !k.withdrawn),
  );
}

export function loadFingerprints(root: string): { fp: Fingerprints; content: ValidatedContent } {
  const content = validateContent(readContent(root));
  return { fp: fingerprintsFor(content), content };
}
