/**
 * What search sends to Pagefind for a query. Pagefind returns only pages holding every word of
 * a query, and downloads the index chunk of each word. English function words are in every
 * entry ("the", "of", "to", …), so they narrow nothing and barely move the ranking; but each is
 * one of the largest chunks of the index, because it is in every page many times, and pasted
 * error lines are full of them (docs/performance.md, "The first search query"). Negations ("not",
 * "no") stay: they are in most entries too, but a reader who types one means it.
 */
import { distance } from 'fastest-levenshtein';

const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'by',
  'for',
  'from',
  'if',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'so',
  'that',
  'the',
  'then',
  'this',
  'to',
  'when',
  'which',
  'with',
]);

/**
 * Chinese, Japanese and Korean script (Han, kana, Hangul, and their punctuation), which no page
 * of the site is written in. A title such as "微调gemma，报错" holds its telling words in Latin
 * script ("gemma", an exception's name, a library) glued to the rest, with no space between;
 * split there, the Latin words are searched.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f]+/gu;

/** Whether a query holds Chinese, Japanese or Korean script, whose terms inSearchScript translates. */
export const hasCjk = (query: string): boolean => query.search(CJK) >= 0;

/**
 * The query as search reads it: full-width forms as their ASCII letters and punctuation (NFKC:
 * "，" is ",", "（" is "("), and each run of Chinese, Japanese or Korean script replaced by the
 * English of the terms it holds that `translations` knows (content/search-translations.json; the
 * longest term first at each place), or by a space. Text in Latin script changes only by NFKC.
 */
export function inSearchScript(query: string, translations: Readonly<Record<string, string>> = {}): string {
  const terms = Object.keys(translations).sort((a, b) => b.length - a.length);
  return query.normalize('NFKC').replace(CJK, (run) => {
    const found: string[] = [];
    for (let i = 0; i < run.length;) {
      const term = terms.find((t) => run.startsWith(t, i));
      if (term) found.push(translations[term]!);
      i += term ? term.length : 1;
    }
    return found.length ? ` ${found.join(' ')} ` : ' ';
  });
}

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
 * Words that say how a reader asks rather than what failed ("my loss becomes NaN during the
 * first epoch"): searched for nothing and weighed nothing. A word in most entries weighs
 * little anyway; these are here because some are rare in entries ("quite", "throws") and a
 * rare word would otherwise weigh the most. So are the negative contractions as queryWords
 * writes them ("can't" is cant, "won't" wont): few pages hold one, and those would come first.
 */
const FILLER = new Set([
  'about',
  'after',
  'again',
  'all',
  'also',
  'always',
  'am',
  'any',
  'anyone',
  'arent',
  'be',
  'been',
  'before',
  'being',
  'but',
  'can',
  'cannot',
  'cant',
  'could',
  'couldnt',
  'did',
  'didnt',
  'do',
  'does',
  'doesnt',
  'doing',
  'dont',
  'during',
  'each',
  'even',
  'every',
  'get',
  'gets',
  'getting',
  'got',
  'had',
  'hadnt',
  'happen',
  'happened',
  'happening',
  'happens',
  'has',
  'hasnt',
  'have',
  'havent',
  'having',
  'help',
  'how',
  'i',
  'im',
  'into',
  'isnt',
  'just',
  'me',
  'my',
  'occur',
  'occurred',
  'occurring',
  'occurs',
  'only',
  'our',
  'please',
  'problem',
  'problems',
  'quite',
  'really',
  'seems',
  'should',
  'shouldnt',
  'some',
  'something',
  'still',
  'than',
  'their',
  'them',
  'there',
  'these',
  'they',
  'those',
  'throw',
  'throwing',
  'thrown',
  'throws',
  'very',
  'was',
  'wasnt',
  'we',
  'were',
  'werent',
  'what',
  'whats',
  'where',
  'while',
  'why',
  'will',
  'wont',
  'would',
  'wouldnt',
  'you',
  'your',
]);

/** Punctuation a word is typed with that no entry word holds: quotes, brackets, a clause's end, an exception's colon. */
const EDGES = /^[\s"'`“”‘’([{<]+|[\s"'`“”‘’)\]}>,.;:!?]+$/g;

/**
 * The words of a query as ranking searches them: lower case, without the punctuation around
 * them ("RuntimeError:" is runtimeerror, "increasing." is increasing, a quoted message is its
 * words; an issue title's tag glued to the next word, "[QUESTION]exits", is two words), without
 * function words and filler. A dotted, slashed or underscored identifier
 * (numpy.random, torch.cuda.OutOfMemoryError, NCCL_P2P_DISABLE) is searched whole and by its
 * parts, so both the identifier and its pieces find it. Each word once, in the order typed.
 */
export function queryWords(query: string): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    if (w && !out.includes(w) && !FUNCTION_WORDS.has(w) && !FILLER.has(w)) out.push(w);
  };
  for (const token of query.toLowerCase().replace(/\]/g, '] ').split(/\s+/)) {
    const word = token
      .replace(EDGES, '')
      .replace(/[’']s$/, '')
      .replace(/n[’']t$/, 'nt');
    if (!word) continue;
    add(word);
    if (/[./_:]/.test(word) && /\p{L}/u.test(word))
      for (const part of word.split(/[./_:]+/)) if (part.length >= 2) add(part);
  }
  return out;
}

/**
 * The pairs of words a query holds side by side ("shared memory", "gradient checkpointing"),
 * each a phrase Pagefind can find as typed: both words plain (letters, digits, hyphens), neither
 * a function word nor filler, nothing between them, not even a clause's comma. A page that holds
 * a pair as the reader wrote it is about what the two words name together, not each alone.
 */
export function queryPhrases(query: string): string[] {
  const raw = query.toLowerCase().split(/\s+/);
  const plain = (t: string) => /^[\p{L}\p{N}][\p{L}\p{N}-]*$/u.test(t) && !FUNCTION_WORDS.has(t) && !FILLER.has(t);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i++) {
    if (/[,.;:!?)\]]$/.test(raw[i]!)) continue;
    const [a, b] = [raw[i]!.replace(EDGES, ''), raw[i + 1]!.replace(EDGES, '')];
    const pair = `${a} ${b}`;
    if (plain(a) && plain(b) && !out.includes(pair)) out.push(pair);
  }
  return out;
}

