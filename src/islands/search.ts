/**
 * Search, on Pagefind's JS API: loaded when search is first opened, never on page load.
 * Query and filters can live in the URL (/search/?q=…&category=…); a pasted log is offered
 * to /diagnose/ through sessionStorage, and its most telling line is searched meanwhile.
 */
import { handOffLog } from './handoff.ts';
import { informativeLine } from '../lib/diagnose/normalize.ts';
import {
  queryWords,
  rankByWords,
  searchDelay,
  searchTerms,
  suggestQuery,
  TYPING_PAUSE_MS,
  unmatchedWords,
  variantsOf,
  vocabularyWords,
  wordListPart,
  type WordHit,
} from '../lib/search-terms.ts';
import variants from '../../content/search-variants.json';

interface ResultData {
  url: string;
  /** the page's indexed text */
  content: string;
  excerpt: string;
  meta: Record<string, string>;
  sub_results: { title: string; url: string; excerpt: string }[];
}
interface PagefindResult {
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
const FACETS = [
  { key: 'category', label: 'Category' },
  { key: 'framework', label: 'Framework' },
  { key: 'stage', label: 'Stage' },
  { key: 'version', label: 'Version' },
];
const URL_FACETS = [...FACETS.map((f) => f.key), 'tag'];
/**
 * Pagefind loads a filter's index only when a search names that filter, and an empty list of
 * values filters nothing out. Naming the chip facets this way gets their counts without
 * Pagefind.filters(), which loads every filter's index, the tag filter's too: the largest of
 * them, and needed only when a tag is filtered on. The counts are fetched once a facet is first
 * opened; a query before that loads none (docs/performance.md, "The first search query").
 */
const FACET_SCOPE: Record<string, string[]> = Object.fromEntries(FACETS.map((f) => [f.key, []]));
type FacetCounts = Record<string, Record<string, number>>;
/** The chips' counts: `all` for a query before the chips filter it, `current` with them. */
interface Counts {
  all: FacetCounts;
  current: FacetCounts | undefined;
}
/**
 * Results whose data is loaded at a time: each costs a fragment download. Five, as
 * Pagefind's own UI loads (its pageSize): a result with its sections is a third of the dialog's
 * height on a laptop, so five are more than a screenful.
 */
const MAX_RESULTS = 5;

/** What each word of a query finds, and the pages ranked over them (rankByWords). */
interface WordRanking {
  hits: Map<string, WordHit[]>;
  results: Map<string, PagefindResult>;
  ids: string[];
  held: string[];
}

/** A word that may be misspelt: letters only, five or more (a shorter one is too close to too many words). */
const misspellable = (w: string) => w.length >= 5 && /^\p{L}+$/u.test(w);

/** Longer than this, or on several lines, a query is a log rather than a search. */
export const LOG_LENGTH = 120;

/**
 * The last code point, a noncharacter: it sorts after every word an index can hold, so
 * Pagefind loads no chunk for it.
 */
const WARM_UP_WORD = '\u{10FFFF}';

let pagefindPromise: Promise<Pagefind> | undefined;

export function loadPagefind(base: string): Promise<Pagefind> {
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

export function isLog(text: string): boolean {
  return text.includes('\n') || text.trim().length > LOG_LENGTH;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Pagefind excerpts are our own indexed text with <mark>; keep only text and marks. */
function excerptNode(html: string): HTMLElement {
  const span = el('span', { class: 'excerpt' });
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  for (const node of tpl.content.childNodes) {
    if (node.nodeName === 'MARK') span.append(el('mark', {}, node.textContent ?? ''));
    else span.append(node.textContent ?? '');
  }
  return span;
}

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
/** The category known-issue pages carry (KnownIssueArticle.astro). */
const KNOWN_ISSUE_CATEGORY = 'Known issue';

/**
 * An error line pasted as a query is a phrase, but Pagefind ranks words. Among the loaded
 * results, entries whose fingerprint or symptom labels contain the whole query come first,
 * in Pagefind's order, then known issues whose signature lines contain it (a line an entry and
 * a record both hold is the failure mode's first; the record is one bug behind it); the rest
 * follow unchanged.
 */
export function exactFirst<T extends { meta: Record<string, string> }>(results: T[], query: string): T[] {
  const q = normal(query);
  if (q.split(' ').length < 2) return results;
  const exact = results.filter((r) => normal(r.meta.phrases ?? '').includes(q));
  const record = (r: T) => (r.meta.category === KNOWN_ISSUE_CATEGORY ? 1 : 0);
  exact.sort((a, b) => record(a) - record(b));
  return exact.length ? [...exact, ...results.filter((r) => !exact.includes(r))] : results;
}

export class SearchController {
  #root: HTMLElement;
  #input: HTMLInputElement;
  #results: HTMLOListElement;
  #status: HTMLElement;
  #filtersBox: HTMLElement;
  #logOffer: HTMLElement;
  #moreBox: HTMLElement;
  #moreButton: HTMLButtonElement;
  #suggestBox: HTMLElement;
  #suggestButton: HTMLButtonElement;
  /** the site's words, fetched the first time a query needs a suggestion (see #suggest) */
  /** The site's word list, by part (#words). */
  #vocabulary = new Map<string, Promise<string[]>>();
  #base: string;
  #sync: boolean;
  #selected = new Map<string, Set<string>>();
  #pastedLog: string | undefined;
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the facet counts are wanted: from the first time a facet is opened. */
  #countsWanted = false;
  /** Every entry's count for each chip value (see #countsOverAll). */
  #overAll: Record<string, Record<string, number>> | undefined;
  /**
   * The chips' counts for what is on screen: `all` for the query before the chips filter it,
   * `current` with them (none with nothing typed or chosen). Undefined until counted; `version`
   * goes up with each set, so a count that a newer one overtook is dropped.
   */
  #counts: Counts | undefined;
  #countsVersion = 0;
  /** The words given to Pagefind for the results on screen (null: chips only, or nothing). */
  /** What the results on screen come from: the pages ranked over their words before any filter, or the terms Pagefind searched. */
  #shown: { ids: string[] | undefined; terms: string | null } | null = null;
  #facetPagesOnce: Promise<Map<string, Map<string, Set<string>>>> | undefined;
  /** The facet whose values are shown under the filter bar. */
  #open: string | undefined;
  /** The shown query's results not on screen yet, and what its status line says of them. */
  #more:
    | {
        rest: PagefindResult[];
        total: number;
        shown: number;
        query: string;
        leftOut: string[];
        corrected: string | undefined;
      }
    | undefined;

  constructor(root: HTMLElement) {
    this.#root = root;
    this.#input = root.querySelector('[data-search-input]')!;
    this.#results = root.querySelector('[data-search-results]')!;
    this.#status = root.querySelector('[data-search-status]')!;
    this.#filtersBox = root.querySelector('[data-search-filters]')!;
    this.#logOffer = root.querySelector('[data-search-log]')!;
    this.#moreBox = root.querySelector('[data-search-more]')!;
    this.#moreButton = this.#moreBox.querySelector('button')!;
    this.#suggestBox = root.querySelector('[data-search-suggest]')!;
    this.#suggestButton = this.#suggestBox.querySelector('button')!;
    this.#suggestButton.addEventListener('click', () => {
      this.#input.value = this.#suggestButton.textContent ?? '';
      this.#suggestBox.hidden = true;
      this.#input.focus();
      this.#schedule(0);
    });
    this.#moreButton.addEventListener('click', () => void this.#showMore());
    this.#base = root.dataset.base ?? '/';
    this.#sync = root.dataset.syncUrl === 'true';
    // start loading Pagefind (its script, WebAssembly and metadata) as the search opens, so it
    // is ready by the time the reader has typed (data-ready says so); a failure is reported by run()
    loadPagefind(this.#base).then(
      () => void (root.dataset.ready = ''),
      () => {},
    );

    let before = this.#input.value;
    this.#input.addEventListener('input', () => {
      this.#pastedLog = undefined;
      this.#logOffer.hidden = true;
      this.#preload(this.#input.value);
      this.#schedule(searchDelay(before, this.#input.value));
      before = this.#input.value;
    });
    this.#input.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (!isLog(text)) return;
      event.preventDefault();
      this.#takeLog(text);
    });
    this.#input.addEventListener('keydown', (event) => {
      // In a search field, Escape would only clear the text; in the dialog it closes it.
      const dialog = this.#root.closest('dialog');
      if (event.key === 'Escape' && dialog?.open) {
        event.preventDefault();
        dialog.close();
      } else if (event.key === 'ArrowDown') {
        event.preventDefault();
        this.#links()[0]?.focus();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        this.#links()[0]?.click();
      }
    });
    this.#results.addEventListener('keydown', (event) => {
      const links = this.#links();
      const i = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (i === -1) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        links[Math.min(links.length - 1, i + 1)]!.focus();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        if (i === 0) this.#input.focus();
        else links[i - 1]!.focus();
      }
    });
    root.querySelector('[data-search-diagnose]')?.addEventListener('click', () => {
      if (this.#pastedLog && !handOffLog(this.#pastedLog)) {
        root.querySelector<HTMLElement>('[data-search-log-too-large]')!.hidden = false;
        return;
      }
      location.assign(`${this.#base}diagnose/`);
    });

    if (this.#sync) {
      const params = new URLSearchParams(location.search);
      this.#input.value = params.get('q') ?? '';
      for (const key of URL_FACETS) {
        const values = params.getAll(key);
        if (values.length) this.#selected.set(key, new Set(values));
      }
      if (isLog(this.#input.value)) this.#takeLog(this.#input.value);
    }
    void this.run();
  }

  /** Into the box with its text selected, unless the reader is already in it (and may be typing). */
  focus() {
    if (document.activeElement === this.#input) return;
    this.#input.focus();
    this.#input.select();
  }

  #links() {
    return [...this.#results.querySelectorAll<HTMLAnchorElement>('a.hit')];
  }

  #takeLog(text: string) {
    this.#pastedLog = text;
    this.#logOffer.hidden = false;
    this.#input.value = informativeLine(text) ?? text.trim().split('\n').at(-1)!.slice(0, LOG_LENGTH);
    this.#schedule(0);
  }

  /**
   * Starts fetching the index chunks a query needs while the search waits out its debounce;
   * the search then finds them loaded. Not for a short last word: a one- or two-letter prefix
   * can span several chunks that the finished word does not need.
   */
  #preload(text: string) {
    const query = text.trim();
    if (!query || isLog(query) || (query.split(/\s+/).at(-1)?.length ?? 0) < 3) return;
    void loadPagefind(this.#base)
      .then((pf) => pf.preload(searchTerms(query)))
      .catch(() => {});
  }

  #schedule(ms = TYPING_PAUSE_MS) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.run(), ms);
  }

  #filters(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [k, v] of this.#selected) if (v.size) out[k] = [...v];
    return out;
  }

  #writeUrl() {
    if (!this.#sync) return;
    const params = new URLSearchParams();
    if (this.#input.value.trim() && !this.#pastedLog) params.set('q', this.#input.value.trim());
    for (const [k, vs] of this.#selected) for (const v of vs) params.append(k, v);
    const qs = params.toString();
    history.replaceState(null, '', `${location.pathname}${qs ? `?${qs}` : ''}`);
  }

  async run() {
    const seq = ++this.#seq;
    let pf: Pagefind;
    try {
      pf = await loadPagefind(this.#base);
    } catch {
      this.#status.textContent =
        'The search index is missing. Run "npm run build" once; "npm run dev" then serves the index of the last build.';
      return;
    }
    // a query typed or pasted while Pagefind loaded supersedes the run before it (the one that
    // opening the search starts, which counts every chip once a facet has been opened: all
    // filter indexes loaded and counted over every page)
    if (seq !== this.#seq) return;
    const query = this.#input.value.trim();
    const filters = this.#filters();
    const hasFilters = Object.keys(filters).length > 0;
    this.#writeUrl();
    if (!query && !hasFilters) {
      const counts = this.#countsWanted ? await this.#countFor(pf, null, {}) : undefined;
      if (seq !== this.#seq) return;
      this.#setCounts(counts);
      this.#shown = null;
      this.#renderFilters();
      this.#more = undefined;
      this.#offerMore();
      this.#results.replaceChildren();
      this.#status.textContent = '';
      this.#suggestBox.hidden = true;
      return;
    }
    const words = query ? queryWords(query) : [];
    // once a facet has been opened, the results' search counts the chips too
    const counting = this.#countsWanted;
    let leftOut: string[] = [];
    let corrected: string | undefined;
    let results: PagefindResult[];
    let counts: Promise<Counts> | undefined;
    if (words.length) {
      // the site's words starting as the query's do, to respell a misspelt word, fetched while
      // the words are searched
      const spelling = words.some(misspellable) ? this.#words(query).catch(() => undefined) : undefined;
      // Ranked over what each word finds (rankByWords), not only over the pages holding every
      // word, so that a word the entry does not use ("during", a value such as "2.00") does not
      // hide it. The words are searched without the filters, which then keep what they allow,
      // so that choosing a chip leaves as many results as it counted.
      let ranked = await this.#wordHits(pf, words);
      let shown = words;
      const known = new Set((await spelling) ?? []);
      if (seq !== this.#seq) return;
      if (known.size && words.some((w) => misspellable(w) && !known.has(w))) {
        // Pagefind finds something for most misspellings ("wachdog" matches a lone "W"), so a
        // word is misspelt when the site never uses it and uses one close to it (suggestQuery):
        // the query is searched again at once, respelt, and the status says so
        const respelt = suggestQuery(query, [...known]);
        const again = respelt ? queryWords(respelt) : [];
        const retry = again.length ? await this.#wordHits(pf, again) : undefined;
        if (seq !== this.#seq) return;
        if (retry?.ids.length) [ranked, shown, corrected] = [retry, again, respelt];
      }
      const allowed = hasFilters ? await this.#allowed(pf, filters) : undefined;
      if (seq !== this.#seq) return;
      const ids = allowed ? ranked.ids.filter((id) => allowed.has(id)) : ranked.ids;
      results = ids.map((id) => ranked.results.get(id)!);
      const top = ids[0];
      if (top !== undefined) leftOut = shown.filter((w) => !ranked.hits.get(w)?.some((h) => h.id === top));
      this.#shown = { ids: ranked.ids, terms: null };
      if (counting) counts = this.#tally(pf, ranked.ids, ids);
    } else {
      // no word to rank by (a filter alone, or a query of function words): Pagefind's own search
      const terms = query ? searchTerms(query) : null;
      const search = await pf.search(terms, { filters: counting ? { ...FACET_SCOPE, ...filters } : filters });
      if (seq !== this.#seq || !search) return; // a newer query won
      results = search.results;
      this.#shown = { ids: undefined, terms };
      if (counting) counts = this.#countsOf(pf, terms, search);
    }
    const data = exactFirst(await Promise.all(results.slice(0, MAX_RESULTS).map((r) => r.data())), query);
    if (seq !== this.#seq) return;
    this.#more = {
      rest: results.slice(MAX_RESULTS),
      total: results.length,
      shown: data.length,
      query,
      leftOut,
      corrected,
    };
    this.#render(data);
    this.#suggestBox.hidden = true;
    // Pagefind matches what it can of a misspelt word, so a word that none of the first results
    // holds counts as not found
    if (
      query &&
      !corrected &&
      (!data.length ||
        leftOut.length ||
        unmatchedWords(
          query,
          data.map((d) => d.content),
        ).length)
    )
      void this.#suggest(query, seq);
    if (this.#countsWanted) {
      // the chips' counts come with this search, or, when a facet was first opened while it
      // ran, from one more that names the chip facets
      const got = await (counts ?? this.#countsShown(pf, filters));
      if (seq !== this.#seq) return;
      this.#setCounts(got);
    }
    this.#renderFilters();
  }

  /**
   * What each word finds, its variants (content/search-variants.json) with it, and the pages
   * ranked over them all (rankByWords). A page several of them find scores as the best.
   */
  async #wordHits(pf: Pagefind, words: string[]): Promise<WordRanking> {
    const hits = new Map<string, WordHit[]>();
    const results = new Map<string, PagefindResult>();
    for (const word of words) {
      const best = new Map<string, number>();
      for (const v of variantsOf(word, variants.groups)) {
        const found = (await pf.search(v))?.results ?? [];
        // scores on one scale, the best page's 1; a variant is a guess at what the reader meant,
        // so it counts half as much as the word typed
        const scale = (v === word ? 1 : 0.5) / Math.max(...found.map((r) => r.score), Number.MIN_VALUE);
        for (const r of found) {
          results.set(r.id, r);
          best.set(r.id, Math.max(best.get(r.id) ?? 0, r.score * scale));
        }
      }
      hits.set(
        word,
        [...best].map(([id, score]) => ({ id, score })),
      );
    }
    return { hits, results, ...rankByWords(hits) };
  }

  /**
   * The site's words that start as the query's words of four letters or more do
   * (api/v1/words/<part>.json, one file per first letter, each fetched once), most used first.
   */
  async #words(query: string): Promise<string[]> {
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

  #setCounts(counts: Counts | undefined) {
    this.#counts = counts;
    this.#countsVersion++;
  }

  /** The chips' counts from a search that named the chip facets. */
  async #countsOf(pf: Pagefind, terms: string | null, search: PagefindSearch | null): Promise<Counts> {
    // without words, every entry is a result before the chips filter them
    return {
      all: terms ? (search?.totalFilters ?? {}) : await this.#countsOverAll(pf),
      current: search?.filters ?? {},
    };
  }

  /** The chips' counts for `terms` and `filters`, as the results' search gives them once counting. */
  async #countFor(pf: Pagefind, terms: string | null, filters: Record<string, string[]>): Promise<Counts> {
    if (!terms && !Object.keys(filters).length) return { all: await this.#countsOverAll(pf), current: undefined };
    return this.#countsOf(pf, terms, await pf.search(terms, { filters: { ...FACET_SCOPE, ...filters } }));
  }

  /** The chips' counts for the results on screen. */
  async #countsShown(pf: Pagefind, filters: Record<string, string[]>): Promise<Counts> {
    const ids = this.#shown?.ids;
    if (!ids) return this.#countFor(pf, this.#shown?.terms ?? null, filters);
    const allowed = Object.keys(filters).length ? await this.#allowed(pf, filters) : undefined;
    return this.#tally(pf, ids, allowed ? ids.filter((id) => allowed.has(id)) : ids);
  }

  /** The pages the filters allow, as Pagefind filters them. */
  async #allowed(pf: Pagefind, filters: Record<string, string[]>): Promise<Set<string>> {
    return new Set((await pf.search(null, { filters }))?.results.map((r) => r.id));
  }

  /**
   * The chips' counts for results ranked by their words: each value counts the results that
   * carry it with no filter (`all`, of `ids`) and under the chosen filters (`current`, of
   * `shown`), so a chip's number is the number of results that choosing it leaves.
   */
  async #tally(pf: Pagefind, ids: string[], shown: string[]): Promise<Counts> {
    const pages = await this.#facetPages(pf);
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
  #facetPages(pf: Pagefind): Promise<Map<string, Map<string, Set<string>>>> {
    this.#facetPagesOnce ??= (async () => {
      const overAll = await this.#countsOverAll(pf);
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
   * Opens a facet's values under the filter bar, or closes them. The first opening fetches the
   * counts for the results on screen; from then on every search counts too.
   */
  async #toggleFacet(key: string) {
    this.#open = this.#open === key ? undefined : key;
    this.#renderFilters();
    if (!this.#open || this.#countsWanted) return;
    this.#countsWanted = true;
    const version = this.#countsVersion;
    let counts: Counts;
    try {
      counts = await this.#countsShown(await loadPagefind(this.#base), this.#filters());
    } catch {
      return; // run() reports a missing index
    }
    // a search that finished meanwhile has counted its own results
    if (version !== this.#countsVersion) return;
    this.#setCounts(counts);
    this.#renderFilters();
  }

  /**
   * Every entry's count for each chip value: the counts of a search without words and without
   * a value chosen. Pagefind leaves totalFilters at 0 for a search without words, so these
   * stand in for them when only chips are chosen (and the chips with nothing typed or chosen
   * showed 0 each).
   */
  async #countsOverAll(pf: Pagefind): Promise<Record<string, Record<string, number>>> {
    this.#overAll ??= (await pf.search(null, { filters: FACET_SCOPE }))?.filters;
    return this.#overAll ?? {};
  }

  /**
   * The filter bar: a button for each facet, then the values chosen, each a pressed chip that
   * clears it. Under the bar, the open facet's values with their counts. With nothing typed or
   * chosen, every value is offered with its count. Otherwise a value that would add nothing (0
   * in `all`, Pagefind's totalFilters, which count a query's results before the chips filter
   * them) is left out unless it is selected. A chip's number is the count with the current
   * filters.
   */
  #renderFilters() {
    // a value of the open facet is a toggle (aria-pressed) with its count; a chosen value in the
    // bar is a button that removes it
    const chip = (facet: string, value: string, on: boolean, count?: number) => {
      const button = el('button', { type: 'button', 'data-facet': facet, 'data-value': value }, value);
      if (count !== undefined) button.append(' ', el('span', { class: 'n' }, String(count)));
      if (count !== undefined) button.setAttribute('aria-pressed', String(on));
      button.addEventListener('click', () => {
        const set = this.#selected.get(facet) ?? new Set<string>();
        if (set.has(value)) set.delete(value);
        else set.add(value);
        this.#selected.set(facet, set);
        void this.run();
      });
      return button;
    };
    const panelId = `${this.#results.id}-facet`;
    const bar: Node[] = [];
    const chosen: Node[] = [];
    for (const facet of FACETS) {
      const open = this.#open === facet.key;
      const toggle = el(
        'button',
        { type: 'button', class: 'facet-toggle', 'aria-expanded': String(open), 'data-facet-toggle': facet.key },
        facet.label,
      );
      if (open) toggle.setAttribute('aria-controls', panelId);
      toggle.addEventListener('click', () => void this.#toggleFacet(facet.key));
      bar.push(toggle);
      for (const value of [...(this.#selected.get(facet.key) ?? [])].sort()) {
        const c = chip(facet.key, value, true);
        c.classList.add('chosen');
        c.setAttribute('aria-label', `${value}: remove this ${facet.label.toLowerCase()} filter`);
        chosen.push(c);
      }
    }
    const nodes: Node[] = [el('div', { class: 'bar' }, ...bar, ...chosen)];
    const facet = FACETS.find((f) => f.key === this.#open);
    if (facet) {
      const panel = el('div', { class: 'facet-values', id: panelId, role: 'group', 'aria-label': facet.label });
      const counts = this.#counts;
      if (!counts) panel.append(el('span', { class: 'muted' }, 'Counting…'));
      else {
        const selected = this.#selected.get(facet.key);
        const values = Object.keys(counts.all[facet.key] ?? {})
          .filter((v) => !counts.current || (counts.all[facet.key]?.[v] ?? 0) > 0 || selected?.has(v))
          .sort();
        for (const value of values)
          panel.append(
            chip(
              facet.key,
              value,
              selected?.has(value) ?? false,
              (counts.current ?? counts.all)[facet.key]?.[value] ?? 0,
            ),
          );
        if (!values.length) panel.append(el('span', { class: 'muted' }, 'No value to choose for these results.'));
      }
      nodes.push(panel);
    }
    const focused = document.activeElement as HTMLElement | null;
    const refocus = focused?.dataset.facetToggle
      ? `[data-facet-toggle="${focused.dataset.facetToggle}"]`
      : focused?.dataset.facet
        ? `${focused.classList.contains('chosen') ? '.chosen' : '.facet-values button'}[data-facet="${focused.dataset.facet}"][data-value="${CSS.escape(focused.dataset.value ?? '')}"]`
        : undefined;
    this.#filtersBox.replaceChildren(...nodes);
    if (!refocus || !this.#filtersBox.isConnected) return;
    // a chip cleared to a value no result carries, or a chosen value removed, is gone: the
    // reader goes to the facet's button, or back to the box
    const again =
      this.#filtersBox.querySelector<HTMLElement>(refocus) ??
      this.#filtersBox.querySelector<HTMLElement>(`[data-facet-toggle="${focused!.dataset.facet}"]`) ??
      this.#input;
    again.focus();
  }

  #statusText() {
    const { total, shown, query, leftOut, corrected } = this.#more!;
    if (corrected)
      return `Showing results for “${corrected}”. ${total} ${total === 1 ? 'entry' : 'entries'}${total > shown ? `, showing the first ${shown}` : ''}.`;
    if (!total)
      return `No entry matches “${query}”. Try fewer words, an error class such as OutOfMemoryError, or paste the whole log to diagnose it.`;
    const count = `${total} ${total === 1 ? 'entry' : 'entries'}${total > shown ? `, showing the first ${shown}` : ''}.`;
    if (!leftOut.length) return count;
    // a long pasted line can leave out many values: the first few say what happened
    const named = leftOut
      .slice(0, 6)
      .map((w) => `“${w}”`)
      .join(' ');
    const rest = leftOut.length > 6 ? ` and ${leftOut.length - 6} more` : '';
    return `No entry holds every word; left out: ${named}${rest}. ${count}`;
  }

  #item(d: ResultData, query: string): HTMLLIElement {
    const main = el(
      'a',
      { class: 'hit', href: d.url },
      el('span', { class: 'title' }, d.meta.title ?? d.url),
      el('span', { class: 'meta' }, [d.meta.id, d.meta.category].filter(Boolean).join(' · ')),
      excerptNode(d.meta.summary && !query ? d.meta.summary : d.excerpt),
    );
    const subs = d.sub_results.filter((s) => s.url.includes('#')).slice(0, 3);
    const li = el('li', { class: 'result' }, main);
    if (subs.length) {
      li.append(
        el(
          'ul',
          { class: 'sub' },
          ...subs.map((s) =>
            el(
              'li',
              {},
              el('a', { class: 'hit', href: s.url }, el('span', { class: 'title' }, s.title), excerptNode(s.excerpt)),
            ),
          ),
        ),
      );
    }
    return li;
  }

  /**
   * "Did you mean": when a query found nothing, left words out or has a word none of its first
   * results holds, the same query spelled with words the site holds (suggestQuery), from a word
   * list fetched only then (api/v1/words.json). Nothing is
   * offered when it cannot be fetched.
   */
  async #suggest(query: string, seq: number) {
    const suggestion = suggestQuery(query, await this.#words(query).catch(() => []));
    if (seq !== this.#seq || !suggestion) return;
    this.#suggestButton.textContent = suggestion;
    this.#suggestBox.hidden = false;
  }

  /** The first results, and a button for the next ones when there are more. */
  #render(data: ResultData[]) {
    this.#status.textContent = this.#statusText();
    this.#results.replaceChildren(...data.map((d) => this.#item(d, this.#more!.query)));
    this.#offerMore();
  }

  /** The button under the list, when the query has more results than are shown. */
  #offerMore() {
    const rest = this.#more?.rest.length ?? 0;
    this.#moreBox.hidden = rest === 0;
    this.#moreButton.disabled = false;
    this.#moreButton.textContent = `Show ${Math.min(MAX_RESULTS, rest)} more`;
  }

  /** The next results at the end of the list; the focus goes to the first of them. */
  async #showMore() {
    const more = this.#more;
    if (!more?.rest.length) return;
    const seq = this.#seq;
    this.#moreButton.disabled = true;
    const data = await Promise.all(more.rest.slice(0, MAX_RESULTS).map((r) => r.data()));
    if (seq !== this.#seq || more !== this.#more) return; // a newer query replaced the list
    more.rest = more.rest.slice(data.length);
    more.shown += data.length;
    const items = data.map((d) => this.#item(d, more.query));
    this.#results.append(...items);
    this.#status.textContent = this.#statusText();
    this.#offerMore();
    items[0]?.querySelector<HTMLAnchorElement>('a.hit')?.focus();
  }
}
