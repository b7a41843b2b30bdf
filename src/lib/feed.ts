/** Feed items: the newest entries first, by their `updated` date, then by id. */
import type { Entry } from './content/validate.ts';
import { inlineToText } from './inline.ts';
import { entryUrl } from './urls.ts';
import { compareIds } from './order.ts';

export const FEED_SIZE = 50;

export function feedItems(entries: readonly Entry[]) {
  return [...entries]
    .sort((a, b) => b.updated.localeCompare(a.updated) || compareIds(a.id, b.id))
    .slice(0, FEED_SIZE)
    .map((e) => ({
      title: `${e.id}: ${e.title}`,
      link: entryUrl(e.slug),
      description: inlineToText(e.summary),
      pubDate: new Date(`${e.updated}T00:00:00Z`),
      categories: [e.category, ...e.tags],
    }));
}
