/**
 * What search sends to Pagefind for a query. Pagefind returns only pages holding every word of
 * a query, and downloads the index chunk of each word. English function words are in every
 * entry (in 90 to 100% of the 87 entries here: "the", "of", "to", …), so they narrow nothing
 * and barely move the ranking; but each is one of the largest chunks of the index, because it
 * is in every page many times. Pasted error lines are full of them: "Expected all tensors to be
 * on the same device" downloaded 163 KiB before, 141 KiB without "to", "on" and "the" (real site;
 * at 1,000 synthetic entries "the loss is nan" went from 237 to 147 KiB). Negations ("not",
 * "no") stay: they are in most entries too, but a reader who types one means it.
 */
import { distance } from './schema/errors.ts';

const FUNCTION_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'by', 'for', 'from', 'if', 'in', 'is', 'it', 'its', 'of', 'on', 'or', 'so', 'that', 'the', 'then', 'this', 'to', 'when', 'which', 'with']);

/** The word as a function word would be typed: any case, maybe ending a clause ("device, on"). */
const bare = (word: string) => word.toLowerCase().replace(/[,.;:!?]+$/, '');

/**
 * The query without its function words, unless it is nothing else (a search for "the" is
 * still a search) or holds a quoted phrase (Pagefind matches a phrase in quotes word for
 * word, function words included).
 */
export function searchTerms(query: string): string {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (query.includes('"')) return words.join(' ');
  const kept = words.filter((w) => !FUNCTION_WORDS.has(bare(w)));
  return (kept.length ? kept : words).join(' ');
}

/**
 * The words to search again when no entry holds every word of a query. A pasted error line
 * carries values no entry contains ("Tried to allocate 2.00 GiB", "SeqNum=1234"), and Pagefind,
 * which wants every word, then finds nothing. `matches` holds, for each word, the pages that
 * hold it. The page holding the most of the query, each word counted by its rarity (a word on
 * few pages tells more than one on most), decides: the words it holds are searched again, so
 * Pagefind ranks every page that holds them all, and that page among them. Words in the order
 * given; empty when no word is on any page.
 */
export function bestMatchTerms(words: string[], matches: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const pages = new Set<string>();
  for (const w of words) for (const id of matches.get(w) ?? []) pages.add(id);
  const weight = (w: string) => Math.log(1 + pages.size / (matches.get(w)?.size || 1));
  let best: string[] = [];
  let bestScore = 0;
  for (const id of pages) {
    const held = words.filter((w) => matches.get(w)?.has(id));
    const score = held.reduce((s, w) => s + weight(w), 0);
    if (score > bestScore) [best, bestScore] = [held, score];
  }
  return best;
}

/** How long search waits after a keystroke before it runs, so that typing runs one search, not one per letter. */
export const TYPING_PAUSE_MS = 60;

/**
 * The wait before searching after an edit. Text that arrived more than one character at a
 * time (pasted, dropped, picked from autocomplete, a word deleted) is searched at once: no
 * more keystrokes are coming to wait for.
 */
export function searchDelay(before: string, after: string): number {
  return Math.abs(after.length - before.length) > 1 ? 0 : TYPING_PAUSE_MS;
}

/** Words of a text as the vocabulary holds them: lower case, letters, digits and underscores, four or more long, not a number. */
export function vocabularyWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length >= 4 && /\p{L}/u.test(w));
}

/** The query's words (as vocabularyWords) that none of the texts holds, case aside. */
export function unmatchedWords(query: string, texts: readonly string[]): string[] {
  const lower = texts.map((t) => t.toLowerCase());
  return vocabularyWords(query).filter((w) => !lower.some((t) => t.includes(w)));
}

/**
 * A spelling of a query in the site's words: each word of four letters or more that is not in
 * `vocabulary` becomes the closest word that is (one edit
 * away, two for a word of seven letters or more; on a tie, the one more entries use, which is
 * the order of `vocabulary`). Undefined when no word changes. Pagefind matches word prefixes
 * only, so a typo inside a word ("wachdog") otherwise finds nothing.
 */
export function suggestQuery(query: string, vocabulary: readonly string[]): string | undefined {
  const known = new Set(vocabulary);
  let changed = false;
  const out = query.replace(/[\p{L}\p{N}_]{4,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (!/\p{L}/u.test(lower) || known.has(lower)) return word;
    const max = lower.length >= 7 ? 2 : 1;
    let best: string | undefined;
    let bestD = max + 1;
    for (const candidate of vocabulary) {
      if (Math.abs(candidate.length - lower.length) > max) continue;
      const d = distance(lower, candidate);
      if (d < bestD) [best, bestD] = [candidate, d];
    }
    if (best === undefined) return word;
    changed = true;
    return best;
  });
  return changed ? out : undefined;
}
