/**
 * The symptom cross-reference index: every canonical symptom with the entries that show it,
 * grouped by category, most-shared first. Pure: the site index in, plain data out.
 */
import type { SymptomData } from '../schema/symptom.ts';
import { CATEGORIES } from '../schema/vocabulary.ts';
import type { SymptomIndexItem } from './site-index.ts';
import { compareText } from '../order.ts';

export interface SymptomGroup {
  category: string;
  label: string;
  items: (SymptomIndexItem & { count: number })[];
}

/** Groups in category order; within a group, most entries first, then by label. */
export function groupSymptoms(index: ReadonlyMap<string, SymptomIndexItem>): SymptomGroup[] {
  const groups = new Map<string, SymptomGroup['items']>();
  for (const item of index.values()) {
    const list = groups.get(item.symptom.category) ?? [];
    list.push({ ...item, count: item.occurrences.length });
    groups.set(item.symptom.category, list);
  }
  return CATEGORIES.filter((c) => groups.has(c.id)).map((c) => ({
    category: c.id,
    label: c.label,
    items: groups
      .get(c.id)!
      .sort(
        (a, b) =>
          b.count - a.count || compareText(a.symptom.label, b.symptom.label) || compareText(a.symptom.id, b.symptom.id),
      ),
  }));
}

/** Registry symptoms no published entry uses: reported by the content lint. */
export function unusedSymptoms(index: ReadonlyMap<string, SymptomIndexItem>): SymptomData[] {
  return [...index.values()].filter((i) => i.occurrences.length === 0).map((i) => i.symptom);
}
