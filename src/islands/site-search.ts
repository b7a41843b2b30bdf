/**
 * The site's search index, without a page: Pagefind's JS API (loaded on first use, never on page
 * load), the word list "did you mean" respells from, and the chips' counts. search.ts holds the
 * panel's state and draws it; this module only answers questions about the index.
 */
import { rankByWords, variantsOf, vocabularyWords, wordListPart, type WordHit } from '../lib/search-terms.ts';
import variants from '../../content/search-variants.json';

export interface ResultData {
  url: string;
  /** the page's indexed text */
  content: string;
  excerpt: string;
  meta: Record<string, string>;
  sub_results: { title: string; url: string; excerpt: string }[];
}
export interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<ResultData>;
}
interface PagefindSearch {
  results: PagefindResult[];
  filters: Record<string, Record<string, number>>;
  totalFilters: Record<string, Record<string, number>>;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(q: string | null, o?: { filters?: Record<string, string[]> }): Promise<PagefindSearch | null>;
  preload(q: string): Promise<void>;
}

/**
 * The facets, in this order, each behind a button of the filter bar: its values and their
 * counts show only when it is opened, so the results stay at the top of the dialog (the chips
 * of a broad query filled most of it, and all of a phone's screen). Tag works from the URL too.
 */
export const FACETS = [
  { key: 'category', label: 'Category' },
  { key: 'framework', label: 'Framework' },
  { key: 'stage', label: 'Stage' },
  { key: 'version', label: 'Version' },
];
/**
 * Pagefind loads a filter's index only when a search names that filter, and an empty list of
 * values filters nothing out. Naming the chip facets this way gets their counts without
 * Pagefind.filters(), which loads every filter's index, the tag filter's too: the largest of
 * them, and needed only when a tag is filtered on. The counts are fetched once a facet is first
 * opened; a query before that loads none (docs/performance.md, "The first search query").
 */
const FACET_SCOPE: Record<string, string[]> = Object.fromEntries(FACETS.map((f) => [f.key, []]));
export type Filters = Record<string, string[]>;
type FacetCounts = Record<string, Record<string, number>>;
/** The chips' counts: `all` for a query before the chips filter it, `current` with them. */
export interface Counts {
  all: FacetCounts;
  current: FacetCounts | undefined;
}

/** What each word of a query finds, and the pages ranked over them (rankByWords). */
export interface WordRanking {
  hits: Map<string, WordHit[]>;
  results: Map<string, PagefindResult>;
  ids: string[];
  held: string[];
}

/** What a list of results comes from: the pages ranked over their words, or the terms Pagefind searched. */
export type Source = { ids: string[]; terms?: undefined } | { ids?: undefined; terms: string | null };

/**
 * The last code point, a noncharacter: it sorts after every word an index can hold, so
 * Pagefind loads no chunk for it.
 */
const WARM_UP_WORD = '\u{10FFFF}';

let pagefindPromise: Promise<Pagefind> | undefined;

function loadPagefind(base: string): Promise<Pagefind> {
  pagefindPromise ??= (async () => {
    const pf = (await import(/* @vite-ignore */ `${base}pagefind/pagefind.js`)) as Pagefind;
    // noWorker: Pagefind 1.6 would otherwise fetch pagefind-worker.js, a second copy of its
    // code, and start a worker before the first query; our index is small enough to search on
    // the main thread
    await pf.options({ excerptLength: 24, highlightParam: 'highlight', noWorker: true });
    await pf.init();
    // The browser compiles Pagefind's search code, JavaScript and WebAssembly, the first time it
    // runs. A search for a word past the index's last chunk fetches nothing and finds nothing,
    // but runs that code while the reader is still typing, so the first real query shows its
    // results sooner, for no byte more (docs/performance.md, "The first search query").
    await pf.search(WARM_UP_WORD).catch(() => {});
    return pf;
  })();
  return pagefindPromise;
}

