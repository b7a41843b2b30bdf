/** Feed items: the newest entries (or known issues) first, by their `updated` date, then by id. */
import type { Entry } from './content/validate.ts';
import type { KnownIssue } from './schema/known-issue.ts';
import { inlineToText } from './inline.ts';
import { entryUrl, knownIssueUrl } from './urls.ts';
import { compareIds, compareText } from './order.ts';

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

export function knownIssueFeedItems(issues: readonly KnownIssue[]) {
  return [...issues]
    .sort((a, b) => b.updated.localeCompare(a.updated) || compareText(a.id, b.id))
    .slice(0, FEED_SIZE)
    .map((k) => ({
      title: `${k.title} (${k.id})`,
      link: knownIssueUrl(k.slug),
      description: `${inlineToText(k.summary)} Fix: ${inlineToText(k.fix)}`,
      pubDate: new Date(`${k.updated}T00:00:00Z`),
      categories: ['known-issue', ...new Set(k.versions.affected.map((a) => a.package))],
    }));
}