/**
 * The words searched for one query word: itself and its variants in the vocabulary
 * (content/search-variants.json). A plural in no group stands for its singular ("OOMs" for
 * "oom"), which Pagefind's stemmer finds as well.
 */
export function variantsOf(word: string, groups: readonly (readonly string[])[]): string[] {
  const listed = (w: string) => groups.some((g) => g.includes(w));
  const key =
    !listed(word) && word.length > 3 && word.endsWith('s') && listed(word.slice(0, -1)) ? word.slice(0, -1) : word;
  const out = [word];
  for (const group of groups) if (group.includes(key)) for (const v of group) if (!out.includes(v)) out.push(v);
  return out;
}

/** A page Pagefind found for one word, with Pagefind's score for it (higher is better). */
export interface WordHit {
  id: string;
  score: number;
}

/**
 * What a pair of query words found side by side adds to a page, against a word's rarity: a
 * fifth of the pair's own rarity, enough to order pages that hold the same words, not to lift a
 * page that holds fewer of them (chosen on the development queries, docs/search-evaluation.md).
 */
const PHRASE_WEIGHT = 0.2;

/** A result's score against the first's below which it is not shown: it holds too little of the query. */
const SHOWN_FROM = 0.4;

/**
 * Entries ranked over what each word of a query finds, not only over the pages holding every
 * word: a sentence always has a word its entry does not use. A word counts by its rarity over
 * the `indexed` pages (on few, it tells much; on most, little) and by where the page holds it,
 * through Pagefind's score for that word alone, which weighs a title, fingerprint or symptom
 * over the body. A page's sum then grows with the share of the query's words it holds, up to
 * twice for all of them, so that one page holding most of a sentence's words comes before
 * pages each holding one rare word of it. `hits` holds, for each word, its pages (variants
 * merged); a word no page holds counts for nothing, and words that begin alike and find the same
 * pages (forms of one word to Pagefind's stemmer) count as one. The pages scoring at least
 * SHOWN_FROM of the first's are the results, best first (a page holding one common word of a
 * two-word query is not one); `held` is the words the first holds, in the query's order (the others are the
 * words it leaves out). Without `indexed`, rarity is over the pages the words found.
 * `phrases` holds, for each pair of words the query has side by side (queryPhrases), the pages
 * holding that pair: each such page found by the words gains PHRASE_WEIGHT of the pair's rarity.
 */
