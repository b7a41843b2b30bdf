/** The entries whose slug, alias or id is closest to a mistyped path: the 404 page's guesses. */
import { distance } from 'fastest-levenshtein';
import { compareIds } from './order.ts';
import { decodeUrlPart } from './urls.ts';

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
  return decodeUrlPart(parts.at(-1) ?? '').toLowerCase();
}

/**
 * The words of the path's last segment, for a search: /entries/cuda-out-of-memory/ → "cuda out
 * of memory". Empty for a file name such as index.html and for a segment without letters.
 */
export function wantedWords(pathname: string): string {
  const name = wantedName(pathname);
  if (/\.(html?|php|aspx?|jsp|xml|json|txt|css|js|map|ico|png|jpe?g|gif|svg|webp)$/.test(name)) return '';
  const words = name.replace(/[-_+\s]+/g, ' ').trim();
  return /\p{L}/u.test(words) ? words : '';
}

export function closestEntries(wanted: string, entries: readonly SlugRecord[], n = 3): SlugRecord[] {
  if (!wanted) return [];
  const score = (e: SlugRecord) =>
    Math.min(
      ...[e.slug, ...e.aliases, e.id.toLowerCase()].map(
        (name) => distance(wanted, name) / Math.max(wanted.length, name.length),
      ),
    );
  return entries
    .map((e) => ({ e, s: score(e) }))
    .filter((x) => x.s < 0.5)
    .sort((a, b) => a.s - b.s || compareIds(a.e.id, b.e.id))
    .slice(0, n)
    .map((x) => x.e);
}
