/**
 * The one script every page loads eagerly. It defines the small custom elements the server
 * rendered (code tabs, the paste-your-log box, the symptom filter) and wires the search
 * shortcuts; search itself, Pagefind and diagnose load on first use.
 */
import { handOffLog } from './handoff.ts';
import { ticketSnippet, type TicketFormat } from '../lib/ticket.ts';
import { decodeUrlPart } from '../lib/urls.ts';

// ---- <fl-tabs>: per-framework code tabs (ARIA tabs pattern) ----
class FlTabs extends HTMLElement {
  connectedCallback() {
    const prefix = this.dataset.prefix!;
    const tablist = this.querySelector<HTMLElement>(':scope > [role="tablist"]');
    const panels = [...this.querySelectorAll<HTMLElement>(':scope > .panels > [data-tab-label]')];
    const tabs = [...(tablist?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    if (!tablist || tabs.length !== panels.length || tabs.length === 0) return;
    panels.forEach((panel, i) => {
      panel.id = `${prefix}-panel-${i}`;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tabs[i]!.id);
      panel.tabIndex = 0;
      panel.querySelector('[data-tab-heading]')?.classList.add('visually-hidden');
    });
    const select = (index: number, focus = false) => {
      tabs.forEach((tab, i) => {
        const on = i === index;
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        panels[i]!.hidden = !on;
      });
      if (focus) tabs[index]!.focus();
    };
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => select(i));
      tab.addEventListener('keydown', (event) => {
        const last = tabs.length - 1;
        const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[
          event.key
        ];
        if (next === undefined) return;
        event.preventDefault();
        select(next, true);
      });
    });
    tablist.hidden = false;
    select(0);
  }
}

// ---- <fl-paste-log>: hands a log to /diagnose/ through sessionStorage, never the URL ----
class FlPasteLog extends HTMLElement {
  connectedCallback() {
    const form = this.querySelector('form')!;
    const textarea = this.querySelector('textarea')!;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      // a log too large for sessionStorage stays here, with a note on how to open it instead
      const handed = !textarea.value.trim() || handOffLog(textarea.value);
      this.querySelector<HTMLElement>('[data-paste-too-large]')!.hidden = handed;
      if (handed) location.assign(form.action);
    });
  }
}

// ---- <fl-filter>: narrows the symptom index as you type ----
class FlFilter extends HTMLElement {
  connectedCallback() {
    const box = this.querySelector<HTMLElement>('[data-filter-box]');
    const input = box?.querySelector('input');
    if (!box || !input) return;
    const count = box.querySelector<HTMLElement>('[data-filter-count]')!;
    const items = [...this.querySelectorAll<HTMLElement>('[data-filter-item]')];
    const groups = [...this.querySelectorAll<HTMLElement>('[data-filter-group]')];
    input.addEventListener('input', () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const item of items) {
        const on = words.every((w) => (item.dataset.filterText ?? '').includes(w));
        item.hidden = !on;
        if (on) shown++;
      }
      for (const g of groups) g.hidden = !g.querySelector('[data-filter-item]:not([hidden])');
      count.textContent = words.length ? `${shown} of ${items.length} symptoms` : '';
    });
    box.hidden = false;
  }
}

customElements.define('fl-tabs', FlTabs);
customElements.define('fl-paste-log', FlPasteLog);
customElements.define('fl-filter', FlFilter);

// ---- search: open with the header button, mod+K or "/"; load on first use ----
const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
const opener = document.querySelector<HTMLAnchorElement>('[data-search-open]');
let controller: Promise<{ focus(): void }> | undefined;
const loadSearch = () => import('./search.ts');
const base = document.documentElement.dataset.base ?? '/';

/**
 * Pagefind's script and WebAssembly, requested as the search opens instead of one after the
 * other behind search.ts: Pagefind asks for its WebAssembly only once it has its entry file,
 * and search.ts imports Pagefind only once it has loaded. The preload is the request Pagefind
 * makes (a CORS fetch), so Pagefind's own fetch takes its response; a module is evaluated once,
 * so search.ts's import gets the same Pagefind.
 */
function requestPagefind() {
  // Pagefind names its WebAssembly after the pages' language, lower-cased (en-GB: wasm.en-gb);
  // a language it has no stemmer for gets wasm.unknown, and this preload then goes unused
  const language = document.documentElement.lang.toLowerCase() || 'unknown';
  const link = Object.assign(document.createElement('link'), {
    rel: 'preload',
    as: 'fetch',
    crossOrigin: 'anonymous',
    href: `${base}pagefind/wasm.${language}.pagefind`,
  });
  document.head.append(link);
  void import(/* @vite-ignore */ `${base}pagefind/pagefind.js`).catch(() => undefined);
}

