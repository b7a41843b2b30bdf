/**
 * The entries' word profiles (src/lib/diagnose/profiles.ts), for the site's
 * /api/v1/profiles.json, the CLI's data and the evaluation: the same documents each time.
 *
 * A profile holds the entry's own text, its hand-written logs and the development part of its
 * real logs. The held-out part never shapes a profile: it measures the matcher on logs nothing
 * was built from (src/build/evaluate.ts).
 */
import type { Entry } from '../lib/content/validate.ts';
import type { ExampleLog } from '../lib/schema/sources.ts';
import { buildProfiles, wordsOf, type WordProfiles } from '../lib/diagnose/profiles.ts';
import { partOf } from './evaluate.ts';

export interface ProfileDoc {
  entry: string;
  words: Set<string>;
  /** the log's file and thread; undefined for the entry's own text */
  file?: string;
  source?: string;
}

/** The words an entry says about itself. */
function ownText(e: Entry): string {
  return [
    e.title,
    e.summary,
    e.fingerprint ?? '',
    ...e.symptoms.flatMap((s) => [s.wording, ...(s.patterns ?? [])]),
    ...e.cues,
    ...(e.asked ?? []).map((a) => a.title),
  ].join('\n');
}

/** One document for each published entry's own text, and one for each log a profile may use. */
export function profileDocs(
  entries: readonly Entry[],
  examplesOf: (slug: string) => readonly ExampleLog[],
): ProfileDoc[] {
  const docs: ProfileDoc[] = [];
  for (const e of entries) {
    if (e.status !== 'published') continue;
    docs.push({ entry: e.id, words: wordsOf(ownText(e)) });
    for (const log of examplesOf(e.slug))
      if (!log.real || partOf(log) === 'development')
        docs.push({ entry: e.id, words: wordsOf(log.text), file: log.file, source: log.real?.source });
  }
  return docs;
}

export function entryProfiles(
  entries: readonly Entry[],
  examplesOf: (slug: string) => readonly ExampleLog[],
): WordProfiles {
  return buildProfiles(profileDocs(entries, examplesOf));
}

/**
 * Profiles as they would be without a log: without its own file and without any log copied
 * from the same thread. The evaluation scores a development log against these, never against
 * profiles built from it.
 */
export function profilesWithout(docs: readonly ProfileDoc[], log: { file: string; source?: string }): WordProfiles {
  return buildProfiles(docs.filter((d) => d.file !== log.file && !(log.source && d.source === log.source)));
}
