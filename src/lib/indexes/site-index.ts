/**
 * buildSiteIndex: every derived index, computed once from the validated collections.
 * Pages and components read this object; none of them query content themselves.
 * Pure and deterministic: everything is sorted, so the output never depends on file order.
 */
import type { Entry } from '../content/validate.ts';
import type { SymptomData } from '../schema/symptom.ts';
import { CATEGORIES, FRAMEWORKS, STAGES } from '../schema/vocabulary.ts';
import { computeRelated, type RelatedLink } from './related.ts';
import { compareIds, compareText } from '../order.ts';
import { tagListedUrl, tagUrl } from '../urls.ts';
import type { PackageData } from '../schema/versions.ts';
import { buildVersionIndex, type PackageVersions } from './versions.ts';
import type { KnownIssue } from '../schema/known-issue.ts';

/**
 * A tag gets a page of its own once this many published entries carry it. Most tags name one
 * entry (258 of 342 in content/): a page listing that one entry was a dead end, and rendering
 * those pages was a quarter of the build. Such a tag is listed on the tags index with its
 * entry, its chip links there, and its /tags/<tag>/ URL redirects there, so a link to it
 * never breaks; when a second entry takes the tag, the page comes back at the same URL.
 */
export const TAG_PAGE_MIN_ENTRIES = 2;
/** Whether a tag carried by `count` published entries has a page of its own. */
export const tagHasPage = (count: number) => count >= TAG_PAGE_MIN_ENTRIES;

/** Tags of published entries, with how many carry each. */
export function tagCounts(entries: readonly Entry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of entries)
    if (e.status === 'published') for (const t of new Set(e.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Where a tag's chip links: its page, its row on the tags index, or nowhere (no published entry carries it). */
export function tagHref(site: SiteIndex, tag: string): string | undefined {
  const n = site.tagById.get(tag)?.entries.length ?? 0;
  return tagHasPage(n) ? tagUrl(tag) : n === 1 ? tagListedUrl(tag) : undefined;
}

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
  tagById: Map<string, Facet>;
  frameworks: Facet[];
  stages: Facet[];
  related: Map<string, RelatedLink[]>;
  /** the package registry, in its order */
  packages: PackageData[];
  packageById: Map<string, PackageData>;
  /** per package of the registry: its entries, known issues and release boundaries (the upgrade pages) */
  versions: PackageVersions[];
  /** the known-issue records that stand (not withdrawn), by id: the lists, the feed, search and diagnose */
  knownIssues: KnownIssue[];
  /** every known-issue record, withdrawn ones included: their pages and short links */
  allKnownIssues: KnownIssue[];
  knownIssueBySlug: Map<string, KnownIssue>;
  /** entry slug → the known issues filed under it */
  knownIssuesByEntry: Map<string, KnownIssue[]>;
}

const byEntryId = (a: Entry, b: Entry) => compareIds(a.id, b.id);

function facet<T extends string>(
  entries: Entry[],
  vocab: readonly { id: string; label: string }[] | null,
  pick: (e: Entry) => readonly T[],
): Facet[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    // a value listed twice by one entry counts once
    for (const v of new Set(pick(e))) {
      const list = groups.get(v);
      if (list) list.push(e);
      else groups.set(v, [e]);
    }
  }
  const ids = vocab ? vocab.map((v) => v.id).filter((id) => groups.has(id)) : [...groups.keys()].sort();
  return ids.map((id) => ({
    id,
    label: vocab?.find((v) => v.id === id)?.label ?? id,
    entries: groups.get(id)!.sort(byEntryId),
  }));
}

export function buildSiteIndex(
  allEntries: readonly Entry[],
  symptoms: readonly SymptomData[],
  packages: readonly PackageData[] = [],
  knownIssues: readonly KnownIssue[] = [],
): SiteIndex {
  const everyIssue = [...knownIssues].sort((a, b) => compareText(a.id, b.id));
  const issues = everyIssue.filter((k) => !k.withdrawn);
  const byEntry = new Map<string, KnownIssue[]>();
  for (const k of issues) if (k.entry) byEntry.set(k.entry, [...(byEntry.get(k.entry) ?? []), k]);
  const all = [...allEntries].sort(byEntryId);
  const entries = all.filter((e) => e.status === 'published');
  const symptomIndex = new Map<string, SymptomIndexItem>();
  const sortedSymptoms = [...symptoms].sort((a, b) => compareText(a.id, b.id));
  for (const symptom of sortedSymptoms) symptomIndex.set(symptom.id, { symptom, occurrences: [] });
  for (const entry of entries) {
    for (const ref of entry.symptoms) symptomIndex.get(ref.symptom)?.occurrences.push({ entry, ref });
  }
  // The symptom's own category first (the usual causes of an OOM are memory entries), then by id.
  for (const item of symptomIndex.values()) {
    item.occurrences.sort(
      (a, b) =>
        Number(b.entry.category === item.symptom.category) - Number(a.entry.category === item.symptom.category) ||
        byEntryId(a.entry, b.entry),
    );
  }
  const tags = facet(entries, null, (e) => e.tags);
  return {
    entries,
    allEntries: all,
    byId: new Map(all.map((e) => [e.id, e])),
    bySlug: new Map(all.map((e) => [e.slug, e])),
    symptoms: sortedSymptoms,
    symptomById: new Map(sortedSymptoms.map((s) => [s.id, s])),
    symptomIndex,
    categories: CATEGORIES.map((c) => ({
      id: c.id,
      label: c.label,
      prefix: c.prefix,
      entries: entries.filter((e) => e.category === c.id),
    })),
    tags,
    tagById: new Map(tags.map((t) => [t.id, t])),
    frameworks: facet(entries, FRAMEWORKS, (e) => e.frameworks),
    stages: facet(entries, STAGES, (e) => e.stage),
    related: new Map(entries.map((e) => [e.id, computeRelated(e, entries)])),
    packages: [...packages],
    packageById: new Map(packages.map((p) => [p.id, p])),
    versions: buildVersionIndex(entries, packages, issues),
    knownIssues: issues,
    allKnownIssues: everyIssue,
    knownIssueBySlug: new Map(everyIssue.map((k) => [k.slug, k])),
    knownIssuesByEntry: byEntry,
  };
}