function openSearch() {
  if (!dialog) return;
  if (!dialog.open) dialog.showModal();
  // into the box now, not once search.ts has loaded: keys typed meanwhile land in it (the
  // controller's focus() then leaves a focused box alone, so they are not selected and lost)
  const input = dialog.querySelector<HTMLInputElement>('[data-search-input]');
  if (input && document.activeElement !== input) {
    input.focus();
    input.select();
  }
  if (!controller) {
    requestPagefind();
    controller = loadSearch().then(
      ({ SearchController }) => new SearchController(dialog.querySelector<HTMLElement>('[data-search-panel]')!),
    );
  }
  void controller.then((c) => c.focus());
}

if (dialog && opener) {
  // The opener is a link to /search/ so it works without JavaScript; with it, the dialog opens.
  opener.addEventListener('click', (event) => {
    event.preventDefault();
    openSearch();
  });
  // warm the chunk when the reader shows intent
  opener.addEventListener('pointerenter', () => void loadSearch(), { once: true });
  opener.addEventListener('focus', () => void loadSearch(), { once: true });
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.addEventListener('keydown', (event) => {
    const typing =
      event.target instanceof HTMLElement &&
      (event.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
    if ((event.key === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing)) {
      event.preventDefault();
      openSearch();
    }
  });
}

// The /search/ page runs search inline.
const inline = document.querySelector<HTMLElement>('[data-search-page] [data-search-panel]');
if (inline) {
  requestPagefind();
  void loadSearch().then(({ SearchController }) => new SearchController(inline).focus());
}

// Arriving from a search result: highlight the searched words on the page. Not in what the
// reader cannot see: the hidden `asked` titles (EntryArticle.astro) would otherwise hold the
// first highlight. Passing markOptions replaces Pagefind's defaults, so they are repeated here.
if (new URLSearchParams(location.search).has('highlight')) {
  void import(/* @vite-ignore */ `${base}pagefind/pagefind-highlight.js`)
    .then(
      ({ default: PagefindHighlight }) =>
        new PagefindHighlight({
          highlightParam: 'highlight',
          addStyles: false,
          markOptions: {
            className: 'pagefind-highlight',
            exclude: ['[data-pagefind-ignore]', '[data-pagefind-ignore] *', '[hidden]', '[hidden] *'],
          },
        }),
    )
    .catch(() => undefined);
}

// ---- copy links and ticket snippets ----
let toast: HTMLElement | undefined;
function say(text: string) {
  if (!toast) {
    toast = Object.assign(document.createElement('div'), { className: 'toast', role: 'status' });
    toast.setAttribute('aria-live', 'polite');
    document.body.append(toast);
  }
  toast.textContent = text;
  toast.dataset.on = '';
  setTimeout(() => toast && delete toast.dataset.on, 1800);
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    say(done);
  } catch {
    say('Copying is blocked here; the address bar has the link.');
  }
}

const canonical =
  document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href.split('#')[0]!;

// Anchor links next to headings, symptom rows and questions: a click keeps its normal jump and
// also copies the section's permanent link.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.anchor-link, a.row-anchor');
  if (!link) return;
  const hash = new URL(link.href).hash;
  void copy(`${canonical}${hash}`, 'Link to this section copied');
});

const ticket = document.querySelector<HTMLElement>('[data-ticket]');
if (ticket && 'clipboard' in navigator) {
  ticket.hidden = false;
  ticket.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-ticket-format]');
    if (!button) return;
    const d = ticket.dataset;
    // The section the reader last linked to (the URL fragment), if it names one on this page.
    const target = location.hash ? document.getElementById(decodeUrlPart(location.hash.slice(1))) : null;
    const heading = (target?.closest('h2, h3') ?? target?.querySelector('h2, h3') ?? target)?.cloneNode(true) as
      HTMLElement | undefined;
    heading?.querySelectorAll('.anchor-link, .row-anchor').forEach((n) => n.remove());
    const title = heading?.textContent?.replace(/\s+/g, ' ').trim();
    const text = ticketSnippet(button.dataset.ticketFormat as TicketFormat, {
      id: d.id!,
      title: d.title!,
      permalink: d.permalink!,
      summary: d.summary!,
      section: target && title ? { title, url: `${d.page}#${target.id}` } : undefined,
    });
    void copy(text, `Copied for ${button.textContent}`);
  });
}
