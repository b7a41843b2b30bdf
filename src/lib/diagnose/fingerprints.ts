/**
 * The data the log matcher runs on: serialisable, written by the build to
 * /api/v1/fingerprints.json for the browser worker and incident bots, and made in memory by the
 * CLI from content/. src/build/fingerprints.ts builds it from the validated content; this
 * module is its format, which the matcher and the ranking read.
 */
import type { Prefilter } from './tokens.ts';

/**
 * The symptom every known issue's signature stands for. A record's signature names one bug, so
 * its signals support that record alone and are weighed like an entry's own patterns.
 */
export const KNOWN_ISSUE_SYMPTOM = 'known-issue';

export interface Signal extends Prefilter {
  /** regular expression source, matched against clean lines (or a window of lines if multiline) */
  source: string;
  symptom: string;
  /** ids of the entries this signal supports */
  entries: string[];
  weight: number;
  multiline: boolean;
  /** where the pattern comes from: the registry, an entry's own symptoms[].patterns, or a known issue's signature */
  origin: 'registry' | 'entry' | 'known-issue';
}

export interface Fingerprints {
  version: 1;
  /**
   * `symptom` is the entry's first (defining) symptom; `tellApart` holds, for each symptom the
   * entry shares with others, the check that tells it apart (shown under "one of these").
   */
  entries: {
    id: string;
    title: string;
    url: string;
    category: string;
    symptom: string;
    tellApart?: Record<string, string>;
    /** the entry's release ranges, for the versions a log shows */
    affected?: { package: string; range: string; fixedIn?: string }[];
    /** set for a known issue (content/known-issues), absent for an entry */
    kind?: 'known-issue';
    /** a known issue's entry: the id of the failure it is one cause of */
    entry?: string;
  }[];
  /** the packages whose versions diagnose reads from a log, by id and the names logs use */
  packages?: { id: string; name: string; aliases: string[] }[];
  /** `generic`: the entry that explains the symptom when a log shows nothing more specific */
  symptoms: { id: string; label: string; url: string; collateral: boolean; generic?: string; level?: 'warning' }[];
  signals: Signal[];
  cues: ({ entry: string; source: string } & Prefilter)[];
}
