/**
 * Related entries: the explicit `related` list first, in the author's order, then entries
 * that share canonical symptoms or tags, scored and ordered deterministically.
 */
import type { Entry } from '../content/validate.ts';

export interface RelatedLink {
  id: string;
  /** why it is listed: "listed by the author" or the shared symptoms and tags */
  explicit: boolean;
  shares: string[];
  score: number;
}

export const MAX_RELATED = 6;
/** A shared symptom says more about a common cause than a shared tag does. */
const SYMPTOM_WEIGHT = 3;
const TAG_WEIGHT = 1;

function bump(counts: Map<string, { symptoms: number; tags: number }>, id: string, key: 'symptoms' | 'tags') {
  const c = counts.get(id) ?? { symptoms: 0, tags: 0 };
  c[key]++;
  counts.set(id, c);
}

interface Inverted {
  byId: Map<string, Entry>;
  bySymptom: Map<string, Entry[]>;
  byTag: Map<string, Entry[]>;
}
const indexes = new WeakMap<readonly Entry[], Inverted>();
function indexFor(all: readonly Entry[]): Inverted {
  let idx = indexes.get(all);
  if (!idx) {
    idx = { byId: new Map(all.map((e) => [e.id, e])), bySymptom: new Map(), byTag: new Map() };
    const add = (map: Map<string, Entry[]>, key: string, e: Entry) => {
      const list = map.get(key);
      if (list) list.push(e);
      else map.set(key, [e]);
    };
    for (const e of all) {
      for (const s of new Set(e.symptoms.map((x) => x.symptom))) add(idx.bySymptom, s, e);
      for (const t of new Set(e.tags)) add(idx.byTag, t, e);
    }
    indexes.set(all, idx);
  }
  return idx;
}

export function computeRelated(entry: Entry, all: readonly Entry[], max = MAX_RELATED): RelatedLink[] {
  const symptoms = new Set(entry.symptoms.map((s) => s.symptom));
  const tags = new Set(entry.tags);
  const index = indexFor(all);
  const byId = index.byId;
  const sharesWith = (other: Entry) => [
    ...other.symptoms.map((s) => s.symptom).filter((s) => symptoms.has(s)),
    ...other.tags.filter((t) => tags.has(t) && !symptoms.has(t)),
  ];

  const out: RelatedLink[] = [];
  for (const id of entry.related) {
    const other = byId.get(id);
    if (!other || other.status !== 'published') continue;
    out.push({ id, explicit: true, shares: sharesWith(other), score: Infinity });
  }
  // Candidates come from an inverted index (symptom or tag → entries), so the cost grows with
  // the entries that share something, not with the whole collection.
  const counts = new Map<string, { symptoms: number; tags: number }>();
  for (const s of symptoms) for (const o of index.bySymptom.get(s) ?? []) bump(counts, o.id, 'symptoms');
  for (const t of tags) for (const o of index.byTag.get(t) ?? []) bump(counts, o.id, 'tags');
  const scored: RelatedLink[] = [];
  for (const [id, c] of counts) {
    const o = byId.get(id)!;
    if (id === entry.id || o.status !== 'published' || entry.related.includes(id)) continue;
    scored.push({ id, explicit: false, shares: sharesWith(o), score: c.symptoms * SYMPTOM_WEIGHT + c.tags * TAG_WEIGHT });
  }
  // highest score first; ties broken by id so the order never depends on file order
  scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id, 'en', { numeric: true }));
  return [...out, ...scored].slice(0, max);
}

/** Pairs where A lists B as related but B does not list A. */
export function findUnreciprocated(entries: readonly Entry[]): { from: Entry; to: string }[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const out: { from: Entry; to: string }[] = [];
  for (const e of entries) {
    for (const id of e.related) {
      const other = byId.get(id);
      if (other && !other.related.includes(e.id)) out.push({ from: e, to: id });
    }
  }
  return out;
}