export function rankByWords(
  hits: ReadonlyMap<string, readonly WordHit[]>,
  indexed?: number,
  phrases: ReadonlyMap<string, readonly WordHit[]> = new Map(),
): { ids: string[]; held: string[] } {
  const pages = new Set<string>();
  for (const list of hits.values()) for (const h of list) pages.add(h.id);
  const total = Math.max(indexed ?? 0, pages.size);
  const score = new Map<string, number>();
  const holds = new Map<string, number>();
  // two forms of one word ("resize", "resizable") are one word to Pagefind's stemmer: they find
  // the same pages (with a higher score where a page holds the form typed). Words that begin with
  // the same four letters and find the same pages count once, or those pages would count the
  // word twice; words that begin differently are two words wherever they are found
  const pagesOf = (list: readonly WordHit[]) =>
    list
      .map((h) => h.id)
      .sort()
      .join(' ');
  const forms = new Set<string>();
  const found = [...hits].flatMap(([word, list]) => {
    const form = `${word.slice(0, 4)} ${pagesOf(list)}`;
    if (!list.length || forms.has(form)) return [];
    forms.add(form);
    return [list];
  });
  for (const list of found) {
    const rarity = Math.log(1 + total / list.length);
    const best = Math.max(...list.map((h) => h.score)) || 1;
    for (const h of list) {
      score.set(h.id, (score.get(h.id) ?? 0) + rarity * (0.2 + (0.8 * h.score) / best));
      holds.set(h.id, (holds.get(h.id) ?? 0) + 1);
    }
  }
  for (const list of phrases.values()) {
    if (!list.length) continue;
    const rarity = Math.log(1 + total / list.length);
    for (const h of list) if (score.has(h.id)) score.set(h.id, score.get(h.id)! + PHRASE_WEIGHT * rarity);
  }
  for (const [id, s] of score) score.set(id, s * (1 + holds.get(id)! / found.length));
  const ranked = [...pages].sort((a, b) => score.get(b)! - score.get(a)!);
  if (!ranked.length) return { ids: [], held: [] };
  const held = [...hits.keys()].filter((w) => hits.get(w)!.some((h) => h.id === ranked[0]));
  const top = score.get(ranked[0]!)!;
  return { ids: ranked.filter((id) => score.get(id)! >= top * SHOWN_FROM), held };
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

/**
 * The part of the site's word list a word is in (api/v1/words/<part>.json): its first letter
 * or digit, "_" for anything else. A misspelling is looked up only among the words that start
 * as it does, so a query fetches the parts of its words' first letters, not the whole list.
 */
export const wordListPart = (word: string): string => (/^[a-z0-9]/.test(word) ? word[0]! : '_');

/** The query's words (as vocabularyWords) that none of the texts holds, case aside. */
export function unmatchedWords(query: string, texts: readonly string[]): string[] {
  const lower = texts.map((t) => t.toLowerCase());
  return vocabularyWords(query).filter((w) => !lower.some((t) => t.includes(w)));
}

/**
 * Endings Pagefind's stemmer takes off a word: a known word with one of them ("epochs",
 * "gathered") is found as it is typed, so it is not a misspelling, though the word list holds
 * only the form the entries' titles and symptoms use.
 */
const INFLECTIONS = ['s', 'es', 'd', 'ed', 'ing', 'er', 'ers'];

/**
 * Edits between two words: Levenshtein's, except that two neighbouring letters typed in the
 * wrong order ("bacth", "workres") count as one edit, as they are one slip of the fingers.
 */
function typoDistance(a: string, b: string): number {
  if (a.length === b.length) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return 1;
  }
  return distance(a, b);
}

/**
 * Two forms of one word: the same first five letters or more, then two endings of at most three
 * letters in the shorter that differ by more than a slip ("calculating", "calculation";
 * "frequently", "frequency"; but "trainning" is a slip of "training").
 */
function sameStem(a: string, b: string): boolean {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n >= 5 && n >= Math.min(a.length, b.length) - 3 && distance(a.slice(n), b.slice(n)) >= 2;
}

/**
 * A spelling of a query in the site's words: each word of four letters or more that is not in
 * `vocabulary`, nor one of its words with an ending the stemmer removes, becomes the closest
 * word that is (one edit away, two for a word of nine letters or more, a swap of neighbouring
 * letters counting as one; on a tie, the one more entries use, which is the order of
 * `vocabulary`). Undefined when no word changes. Pagefind matches word prefixes only, so a typo
 * inside a word ("wachdog") otherwise finds nothing.
 *
 * A word not in `vocabulary` is more often a real word the site does not use than a slip, so
 * only a close word that a slip could have made counts: one with the same first letter
 * ("heights" is not "weights", "undocumented" not "documented"), and not the word with letters
 * added, taken or changed at its end, which is another form of it ("complain", "computer",
 * "calculating") or a word Pagefind already finds by its prefix ("trainin"); and not a word
 * with other digits, which name a different thing rather than a slip ("batchnorm3d" is not
 * "batchnorm1d", "gpt2" not "gptq").
 */
export function suggestQuery(query: string, vocabulary: readonly string[]): string | undefined {
  const known = new Set(vocabulary);
  let changed = false;
  const out = query.replace(/[\p{L}\p{N}_]{4,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (!/\p{L}/u.test(lower) || known.has(lower)) return word;
    if (INFLECTIONS.some((e) => lower.endsWith(e) && known.has(lower.slice(0, -e.length)))) return word;
    const max = lower.length >= 9 ? 2 : 1;
    const digits = lower.replace(/\D/g, '');
    let best: string | undefined;
    let bestD = max + 1;
    for (const candidate of vocabulary) {
      if (Math.abs(candidate.length - lower.length) > max || candidate[0] !== lower[0]) continue;
      if (candidate.startsWith(lower) || lower.startsWith(candidate) || sameStem(lower, candidate)) continue;
      if (candidate.replace(/\D/g, '') !== digits) continue;
      const d = typoDistance(lower, candidate);
      if (d < bestD) [best, bestD] = [candidate, d];
    }
    if (best === undefined) return word;
    changed = true;
    return best;
  });
  return changed ? out : undefined;
}
