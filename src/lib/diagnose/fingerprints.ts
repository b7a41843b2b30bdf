/**
 * The data the log matcher runs on, built from the validated content. It is serialisable:
 * the build writes it to /api/v1/fingerprints.json for the browser worker and incident bots,
 * and the CLI builds it in memory from content/ with this same function.
 *
 * Weights are not hand-tuned. A signal's weight is an inverse document frequency over
 * entries: ln(1 + N / df), where df counts the entries that declare the signal and the
 * entries whose example logs trigger it. A line every out-of-memory entry prints is worth
 * little; a line only one failure prints is worth a lot.
 */
import type { Entry } from '../content/validate.ts';
import type { SymptomData } from '../schema/symptom.ts';
import { entryUrl, knownIssuesIndexUrl, knownIssueUrl, symptomUrl } from '../urls.ts';
import type { PackageData } from '../schema/versions.ts';
import type { KnownIssue } from '../schema/known-issue.ts';

/**
 * The symptom every known issue's signature stands for. A record's signature names one bug, so
 * its signals support that record alone and are weighed like an entry's own patterns.
 */
export const KNOWN_ISSUE_SYMPTOM = 'known-issue';

export interface Signal {
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
  cues: { entry: string; source: string }[];
}

export function idf(n: number, df: number): number {
  return Math.log(1 + n / Math.max(1, df));
}

/**
 * @param examples example log texts per entry id, used to measure how generic a signal is;
 *                 pass an empty map to weigh by declarations alone.
 * @param triggered returns the signals (by index) that fire on a text; injected so that this
 *                  module does not depend on the matcher.
 */
export function buildFingerprints(
  entries: readonly Entry[],
  symptoms: readonly SymptomData[],
  examples: ReadonlyMap<string, string[]> = new Map(),
  triggered?: (fp: Fingerprints, text: string) => Set<number>,
  packages: readonly PackageData[] = [],
  knownIssues: readonly KnownIssue[] = [],
): Fingerprints {
  const published = entries.filter((e) => e.status === 'published');
  const bySymptom = new Map<string, string[]>();
  for (const e of published)
    for (const s of e.symptoms) {
      const ids = bySymptom.get(s.symptom);
      if (ids) ids.push(e.id);
      else bySymptom.set(s.symptom, [e.id]);
    }
  const sortedSymptoms = [...symptoms].sort((a, b) => a.id.localeCompare(b.id));
  const fp: Fingerprints = {
    version: 1,
    entries: entryItems(published, bySymptom).concat(knownIssueItems(knownIssues, published)),
    ...(packages.length ? { packages: packages.map((p) => ({ id: p.id, name: p.name, aliases: p.aliases })) } : {}),
    symptoms: symptomItems(sortedSymptoms, knownIssues.length > 0),
    signals: collectSignals(published, sortedSymptoms, bySymptom, knownIssues),
    cues: published.flatMap((e) => e.cues.map((source) => ({ entry: e.id, source }))),
  };
  weighSignals(fp, published.length, examples, triggered);
  return fp;
}

type FingerprintItem = Fingerprints['entries'][number];

const ranges = (affected: readonly { package: string; range: string; fixedIn?: string }[]) =>
  affected.map((a) => ({ package: a.package, range: a.range, ...(a.fixedIn ? { fixedIn: a.fixedIn } : {}) }));

/** Each published entry: its first symptom, its tell-apart notes for shared symptoms, its ranges. */
function entryItems(published: readonly Entry[], bySymptom: ReadonlyMap<string, string[]>): FingerprintItem[] {
  return published.map((e): FingerprintItem => {
    const tell = e.symptoms
      .filter((s) => s.tellApart && (bySymptom.get(s.symptom)?.length ?? 0) > 1)
      .map((s) => [s.symptom, s.tellApart!] as const);
    const affected = ranges(e.versions?.affected ?? []);
    return {
      id: e.id,
      title: e.title,
      url: entryUrl(e.slug),
      category: e.category,
      symptom: e.symptoms[0]!.symptom,
      ...(tell.length ? { tellApart: Object.fromEntries(tell) } : {}),
      ...(affected.length ? { affected } : {}),
    };
  });
}

