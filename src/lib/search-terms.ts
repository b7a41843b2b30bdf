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
