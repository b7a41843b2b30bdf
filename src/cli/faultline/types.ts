/** The shape of the faultline command's data (data.ts builds it), without the code that builds it. */
import type { Fingerprints } from '../../lib/diagnose/fingerprints.ts';
import type { WordProfiles } from '../../lib/diagnose/profiles.ts';

/** Bumped when the shape changes, so that an old cache is rebuilt rather than misread. */
export const DATA_VERSION = 2;

export interface CliEntry {
  id: string;
  title: string;
  /** site-relative, like /api/v1/entries.json: /entries/<slug>/ */
  url: string;
  /** the short link that survives renames: /e/<ID>/ */
  shortUrl: string;
  /** the quick answer, as plain text */
  summary: string;
  fingerprint: string | null;
  rootCauses: { title: string; detail: string }[];
  fixes: { title: string; summary: string }[];
  /** the body's "## Fix" section as plain text */
  fixText: string;
}

export interface CliData {
  version: typeof DATA_VERSION;
  fingerprints: Fingerprints;
  /** the entries' word profiles, for a log that matches nothing */
  profiles: WordProfiles;
  entries: CliEntry[];
}