/** Each known issue, under the "known issue" symptom, with its ranges and the entry it belongs under. */
function knownIssueItems(knownIssues: readonly KnownIssue[], published: readonly Entry[]): FingerprintItem[] {
  const bySlug = new Map(published.map((e) => [e.slug, e.id]));
  return knownIssues.map((k) => ({
    id: k.id,
    title: k.title,
    url: knownIssueUrl(k.slug),
    category: KNOWN_ISSUE_SYMPTOM,
    symptom: KNOWN_ISSUE_SYMPTOM,
    affected: ranges(k.versions.affected),
    kind: 'known-issue' as const,
    ...(k.entry && bySlug.get(k.entry) ? { entry: bySlug.get(k.entry)! } : {}),
  }));
}

/** The registry's symptoms, and the "known issue" symptom when there are records. */
function symptomItems(sorted: readonly SymptomData[], withKnownIssues: boolean): Fingerprints['symptoms'] {
  return sorted
    .map((s): Fingerprints['symptoms'][number] => ({
      id: s.id,
      label: s.label,
      url: symptomUrl(s.id),
      collateral: s.collateral,
      ...(s.generic ? { generic: s.generic } : {}),
      ...(s.level ? { level: s.level } : {}),
    }))
    .concat(
      withKnownIssues
        ? [{ id: KNOWN_ISSUE_SYMPTOM, label: 'Known issue', url: knownIssuesIndexUrl(), collateral: false }]
        : [],
    );
}

/**
 * One signal per symptom and pattern, naming every entry (or record) it points to: the
 * registry's patterns for the entries that declare the symptom, then each entry's own, then
 * each record's signature. Weights are set afterwards (weighSignals).
 */
function collectSignals(
  published: readonly Entry[],
  sortedSymptoms: readonly SymptomData[],
  bySymptom: ReadonlyMap<string, string[]>,
  knownIssues: readonly KnownIssue[],
): Signal[] {
  const signals = new Map<string, Signal>();
  const add = (source: string, symptom: string, ids: string[], origin: Signal['origin']) => {
    const key = `${symptom}\u0000${source}`;
    const cur = signals.get(key);
    if (cur) cur.entries = [...new Set([...cur.entries, ...ids])].sort();
    else
      signals.set(key, {
        source,
        symptom,
        entries: [...ids].sort(),
        weight: 0,
        multiline: source.includes('\\n'),
        origin,
      });
  };
  for (const s of sortedSymptoms) {
    const ids = bySymptom.get(s.id);
    if (ids) for (const p of s.patterns) add(p, s.id, ids, 'registry');
  }
  for (const e of published) for (const s of e.symptoms) for (const p of s.patterns) add(p, s.symptom, [e.id], 'entry');
  for (const k of knownIssues) for (const p of k.signature) add(p, KNOWN_ISSUE_SYMPTOM, [k.id], 'known-issue');
  return [...signals.values()];
}

/**
 * How generic is each signal? Its weight is the rarity (idf) of the entries it names plus those
 * whose own examples trigger it, over the entries alone: adding known issues leaves the entries'
 * weights as they were.
 */
function weighSignals(
  fp: Fingerprints,
  entryCount: number,
  examples: ReadonlyMap<string, string[]>,
  triggered?: (fp: Fingerprints, text: string) => Set<number>,
): void {
  const triggeredBy = fp.signals.map((s) => new Set(s.entries));
  if (triggered) {
    for (const [id, texts] of examples) {
      for (const text of texts) for (const i of triggered(fp, text)) triggeredBy[i]!.add(id);
    }
  }
  fp.signals.forEach((s, i) => (s.weight = Math.round(idf(entryCount, triggeredBy[i]!.size) * 1000) / 1000));
}
