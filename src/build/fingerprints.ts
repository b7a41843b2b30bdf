/**
 * The fingerprints (src/lib/diagnose/fingerprints.ts) from the validated content, for the site's
 * /api/v1/fingerprints.json and the CLI's data.
 *
 * Weights are not hand-tuned. A signal's weight is an inverse document frequency over
 * entries: ln(1 + N / df), where df counts the entries that declare the signal and the
 * entries whose example logs trigger it. A line every out-of-memory entry prints is worth
 * little; a line only one failure prints is worth a lot. Each pattern's prefilter (the words
 * a line must hold) is worked out here too, so that the matcher needs no parser.
 */
import type { Entry } from '../lib/content/validate.ts';
import type { SymptomData } from '../lib/schema/symptom.ts';
import { entryUrl, knownIssuesIndexUrl, knownIssueUrl, symptomUrl } from '../lib/urls.ts';
import type { PackageData } from '../lib/schema/versions.ts';
import type { KnownIssue } from '../lib/schema/known-issue.ts';
import { prefilterOf } from '../lib/diagnose/tokens.ts';
import { KNOWN_ISSUE_SYMPTOM, type Fingerprints, type Signal } from '../lib/diagnose/fingerprints.ts';

function idf(n: number, df: number): number {
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
    cues: published.flatMap((e) => e.cues.map((source) => ({ entry: e.id, source, ...prefilterOf(source) }))),
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
    if (cur) {
      cur.entries = [...new Set([...cur.entries, ...ids])].sort();
      return;
    }
    const multiline = source.includes('\\n');
    signals.set(key, {
      source,
      symptom,
      entries: [...ids].sort(),
      weight: 0,
      multiline,
      origin,
      ...prefilterOf(source, multiline),
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
