/**
 * Fingerprints for the built site: the published entries of the site index, weighed with
 * their example logs. Written once per build to /api/v1/fingerprints.json; the entries' word
 * profiles, from the same entries and logs, to /api/v1/profiles.json.
 */
import { readExamplesFor } from './read.ts';
import type { SiteIndex } from '../lib/indexes/site-index.ts';
import { buildFingerprints } from './fingerprints.ts';
import type { Fingerprints } from '../lib/diagnose/fingerprints.ts';
import { triggeredSignals } from '../lib/diagnose/match.ts';
import type { WordProfiles } from '../lib/diagnose/profiles.ts';
import type { ExampleLog } from '../lib/schema/sources.ts';
import { entryProfiles } from './profiles.ts';

let cached: Fingerprints | undefined;
const logsRead = new Map<string, ExampleLog[]>();

/** An entry's example logs, read from disk once for both files. */
function examplesOf(slug: string): ExampleLog[] {
  let logs = logsRead.get(slug);
  if (!logs) logsRead.set(slug, (logs = readExamplesFor(process.cwd(), slug)));
  return logs;
}

export function siteFingerprints(site: SiteIndex): Fingerprints {
  if (cached) return cached;
  const examples = new Map<string, string[]>();
  for (const e of site.entries) {
    // hand-written logs only, as in from-content.ts: real ones are the evaluation set
    const texts = examplesOf(e.slug)
      .filter((x) => !x.real)
      .map((x) => x.text);
    if (texts.length) examples.set(e.id, texts);
  }
  cached = buildFingerprints(
    site.allEntries,
    site.symptoms,
    examples,
    triggeredSignals,
    site.packages,
    site.knownIssues,
  );
  return cached;
}

export function siteProfiles(site: SiteIndex): WordProfiles {
  return entryProfiles(site.entries, examplesOf);
}
