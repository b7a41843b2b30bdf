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

export function computeRelated(entry: Entry, all: readonly Entry[], max = MAX_RELATED): RelatedLink[] {
  const symptoms = new Set(entry.symptoms.map((s) => s.symptom));
  const tags = new Set(entry.tags);
  const byId = new Map(all.map((e) => [e.id, e]));
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
  const scored = all
    .filter((o) => o.id !== entry.id && o.status === 'published' && !entry.related.includes(o.id))
    .map((o) => {
      const sharedSymptoms = o.symptoms.filter((s) => symptoms.has(s.symptom)).length;
      const sharedTags = o.tags.filter((t) => tags.has(t)).length;
      return { id: o.id, explicit: false, shares: sharesWith(o), score: sharedSymptoms * SYMPTOM_WEIGHT + sharedTags * TAG_WEIGHT };
    })
    .filter((r) => r.score > 0)
    // highest score first; ties broken by id so the order never depends on file order
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id, 'en', { numeric: true }));
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
