/**
 * buildSiteIndex: every derived index, computed once from the validated collections.
 * Pages and components read this object; none of them query content themselves.
 * Pure and deterministic: everything is sorted, so the output never depends on file order.
 */
import type { Entry } from '../content/validate.ts';
import type { SymptomData } from '../schema/symptom.ts';
import { CATEGORIES, FRAMEWORKS, STAGES } from '../schema/vocabulary.ts';
import { computeRelated, type RelatedLink } from './related.ts';

export interface SymptomOccurrence {
  entry: Entry;
  ref: Entry['symptoms'][number];
}

export interface SymptomIndexItem {
  symptom: SymptomData;
  occurrences: SymptomOccurrence[];
}

export interface Facet {
  id: string;
  label: string;
  entries: Entry[];
}

export interface SiteIndex {
  /** published entries, by id */
  entries: Entry[];
  /** every entry, tombstones included, for redirects */
  allEntries: Entry[];
  byId: Map<string, Entry>;
  bySlug: Map<string, Entry>;
  symptoms: SymptomData[];
  symptomById: Map<string, SymptomData>;
  /** symptom id → the entries showing it, published only */
  symptomIndex: Map<string, SymptomIndexItem>;
  categories: (Facet & { prefix: string })[];
  tags: Facet[];
  frameworks: Facet[];
  stages: Facet[];
  related: Map<string, RelatedLink[]>;
}

const byEntryId = (a: Entry, b: Entry) => a.id.localeCompare(b.id, 'en', { numeric: true });

function facet<T extends string>(entries: Entry[], vocab: readonly { id: string; label: string }[] | null, pick: (e: Entry) => readonly T[]): Facet[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    for (const v of pick(e)) {
      const list = groups.get(v);
      if (list) list.push(e);
      else groups.set(v, [e]);
    }
  }
  const ids = vocab ? vocab.map((v) => v.id).filter((id) => groups.has(id)) : [...groups.keys()].sort();
  return ids.map((id) => ({ id, label: vocab?.find((v) => v.id === id)?.label ?? id, entries: groups.get(id)!.sort(byEntryId) }));
}

export function buildSiteIndex(allEntries: readonly Entry[], symptoms: readonly SymptomData[]): SiteIndex {
  const all = [...allEntries].sort(byEntryId);
  const entries = all.filter((e) => e.status === 'published');
  const symptomIndex = new Map<string, SymptomIndexItem>();
  const sortedSymptoms = [...symptoms].sort((a, b) => a.id.localeCompare(b.id));
  for (const symptom of sortedSymptoms) symptomIndex.set(symptom.id, { symptom, occurrences: [] });
  for (const entry of entries) {
    for (const ref of entry.symptoms) symptomIndex.get(ref.symptom)?.occurrences.push({ entry, ref });
  }
  // The symptom's own category first (the usual causes of an OOM are memory entries), then by id.
  for (const item of symptomIndex.values()) {
    item.occurrences.sort((a, b) => Number(b.entry.category === item.symptom.category) - Number(a.entry.category === item.symptom.category) || byEntryId(a.entry, b.entry));
  }
  return {
    entries,
    allEntries: all,
    byId: new Map(all.map((e) => [e.id, e])),
    bySlug: new Map(all.map((e) => [e.slug, e])),
    symptoms: sortedSymptoms,
    symptomById: new Map(sortedSymptoms.map((s) => [s.id, s])),
    symptomIndex,
    categories: CATEGORIES.map((c) => ({ id: c.id, label: c.label, prefix: c.prefix, entries: entries.filter((e) => e.category === c.id) })),
    tags: facet(entries, null, (e) => e.tags),
    frameworks: facet(entries, FRAMEWORKS, (e) => e.frameworks),
    stages: facet(entries, STAGES, (e) => e.stage),
    related: new Map(entries.map((e) => [e.id, computeRelated(e, entries)])),
  };
}
