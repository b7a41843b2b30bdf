/**
 * The search panel, in the dialog and on /search/. Its state is one object (SearchState): the
 * reader's actions and each search replace it, and the panel is drawn from it by one
 * subscriber. Questions to the index go to SiteSearch (site-search.ts), loaded when search is
 * first opened, never on page load. Query and filters can live in the URL
 * (/search/?q=…&category=…); a pasted log is offered to /diagnose/ through sessionStorage, and
 * its most telling line is searched meanwhile.
 */
import { handOffLog } from './handoff.ts';
import { informativeLine } from '../lib/diagnose/normalize.ts';
import {
  hasCjk,
  inSearchScript,
  queryPhrases,
  queryWords,
  searchDelay,
  searchTerms,
  suggestQuery,
  TYPING_PAUSE_MS,
  unmatchedWords,
} from '../lib/search-terms.ts';
import {
  FACETS,
  SiteSearch,
  type Counts,
  type Filters,
  type PagefindResult,
  type ResultData,
  type Source,
} from './site-search.ts';

/**
 * The terms content/search-translations.json translates, loaded with the first query that holds
 * Chinese, Japanese or Korean script: a query in Latin script never fetches them.
 */
async function translationsFor(query: string): Promise<Record<string, string>> {
  if (!hasCjk(query)) return {};
  return (await import('../../content/search-translations.json')).default.terms as Record<string, string>;
}

/** What a failure says of itself, for the status line. */
const reasonOf = (error: unknown) => (error instanceof Error && error.message) || 'no reason given';

const URL_FACETS = [...FACETS.map((f) => f.key), 'tag'];
/**
 * Results whose data is loaded at a time: each costs a fragment download. Five, as
 * Pagefind's own UI loads (its pageSize): a result with its sections is a third of the dialog's
 * height on a laptop, so five are more than a screenful.
 */
const MAX_RESULTS = 5;

/** A word that may be misspelt: letters only, five or more (a shorter one is too close to too many words). */
const misspellable = (w: string) => w.length >= 5 && /^\p{L}+$/u.test(w);

/** Longer than this, or on several lines, a query is a log rather than a search. */
export const LOG_LENGTH = 120;

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

/** A query's results: those on screen, those behind "Show more", and what the status line says. */
interface ResultList {
  items: ResultData[];
  rest: PagefindResult[];
  total: number;
  query: string;
  /** the query's words the first result does not hold */
  leftOut: string[];
  /** the respelt query searched instead of the one typed */
  corrected: string | undefined;
  /** what the results come from, for counting the chips */
  source: Source;
}

/** Everything the panel shows. Replaced as a whole (SearchController.#set), drawn by one subscriber. */
interface SearchState {
  /** The filter values chosen, by facet. */
  selected: Filters;
  /** The facet whose values are shown under the filter bar. */
  open: string | undefined;
  /** The chips' counts for the results on screen: undefined until counted, or while not wanted. */
  counts: Counts | undefined;
  /** The results of the query, or undefined with nothing typed or chosen. */
  list: ResultList | undefined;
  /** The next results are being fetched. */
  loadingMore: boolean;
  /** "Did you mean": the query spelled with words the site holds. */
  suggestion: string | undefined;
  /** The log the reader pasted, offered to diagnose. */
  pastedLog: string | undefined;
  /** Said instead of results when the index cannot be loaded or a search failed. */
  problem: string | undefined;
}

type Listener = (state: SearchState, before: SearchState) => void;

/** The panel's elements, found once. */
function panelElements(root: HTMLElement) {
  const more = root.querySelector<HTMLElement>('[data-search-more]')!;
  const suggest = root.querySelector<HTMLElement>('[data-search-suggest]')!;
  return {
    input: root.querySelector<HTMLInputElement>('[data-search-input]')!,
    results: root.querySelector<HTMLOListElement>('[data-search-results]')!,
    status: root.querySelector<HTMLElement>('[data-search-status]')!,
    filters: root.querySelector<HTMLElement>('[data-search-filters]')!,
    logOffer: root.querySelector<HTMLElement>('[data-search-log]')!,
    more,
    moreButton: more.querySelector('button')!,
    suggest,
    suggestButton: suggest.querySelector('button')!,
  };
}

