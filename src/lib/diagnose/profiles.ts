/**
 * When no line of a log matches a fingerprint, the entries whose words it shares most.
 *
 * Each entry has a word profile: the words of its own text (title, summary, fingerprint,
 * symptoms and their patterns, cues, the thread titles of `asked`) and of its example logs,
 * weighed by TF-IDF over entries. A word is counted once a document, so a log that repeats a
 * line a thousand times weighs as much as one that prints it once, and a word every entry's
 * logs hold (`Traceback`, `File`, `line`) is worth almost nothing. A log is scored against each
 * profile by the weights of the words it holds; the entry's vector is normalised, so an entry
 * with many logs does not win by size.
 *
 * This is a lead, not a match: no line was recognised, so every result is low confidence and
 * the pages say so. It finds the entry a fingerprint missed because the log words the failure
 * differently (an older release, another tool's message), which is how most real logs that
 * match nothing are missed. Pure: the build makes the profiles (src/build/profiles.ts), the
 * browser and the CLI score logs against them.
 */

/** A log is compared by its last characters: where a failure is reported, and a bounded cost. */
export const PROFILE_TAIL = 200_000;
/** Results given: the pages show at most this many leads. */
const LIMIT = 3;
/**
 * The least sum of weights a first lead needs. Below it the log shares only words any training
 * output holds (`epoch 1 loss 0.3`), and a lead would be noise; it must stay under the sums of
 * the right leads measured on real logs (docs/diagnose-evaluation.md, "A floor for the first
 * lead").
 */
const MIN_SCORE = 0.5;
/** Words shown as the reason for a lead. */
const SHOWN_WORDS = 5;

export interface WordProfiles {
  version: 1;
  /**
   * Each entry's words with their weight: (1 + ln count) × idf² / the entry's norm, so that a
   * log's score for an entry is the sum of the weights of the words it holds (cosine over idf).
   */
  entries: { id: string; words: Record<string, number> }[];
}

export interface Closest {
  id: string;
  /** 0–1, relative to the first lead */
  score: number;
  /** the shared words that weigh most, heaviest first */
  words: string[];
}

/** Words no profile keeps: English glue that says nothing about a failure. */
const STOP = new Set(
  'the and for with this that from not are was were has have had you your but its into can will when what which than then out all any use using used one two via per get got set may also off been being very'.split(
    ' ',
  ),
);

/**
 * Runs of letters, digits and underscores, dotted names kept whole as well as in parts
 * (`torch.cuda.OutOfMemoryError` gives the whole and `torch`, `cuda`, `outofmemoryerror`). A
 * run is a word when it starts with a letter once leading underscores are dropped, so `0x7f`
 * and `12GB` are not words and `__init__` is `init__`. Each repetition of the group starts at
 * a dot, so there is one way to match any text.
 */
const WORD = /\w+(?:\.\w+)*/g;
const HEX = /^[0-9a-f]+$/;
const ALNUM = /^[a-z0-9]+$/;
/** Every expression this module runs on a log's text, for npm run check:regexes to prove linear. */
export const PROFILE_REGEXES: readonly RegExp[] = [WORD, HEX, ALNUM];

/**
 * A hash, a job or request id, a random file name: a word of one log that no other log will
 * hold, and that would be shown as the reason for a lead.
 */
function looksLikeId(w: string): boolean {
  let digits = 0;
  for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) >= 48 && w.charCodeAt(i) <= 57) digits++;
  if (!digits) return false;
  return (w.length >= 8 && HEX.test(w)) || (w.length >= 12 && digits >= 2 && ALNUM.test(w));
}

/** The distinct words of a text, in lower case: what profiles are built from and logs compared by. */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  const keep = (run: string) => {
    let from = 0;
    while (run.charCodeAt(from) === 95) from++; // _
    const w = from ? run.slice(from) : run;
    const first = w.charCodeAt(0);
    if (first >= 97 && first <= 122 && w.length >= 3 && !STOP.has(w) && !looksLikeId(w)) out.add(w);
  };
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    keep(w);
    if (w.includes('.')) for (const part of w.split('.')) keep(part);
  }
  return out;
}

/** Three significant digits: the profile file stays small and the same from build to build. */
const round = (x: number) => Number(x.toPrecision(3));

/**
 * Profiles from documents, each the words of one text of one entry (its own text, or one log).
 * Entries come out in the order first seen, words sorted, so the output is deterministic.
 */
export function buildProfiles(docs: readonly { entry: string; words: ReadonlySet<string> }[]): WordProfiles {
  const counts = new Map<string, Map<string, number>>();
  for (const d of docs) {
    let c = counts.get(d.entry);
    if (!c) counts.set(d.entry, (c = new Map()));
    for (const w of d.words) c.set(w, (c.get(w) ?? 0) + 1);
  }
  const entriesWith = new Map<string, number>();
  for (const c of counts.values()) for (const w of c.keys()) entriesWith.set(w, (entriesWith.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + counts.size / entriesWith.get(w)!);
  const entries = [...counts].map(([id, c]) => {
    const weighted = [...c].map(([w, n]) => [w, (1 + Math.log(n)) * idf(w)] as const);
    const norm = Math.sqrt(weighted.reduce((sum, [, v]) => sum + v * v, 0)) || 1;
    const words = weighted
      .map(([w, v]) => [w, round((v * idf(w)) / norm)] as const)
      .filter(([, v]) => v > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { id, words: Object.fromEntries(words) };
  });
  return { version: 1, entries };
}

/**
 * The entries a log shares the most weighted words with, best first; none when the first
 * would be under MIN_SCORE. Scores are relative to the first lead (1).
 */
export function closestEntries(text: string, profiles: WordProfiles, limit = LIMIT): Closest[] {
  const words = wordsOf(text.length > PROFILE_TAIL ? text.slice(-PROFILE_TAIL) : text);
  const scored = profiles.entries
    .map((e) => {
      let score = 0;
      const shared: [string, number][] = [];
      for (const w of words) {
        const v = Object.hasOwn(e.words, w) ? e.words[w]! : 0;
        if (!v) continue;
        score += v;
        shared.push([w, v]);
      }
      return { id: e.id, score, shared };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
  const top = scored[0]?.score ?? 0;
  if (top < MIN_SCORE) return [];
  return scored.map((s) => ({ id: s.id, score: round(s.score / top), words: reasons(s.shared) }));
}

/** The heaviest shared words, a dotted name standing for its own parts. */
function reasons(shared: [string, number][]): string[] {
  const out: string[] = [];
  for (const [w] of shared.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (out.length === SHOWN_WORDS) break;
    if (out.some((o) => o.includes('.') && o.split('.').includes(w))) continue;
    out.push(w);
  }
  return out;
}
