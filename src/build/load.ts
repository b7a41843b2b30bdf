/**
 * The only getCollection calls on the site. Top-level await: every page that imports this
 * module shares one load and one buildSiteIndex.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { buildSiteIndex } from '../lib/indexes/site-index.ts';
import type { Entry } from '../lib/content/validate.ts';
import type { KnownIssue } from '../lib/schema/known-issue.ts';

const raw = await getCollection('entries');
const symptoms = (await getCollection('symptoms')).map((s) => s.data);
// in the file's order, which is the registry's
const packages = (await getCollection('packages')).map((p) => p.data);

export const entries: Entry[] = raw.map((e) => ({
  ...e.data,
  slug: e.id,
  file: e.filePath ?? `content/entries/${e.id}.mdx`,
}));

/** The collection entry behind each slug: its rendered body and the body's headings. */
export const collectionEntries = new Map<string, CollectionEntry<'entries'>>(raw.map((e) => [e.id, e]));

export const knownIssues: KnownIssue[] = (await getCollection('knownIssues')).map((k) => ({
  ...k.data,
  slug: k.id,
  file: k.filePath ?? `content/known-issues/${k.id}.yaml`,
}));

export const site = buildSiteIndex(entries, symptoms, packages, knownIssues);

/** The pages Pagefind indexes (EntryArticle.astro, KnownIssueArticle.astro): search weighs a word's rarity over them. */
export const indexedPages =
  entries.filter((e) => e.status === 'published').length + knownIssues.filter((k) => !k.withdrawn).length;
