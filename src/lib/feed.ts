/** Feed items: the newest entries first, by their `updated` date, then by id. */
import type { Entry } from './content/validate.ts';
import { inlineToText } from './inline.ts';
import { entryUrl } from './urls.ts';

export const FEED_SIZE = 50;

export function feedItems(entries: readonly Entry[]) {
  return [...entries]
    .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id, 'en', { numeric: true }))
    .slice(0, FEED_SIZE)
    .map((e) => ({
      title: `${e.id}: ${e.title}`,
      link: entryUrl(e.slug),
      description: inlineToText(e.summary),
      pubDate: new Date(`${e.updated}T00:00:00Z`),
      categories: [e.category, ...e.tags],
    }));
}
