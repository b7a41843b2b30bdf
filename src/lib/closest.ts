/** The entries whose slug, alias or id is closest to a mistyped path: the 404 page's guesses. */
import { distance } from './schema/errors.ts';
import { compareIds } from './order.ts';

export interface SlugRecord {
  id: string;
  slug: string;
  title: string;
  url: string;
  aliases: string[];
}

/** The last meaningful segment of a path: /entries/activaton-distilation/ → activaton-distilation */
export function wantedName(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts.at(-1) ?? '').toLowerCase();
}

export function closestEntries(wanted: string, entries: readonly SlugRecord[], n = 3): SlugRecord[] {
  if (!wanted) return [];
  const score = (e: SlugRecord) => Math.min(...[e.slug, ...e.aliases, e.id.toLowerCase()].map((name) => distance(wanted, name) / Math.max(wanted.length, name.length)));
  return entries
    .map((e) => ({ e, s: score(e) }))
    .filter((x) => x.s < 0.5)
    .sort((a, b) => a.s - b.s || compareIds(a.e.id, b.e.id))
    .slice(0, n)
    .map((x) => x.e);
}
