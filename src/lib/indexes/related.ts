/**
 * Related entries: the explicit `related` list first, in the author's order, then entries
 * that share canonical symptoms or tags, scored and ordered deterministically.
 */
import type { Entry } from '../content/validate.ts';
import { compareIds } from '../order.ts';

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

interface Inverted {
  byId: Map<string, Entry>;
  /** entry → its position in `all`; the lists below hold positions */
  pos: Map<string, number>;
  bySymptom: Map<string, number[]>;
  byTag: Map<string, number[]>;
  /** each entry's place in id order, for ties */
  order: Int32Array;
  /** 1 for a published entry: the counting loop reads typed arrays only, never an entry
   * (reading each candidate's status from its object was mostly cache misses) */
  published: Uint8Array;
  /** scratch counters, one slot per entry, reset after each use */
  symptomCount: Int32Array;
  tagCount: Int32Array;
}
const indexes = new WeakMap<readonly Entry[], Inverted>();
function indexFor(all: readonly Entry[]): Inverted {
  let idx = indexes.get(all);
  if (!idx) {
    idx = {
      byId: new Map(all.map((e) => [e.id, e])),
      pos: new Map(all.map((e, i) => [e.id, i])),
      order: new Int32Array(all.length),
      published: Uint8Array.from(all, (e) => (e.status === 'published' ? 1 : 0)),
      bySymptom: new Map(),
      byTag: new Map(),
      symptomCount: new Int32Array(all.length),
      tagCount: new Int32Array(all.length),
    };
    const add = (map: Map<string, number[]>, key: string, i: number) => {
      const list = map.get(key);
      if (list) list.push(i);
      else map.set(key, [i]);
    };
    all.forEach((e, i) => {
      for (const s of new Set(e.symptoms.map((x) => x.symptom))) add(idx!.bySymptom, s, i);
      for (const t of new Set(e.tags)) add(idx!.byTag, t, i);
    });
    all
      .map((e, i) => ({ id: e.id, i }))
      .sort((a, b) => compareIds(a.id, b.id))
      .forEach((x, rank) => (idx!.order[x.i] = rank));
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
  // the entries that share something, not with the whole collection. A shared symptom can
  // still name a large part of a big collection, so the counting works on positions and typed
  // arrays, and only the few entries kept are ordered and described.
  const { symptomCount, tagCount } = index;
  const touched: number[] = [];
  const bump = (counts: Int32Array, i: number) => {
    if (symptomCount[i] === 0 && tagCount[i] === 0) touched.push(i);
    counts[i]!++;
  };
  for (const s of symptoms) for (const i of index.bySymptom.get(s) ?? []) bump(symptomCount, i);
  for (const t of tags) for (const i of index.byTag.get(t) ?? []) bump(tagCount, i);
  const self = index.pos.get(entry.id);
  const { order, published } = index;
  const listed = entry.related.map((id) => index.pos.get(id) ?? -1);
  // highest score first; ties broken by id (order) so the result never depends on file order
  const limit = Math.max(0, max - out.length);
  const kept: { i: number; score: number }[] = [];
  for (const i of touched) {
    const score = symptomCount[i]! * SYMPTOM_WEIGHT + tagCount[i]! * TAG_WEIGHT;
    symptomCount[i] = 0;
    tagCount[i] = 0;
    if (i === self || !published[i] || listed.includes(i)) continue;
    // insert into the few kept so far, in order; most candidates fail the first test
    let at = kept.length;
    while (
      at > 0 &&
      (score > kept[at - 1]!.score || (score === kept[at - 1]!.score && order[i]! < order[kept[at - 1]!.i]!))
    )
      at--;
    if (at >= limit) continue;
    kept.splice(at, 0, { i, score });
    if (kept.length > limit) kept.pop();
  }
  return [
    ...out,
    ...kept.map((k) => ({ id: all[k.i]!.id, explicit: false, shares: sharesWith(all[k.i]!), score: k.score })),
  ].slice(0, max);
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