export class SiteSearch {
  readonly #base: string;
  /** The site's word list, by part (words). */
  readonly #vocabulary = new Map<string, Promise<string[]>>();
  /** Every entry's count for each chip value (countsOverAll). */
  #overAll: FacetCounts | undefined;
  #facetPagesOnce: Promise<Map<string, Map<string, Set<string>>>> | undefined;

  /** The pages in the index (SearchPanel.astro's data-indexed), over which a word's rarity is weighed. */
  readonly #indexed: number | undefined;

  constructor(base: string, indexed?: number) {
    this.#base = base;
    this.#indexed = indexed;
  }

  /** Pagefind, loaded once for the page; rejects when the site has no index. */
  ready(): Promise<Pagefind> {
    return loadPagefind(this.#base);
  }

  /** Starts fetching the index chunks `terms` need; a failure is left to the search that follows. */
  preload(terms: string) {
    void this.ready()
      .then((pf) => pf.preload(terms))
      .catch(() => {});
  }

  /**
   * What each word finds, its variants (content/search-variants.json) with it, and the pages
   * ranked over them all (rankByWords), with the pages holding each of `phrases` as typed
   * (Pagefind's search of the pair in quotes, which needs the chunks of the same words). A page
   * several of them find scores as the best. The words are searched at once, so that the index
   * chunks they need are fetched side by side.
   */
  async wordHits(words: string[], phrases: string[] = []): Promise<WordRanking> {
    const pf = await this.ready();
    const searched = words.map((word) => variantsOf(word, variants.groups));
    // Pagefind matches a word as a prefix of the words in every index chunk loaded so far, and
    // the chunks it fetches for a word need not hold every longer word starting with it
    // ("error" finds more pages once the chunk of "errors" is loaded). Searched side by
    // side, a word would find more or fewer pages as another word's chunk arrived before or
    // after it, and the same query would rank differently from one load to the next; the
    // chunks of all the words are fetched first, side by side, and the words searched after.
    // (A pair's words are among the words, so the pairs need no chunk of their own.)
    await Promise.all(searched.flat().map((term) => pf.preload(term)));
    const together = Promise.all(
      phrases.map(async (phrase) => {
        const found = (await pf.search(`"${phrase}"`))?.results ?? [];
        return [phrase, found.map((r) => ({ id: r.id, score: r.score }))] as const;
      }),
    );
    const found = await Promise.all(
      searched.map((list) => Promise.all(list.map(async (v) => ({ v, results: (await pf.search(v))?.results ?? [] })))),
    );
    const hits = new Map<string, WordHit[]>();
    const results = new Map<string, PagefindResult>();
    words.forEach((word, i) => {
      const best = new Map<string, number>();
      for (const { v, results: list } of found[i]!) {
        // scores on one scale, the best page's 1; a variant is a guess at what the reader meant,
        // so it counts half as much as the word typed
        const scale = (v === word ? 1 : 0.5) / Math.max(...list.map((r) => r.score), Number.MIN_VALUE);
        for (const r of list) {
          results.set(r.id, r);
          best.set(r.id, Math.max(best.get(r.id) ?? 0, r.score * scale));
        }
      }
      hits.set(
        word,
        [...best].map(([id, score]) => ({ id, score })),
      );
    });
    return { hits, results, ...rankByWords(hits, this.#indexed, new Map(await together)) };
  }

  /** Pagefind's own search of `terms` (null: the filters alone), naming the chip facets when `counting`. */
  async search(terms: string | null, filters: Filters, counting: boolean) {
    const pf = await this.ready();
    return pf.search(terms, { filters: counting ? { ...FACET_SCOPE, ...filters } : filters });
  }

  /**
   * The site's words that start as the query's words of four letters or more do
   * (api/v1/words/<part>.json, one file per first letter, each fetched once), most used first.
   */
  async words(query: string): Promise<string[]> {
    const parts = [...new Set(vocabularyWords(query).map(wordListPart))];
    const lists = await Promise.all(
      parts.map((part) => {
        let list = this.#vocabulary.get(part);
        if (!list) {
          list = fetch(`${this.#base}api/v1/words/${part}.json`)
            // a letter no site word starts with has no file: it adds no word
            .then((r) =>
              r.ok
                ? (r.json() as Promise<{ words: string[] }>).then((j) => j.words)
                : r.status === 404
                  ? []
                  : Promise.reject(new Error(String(r.status))),
            )
            .catch((error: unknown) => {
              this.#vocabulary.delete(part); // tried again by the next query
              throw error;
            });
          this.#vocabulary.set(part, list);
        }
        return list;
      }),
    );
    return lists.flat();
  }

  /** The chips' counts from a search that named the chip facets (search with `counting`). */
  async countsOf(terms: string | null, search: PagefindSearch | null): Promise<Counts> {
    // without words, every entry is a result before the chips filter them
    return {
      all: terms ? (search?.totalFilters ?? {}) : await this.#countsOverAll(),
      current: search?.filters ?? {},
    };
  }

  /** The chips' counts for the results of `source` under `filters`. */
  async countsFor(source: Source | undefined, filters: Filters): Promise<Counts> {
    const ids = source?.ids;
    if (ids) {
      const allowed = Object.keys(filters).length ? await this.allowed(filters) : undefined;
      return this.tally(ids, allowed ? ids.filter((id) => allowed.has(id)) : ids);
    }
    const terms = source?.terms ?? null;
    if (!terms && !Object.keys(filters).length) return { all: await this.#countsOverAll(), current: undefined };
    return this.countsOf(terms, await this.search(terms, filters, true));
  }

  /** The pages the filters allow, as Pagefind filters them. */
  async allowed(filters: Filters): Promise<Set<string>> {
    const pf = await this.ready();
    return new Set((await pf.search(null, { filters }))?.results.map((r) => r.id));
  }

  /**
   * The chips' counts for results ranked by their words: each value counts the results that
   * carry it with no filter (`all`, of `ids`) and under the chosen filters (`current`, of
   * `shown`), so a chip's number is the number of results that choosing it leaves.
   */
  async tally(ids: string[], shown: string[]): Promise<Counts> {
    const pages = await this.#facetPages();
    const count = (list: string[]) => {
      const out: FacetCounts = {};
      for (const [facet, values] of pages) {
        const of: Record<string, number> = (out[facet] = {});
        for (const [value, set] of values) of[value] = list.filter((id) => set.has(id)).length;
      }
      return out;
    };
    return { all: count(ids), current: count(shown) };
  }

  /** For each chip facet and value, the pages carrying it: one search per value, made once, over filter indexes counting loads anyway. */
  #facetPages(): Promise<Map<string, Map<string, Set<string>>>> {
    this.#facetPagesOnce ??= (async () => {
      const pf = await this.ready();
      const overAll = await this.#countsOverAll();
      const out = new Map<string, Map<string, Set<string>>>();
      for (const { key } of FACETS) {
        const values = new Map<string, Set<string>>();
        for (const value of Object.keys(overAll[key] ?? {})) {
          values.set(
            value,
            new Set((await pf.search(null, { filters: { [key]: [value] } }))?.results.map((r) => r.id)),
          );
        }
        out.set(key, values);
      }
      return out;
    })();
    return this.#facetPagesOnce;
  }

  /**
   * Every entry's count for each chip value: the counts of a search without words and without
   * a value chosen. Pagefind leaves totalFilters at 0 for a search without words, so these
   * stand in for them when only chips are chosen (and the chips with nothing typed or chosen
   * showed 0 each).
   */
  async #countsOverAll(): Promise<FacetCounts> {
    const pf = await this.ready();
    this.#overAll ??= (await pf.search(null, { filters: FACET_SCOPE }))?.filters;
    return this.#overAll ?? {};
  }
}