export class SearchController {
  readonly #root: HTMLElement;
  readonly #el: ReturnType<typeof panelElements>;
  readonly #index: SiteSearch;
  readonly #base: string;
  /** whether the query and filters are kept in the address (the /search/ page) */
  readonly #sync: boolean;
  #state: SearchState = {
    selected: {},
    open: undefined,
    counts: undefined,
    list: undefined,
    loadingMore: false,
    suggestion: undefined,
    pastedLog: undefined,
    problem: undefined,
  };
  readonly #listeners: Listener[] = [];
  /** Whether the chips' counts are wanted: from the first time a facet is opened. */
  #countsWanted = false;
  /** Goes up with each search; a search that a newer one overtook stops (#begin). */
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(root: HTMLElement) {
    this.#root = root;
    this.#el = panelElements(root);
    this.#base = root.dataset.base ?? '/';
    this.#sync = root.dataset.syncUrl === 'true';
    this.#index = new SiteSearch(this.#base, Number(root.dataset.indexed) || undefined);
    this.#subscribe((state, before) => this.#draw(state, before));
    // start loading Pagefind (its script, WebAssembly and metadata) as the search opens, so it
    // is ready by the time the reader has typed (data-ready says so); a failure is reported by run()
    this.#index.ready().then(
      () => void (root.dataset.ready = ''),
      () => {},
    );
    this.#listen();
    if (this.#sync) {
      const params = new URLSearchParams(location.search);
      this.#el.input.value = params.get('q') ?? '';
      const selected: Filters = {};
      for (const key of URL_FACETS) {
        const values = params.getAll(key);
        if (values.length) selected[key] = values;
      }
      this.#set({ selected });
    }
    // a log in the box: from the address, or pasted before this module had loaded
    if (isLog(this.#el.input.value)) this.#takeLog(this.#el.input.value);
    void this.run();
  }

  /** Into the box with its text selected, unless the reader is already in it (and may be typing). */
  focus() {
    if (document.activeElement === this.#el.input) return;
    this.#el.input.focus();
    this.#el.input.select();
  }

  #subscribe(listener: Listener) {
    this.#listeners.push(listener);
  }

  #set(change: Partial<SearchState>) {
    const before = this.#state;
    this.#state = { ...before, ...change };
    for (const listener of this.#listeners) listener(this.#state, before);
  }

  /** Starts a search: the function it returns tells whether a newer one has started since. */
  #begin(): () => boolean {
    const generation = ++this.#generation;
    return () => generation !== this.#generation;
  }

  /** The reader's keys, clicks and pastes. */
  #listen() {
    const { input, results, suggestButton, moreButton } = this.#el;
    suggestButton.addEventListener('click', () => {
      input.value = suggestButton.textContent ?? '';
      this.#set({ suggestion: undefined });
      input.focus();
      this.#schedule(0);
    });
    moreButton.addEventListener('click', () => void this.#showMore());
    let before = input.value;
    input.addEventListener('input', () => {
      this.#set({ pastedLog: undefined });
      this.#preload(input.value);
      this.#schedule(searchDelay(before, input.value));
      before = input.value;
    });
    input.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (!isLog(text)) return;
      event.preventDefault();
      this.#takeLog(text);
    });
    input.addEventListener('keydown', (event) => {
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
    results.addEventListener('keydown', (event) => {
      const links = this.#links();
      const i = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (i === -1) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        links[Math.min(links.length - 1, i + 1)]!.focus();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        if (i === 0) input.focus();
        else links[i - 1]!.focus();
      }
    });
    this.#root.querySelector('[data-search-diagnose]')?.addEventListener('click', () => {
      const log = this.#state.pastedLog;
      if (log && !handOffLog(log)) {
        this.#root.querySelector<HTMLElement>('[data-search-log-too-large]')!.hidden = false;
        return;
      }
      location.assign(`${this.#base}diagnose/`);
    });
  }

  #links() {
    return [...this.#el.results.querySelectorAll<HTMLAnchorElement>('a.hit')];
  }

  #takeLog(text: string) {
    this.#set({ pastedLog: text });
    this.#el.input.value = informativeLine(text) ?? text.trim().split('\n').at(-1)!.slice(0, LOG_LENGTH);
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
    this.#index.preload(searchTerms(inSearchScript(query)));
  }

  #schedule(ms = TYPING_PAUSE_MS) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.run(), ms);
  }

  #writeUrl() {
    if (!this.#sync) return;
    const params = new URLSearchParams();
    const query = this.#el.input.value.trim();
    if (query && !this.#state.pastedLog) params.set('q', query);
    for (const [k, vs] of Object.entries(this.#state.selected)) for (const v of vs) params.append(k, v);
    const qs = params.toString();
    history.replaceState(null, '', `${location.pathname}${qs ? `?${qs}` : ''}`);
  }

  /**
   * Searches what the box and the chosen filters say, and shows it. A search that fails part way
   * (Pagefind's WebAssembly refused by the browser, a result's text that did not arrive) says
   * so, rather than leaving the last answer on screen; the next search clears it. (A chunk of
   * the index that does not arrive is Pagefind's to report: it searches without it.)
   */
  async run() {
    const stale = this.#begin();
    try {
      await this.#search(stale);
    } catch (error) {
      if (!stale())
        this.#set({
          list: undefined,
          suggestion: undefined,
          problem: `The search failed (${reasonOf(error)}). Try again, or reload the page.`,
        });
    }
  }

  async #search(stale: () => boolean) {
    try {
      await this.#index.ready();
    } catch {
      this.#set({
        problem:
          'The search index is missing. Run "npm run build" once; "npm run dev" then serves the index of the last build.',
      });
      return;
    }
    // a query typed or pasted while Pagefind loaded supersedes the run before it (the one that
    // opening the search starts, which counts every chip once a facet has been opened: all
    // filter indexes loaded and counted over every page)
    if (stale()) return;
    const query = this.#el.input.value.trim();
    const filters = this.#state.selected;
    this.#writeUrl();
    const counting = this.#countsWanted;
    if (!query && !Object.keys(filters).length) {
      const counts = counting ? await this.#index.countsFor(undefined, {}) : undefined;
      if (stale()) return;
      this.#set({ list: undefined, counts, suggestion: undefined, loadingMore: false, problem: undefined });
      return;
    }
    // what is searched: the query in the script the site is written in (a title in Chinese with
    // an error line glued to it is the error line and the terms translated)
    const read = inSearchScript(query, await translationsFor(query));
    const found = await this.#find(read, filters, counting, stale);
    if (!found) return;
    const items = exactFirst(await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data())), read);
    if (stale()) return;
    const list: ResultList = {
      items,
      rest: found.results.slice(MAX_RESULTS),
      total: found.results.length,
      query,
      leftOut: found.leftOut,
      corrected: found.corrected,
      source: found.source,
    };
    this.#set({ list, suggestion: undefined, loadingMore: false, problem: undefined });
    // Pagefind matches what it can of a misspelt word, so a word that none of the first results
    // holds counts as not found
    if (
      query &&
      !list.corrected &&
      (!items.length ||
        list.leftOut.length ||
        unmatchedWords(
          read,
          items.map((d) => d.content),
        ).length)
    )
      void this.#suggest(read, stale);
    if (this.#countsWanted) {
      // the chips' counts come with this search, or, when a facet was first opened while it
      // ran, from one more that counts the results on screen
      const counts = await (found.counts ?? this.#index.countsFor(list.source, filters));
      if (stale()) return;
      this.#set({ counts });
    }
  }

  /**
   * The query's results under the filters. Ranked over what each word finds (rankByWords), not
   * only over the pages holding every word, so that a word the entry does not use ("during", a
   * value such as "2.00") does not hide it; the words are searched without the filters, which
   * then keep what they allow, so that choosing a chip leaves as many results as it counted.
   * A query without a word to rank by (a filter alone, or only function words) is Pagefind's own
   * search. Undefined when a newer search started meanwhile.
   */
  async #find(query: string, filters: Filters, counting: boolean, stale: () => boolean) {
    const words = query ? queryWords(query) : [];
    if (!words.length) {
      const terms = query ? searchTerms(query) : null;
      const search = await this.#index.search(terms, filters, counting);
      if (stale() || !search) return undefined;
      return {
        results: search.results,
        leftOut: [] as string[],
        corrected: undefined,
        source: { terms } as Source,
        counts: counting ? this.#index.countsOf(terms, search) : undefined,
      };
    }
    // the site's words starting as the query's do, to respell a misspelt word, fetched while
    // the words are searched
    const spelling = words.some(misspellable) ? this.#index.words(query).catch(() => undefined) : undefined;
    let ranked = await this.#index.wordHits(words, queryPhrases(query));
    let shown = words;
    let corrected: string | undefined;
    const known = new Set((await spelling) ?? []);
    if (stale()) return undefined;
    if (known.size && words.some((w) => misspellable(w) && !known.has(w))) {
      // Pagefind finds something for most misspellings ("wachdog" matches a lone "W"), so a
      // word is misspelt when the site never uses it and uses one close to it (suggestQuery):
      // the query is searched again at once, respelt, and the status says so
      const respelt = suggestQuery(query, [...known]);
      const again = respelt ? queryWords(respelt) : [];
      const retry = again.length ? await this.#index.wordHits(again, queryPhrases(respelt!)) : undefined;
      if (stale()) return undefined;
      if (retry?.ids.length) [ranked, shown, corrected] = [retry, again, respelt];
    }
    const allowed = Object.keys(filters).length ? await this.#index.allowed(filters) : undefined;
    if (stale()) return undefined;
    const ids = allowed ? ranked.ids.filter((id) => allowed.has(id)) : ranked.ids;
    const top = ids[0];
    return {
      results: ids.map((id) => ranked.results.get(id)!),
      leftOut: top === undefined ? [] : shown.filter((w) => !ranked.hits.get(w)?.some((h) => h.id === top)),
      corrected,
      source: { ids: ranked.ids } as Source,
      counts: counting ? this.#index.tally(ranked.ids, ids) : undefined,
    };
  }

  /**
   * "Did you mean": when a query found nothing, left words out or has a word none of its first
   * results holds, the same query spelled with words the site holds (suggestQuery), from the
   * word list (fetched only then). Nothing is offered when it cannot be fetched.
   */
  async #suggest(query: string, stale: () => boolean) {
    const suggestion = suggestQuery(query, await this.#index.words(query).catch(() => []));
    if (stale() || !suggestion) return;
    this.#set({ suggestion });
  }

  /**
   * The next results at the end of the list; the focus goes to the first of them (#draw). When
   * they do not arrive, the status says so and the button can be pressed again.
   */
  async #showMore() {
    const list = this.#state.list;
    if (!list?.rest.length) return;
    this.#set({ loadingMore: true });
    let data: ResultData[];
    try {
      data = await Promise.all(list.rest.slice(0, MAX_RESULTS).map((r) => r.data()));
    } catch (error) {
      if (this.#state.list === list)
        this.#set({
          loadingMore: false,
          problem: `The next results did not load (${reasonOf(error)}). Try again.`,
        });
      return;
    }
    if (this.#state.list !== list) return; // a newer query replaced the list
    this.#set({
      list: { ...list, items: [...list.items, ...data], rest: list.rest.slice(data.length) },
      loadingMore: false,
      problem: undefined,
    });
  }

  /** Chooses a filter value, or clears it, and searches again. */
  #toggleValue(facet: string, value: string) {
    const current = this.#state.selected[facet] ?? [];
    const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    const selected = { ...this.#state.selected };
    if (values.length) selected[facet] = values;
    else delete selected[facet];
    this.#set({ selected });
    void this.run();
  }

  /**
   * Opens a facet's values under the filter bar, or closes them. The first opening fetches the
   * counts for the results on screen; from then on every search counts too.
   */
  async #toggleFacet(key: string) {
    const open = this.#state.open === key ? undefined : key;
    this.#set({ open });
    if (!open || this.#countsWanted) return;
    this.#countsWanted = true;
    const list = this.#state.list;
    let counts: Counts;
    try {
      counts = await this.#index.countsFor(list?.source, this.#state.selected);
    } catch {
      return; // run() reports a missing index
    }
    // a search that finished meanwhile has counted its own results
    if (this.#state.list !== list) return;
    this.#set({ counts });
  }

  /** Draws what changed between two states. */
  #draw(state: SearchState, before: SearchState) {
    const { status, results, logOffer, more, moreButton, suggest, suggestButton } = this.#el;
    logOffer.hidden = state.pastedLog === undefined;
    if (state.list !== before.list || state.problem !== before.problem) {
      status.textContent = state.problem ?? (state.list ? statusText(state.list) : '');
      // the same search's list, longer: "Show more" keeps the source of the list it extends
      const extended = before.list !== undefined && state.list?.source === before.list.source;
      if (extended && state.list!.items.length > before.list!.items.length) {
        // "Show more": the new results at the end, the focus on the first of them
        const added = state.list!.items.slice(before.list!.items.length).map((d) => resultItem(d, state.list!.query));
        results.append(...added);
        added[0]?.querySelector<HTMLAnchorElement>('a.hit')?.focus();
      } else results.replaceChildren(...(state.list?.items ?? []).map((d) => resultItem(d, state.list!.query)));
    }
    const rest = state.list?.rest.length ?? 0;
    more.hidden = rest === 0;
    moreButton.disabled = state.loadingMore;
    moreButton.textContent = `Show ${Math.min(MAX_RESULTS, rest)} more`;
    suggest.hidden = state.suggestion === undefined;
    if (state.suggestion !== undefined) suggestButton.textContent = state.suggestion;
    if (
      state.selected !== before.selected ||
      state.open !== before.open ||
      state.counts !== before.counts ||
      state.list !== before.list
    )
      this.#drawFilters(state);
  }

  /**
   * The filter bar: a button for each facet, then the values chosen, each a pressed chip that
   * clears it. Under the bar, the open facet's values with their counts. With nothing typed or
   * chosen, every value is offered with its count. Otherwise a value that would add nothing (0
   * in `all`, Pagefind's totalFilters, which count a query's results before the chips filter
   * them) is left out unless it is selected. A chip's number is the count with the current
   * filters.
   */
  #drawFilters(state: SearchState) {
    // a value of the open facet is a toggle (aria-pressed) with its count; a chosen value in the
    // bar is a button that removes it
    const chip = (facet: string, value: string, on: boolean, count?: number) => {
      const button = el('button', { type: 'button', 'data-facet': facet, 'data-value': value }, value);
      if (count !== undefined) button.append(' ', el('span', { class: 'n' }, String(count)));
      if (count !== undefined) button.setAttribute('aria-pressed', String(on));
      button.addEventListener('click', () => this.#toggleValue(facet, value));
      return button;
    };
    const panelId = `${this.#el.results.id}-facet`;
    const bar: Node[] = [];
    const chosen: Node[] = [];
    for (const facet of FACETS) {
      const open = state.open === facet.key;
      const toggle = el(
        'button',
        { type: 'button', class: 'facet-toggle', 'aria-expanded': String(open), 'data-facet-toggle': facet.key },
        facet.label,
      );
      if (open) toggle.setAttribute('aria-controls', panelId);
      toggle.addEventListener('click', () => void this.#toggleFacet(facet.key));
      bar.push(toggle);
      for (const value of [...(state.selected[facet.key] ?? [])].sort()) {
        const c = chip(facet.key, value, true);
        c.classList.add('chosen');
        c.setAttribute('aria-label', `${value}: remove this ${facet.label.toLowerCase()} filter`);
        chosen.push(c);
      }
    }
    const nodes: Node[] = [el('div', { class: 'bar' }, ...bar, ...chosen)];
    const facet = FACETS.find((f) => f.key === state.open);
    if (facet) {
      const panel = el('div', { class: 'facet-values', id: panelId, role: 'group', 'aria-label': facet.label });
      const counts = state.counts;
      if (!counts) panel.append(el('span', { class: 'muted' }, 'Counting…'));
      else {
        const selected = state.selected[facet.key];
        const values = Object.keys(counts.all[facet.key] ?? {})
          .filter((v) => !counts.current || (counts.all[facet.key]?.[v] ?? 0) > 0 || selected?.includes(v))
          .sort();
        for (const value of values)
          panel.append(
            chip(
              facet.key,
              value,
              selected?.includes(value) ?? false,
              (counts.current ?? counts.all)[facet.key]?.[value] ?? 0,
            ),
          );
        if (!values.length) panel.append(el('span', { class: 'muted' }, 'No value to choose for these results.'));
      }
      nodes.push(panel);
    }
    const box = this.#el.filters;
    const focused = document.activeElement as HTMLElement | null;
    const refocus = focused?.dataset.facetToggle
      ? `[data-facet-toggle="${focused.dataset.facetToggle}"]`
      : focused?.dataset.facet
        ? `${focused.classList.contains('chosen') ? '.chosen' : '.facet-values button'}[data-facet="${focused.dataset.facet}"][data-value="${CSS.escape(focused.dataset.value ?? '')}"]`
        : undefined;
    box.replaceChildren(...nodes);
    if (!refocus || !box.isConnected) return;
    // a chip cleared to a value no result carries, or a chosen value removed, is gone: the
    // reader goes to the facet's button, or back to the box
    const again =
      box.querySelector<HTMLElement>(refocus) ??
      box.querySelector<HTMLElement>(`[data-facet-toggle="${focused!.dataset.facet}"]`) ??
      this.#el.input;
    again.focus();
  }
}

/** The status line of a list of results. */
function statusText({ total, items, query, leftOut, corrected }: ResultList) {
  const shown = items.length;
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

/** One result: its title, id and category, and an excerpt; the sections it matched under it. */
function resultItem(d: ResultData, query: string): HTMLLIElement {
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
