/**
 * <fl-diagnose>: the diagnose widget. It only renders; matching happens in the worker.
 * The log is rendered with textContent only, never as HTML, and never leaves the page:
 * its only requests are for the site's own fingerprints and word profiles.
 */
import type { Candidate, Diagnosis, Lead, MatchedLine } from '../lib/diagnose/match.ts';
import { confidenceText, logVersionsText, sharedLead, versionNoteText } from '../lib/diagnose/shared.ts';
import type { WorkerRequest } from './diagnose-worker.ts';

type ResultMessage = {
  type: 'result';
  diagnosis: Diagnosis;
  mode: 'text' | 'full' | 'head-tail';
  total: number;
  scanned: number;
  ms: number;
  informative?: string;
  /** why the closest entries could not be given, when the profiles did not load */
  leadsError?: string;
  labels: Record<string, string>;
};
type WorkerMessage =
  ResultMessage | { type: 'progress'; done: number; total: number } | { type: 'error'; message: string };

/**
 * A paste this long never enters the text box: a browser takes seconds per megabyte to lay out
 * and edit a text box that large, on the page's only thread. It goes to the worker as a file,
 * read in chunks like a dropped one, with the progress bar and Cancel.
 */
const LARGE_PASTE = 256 * 1024;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Text with its `code spans` as <code> elements, built from text nodes only. */
function inlineCode(text: string): (Node | string)[] {
  return text.split('`').map((part, k) => (k % 2 ? el('code', {}, part) : part));
}

/** The matched line, cut around the match, with the matched part in <mark>. Text only. */
function lineView(line: MatchedLine): HTMLElement {
  const ctx = 90;
  const from = Math.max(0, line.start - ctx);
  const to = Math.min(line.text.length, line.end + ctx);
  const code = el('code');
  code.append(
    from > 0 ? '…' : '',
    line.text.slice(from, line.start),
    el('mark', {}, line.text.slice(line.start, line.end)),
    line.text.slice(line.end, to),
    to < line.text.length ? '…' : '',
  );
  return el(
    'li',
    { class: line.kind === 'cue' ? 'line cue' : 'line' },
    el(
      'span',
      {
        class: 'ln',
        title: line.kind === 'cue' ? 'Context that points at this entry' : `Matched ${line.symptom ?? 'a pattern'}`,
      },
      `L${line.n}`,
    ),
    code,
  );
}

class FlDiagnose extends HTMLElement {
  #worker?: Worker;

  connectedCallback() {
    const form = this.querySelector<HTMLFormElement>('[data-form]')!;
    const textarea = this.querySelector<HTMLTextAreaElement>('textarea')!;
    const fileInput = this.querySelector<HTMLInputElement>('[data-file]')!;
    const drop = this.querySelector<HTMLElement>('[data-drop]')!;
    this.querySelector('[data-cancel]')?.addEventListener('click', () => this.#cancel());
    textarea.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.length < LARGE_PASTE) return; // a short paste goes into the box as usual
      event.preventDefault();
      this.#large(new File([text], 'pasted log', { type: 'text/plain' }), 'The pasted log');
    });
    const placeholder = textarea.placeholder;
    this.querySelector('[data-clear]')?.addEventListener('click', () => {
      textarea.value = '';
      textarea.placeholder = placeholder;
      if (this.hasAttribute('aria-busy')) this.#cancel();
      this.#results().replaceChildren();
      this.#status('');
      textarea.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!textarea.value.trim()) {
        this.#status('Paste a log first, or choose a file.');
        textarea.focus();
        return;
      }
      this.#post({ type: 'text', text: textarea.value });
    });
    fileInput.addEventListener('change', () => {
      const file = fileInput.files?.[0];
      if (file) this.#file(file);
      fileInput.value = '';
    });
    drop.addEventListener('dragover', (event) => {
      event.preventDefault();
      drop.dataset.over = '';
    });
    drop.addEventListener('dragleave', () => delete drop.dataset.over);
    drop.addEventListener('drop', (event) => {
      event.preventDefault();
      delete drop.dataset.over;
      const file = event.dataTransfer?.files[0];
      if (file) this.#file(file);
    });
    this.removeAttribute('data-static');

    // A log handed over from search or an entry page, through sessionStorage only.
    // The key comes from the server (src/islands/handoff.ts) as an attribute, so this island
    // shares no module with the page-wide script and loads as a single file.
    const key = this.dataset.handoff!;
    let handed: string | null = null;
    try {
      handed = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
    } catch {
      // storage switched off: nothing can have been handed over
    }
    if (handed) {
      if (handed.length >= LARGE_PASTE)
        this.#large(new File([handed], 'handed-over log', { type: 'text/plain' }), 'The handed-over log');
      else {
        textarea.value = handed;
        this.#post({ type: 'text', text: handed });
      }
    }
  }

  #results() {
    return this.querySelector<HTMLOListElement>('[data-results]')!;
  }

  #status(text: string) {
    this.querySelector<HTMLElement>('[data-status]')!.textContent = text;
  }

  /** The progress bar and Cancel: shown for every job, with a bar that fills once sizes are known. */
  #progress(done?: number, total?: number) {
    const box = this.querySelector<HTMLElement>('[data-progress]')!;
    const bar = box.querySelector('progress')!;
    const text = box.querySelector('[data-progress-text]')!;
    if (!this.hasAttribute('aria-busy')) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    if (done === undefined || !total) {
      bar.removeAttribute('value'); // indeterminate: matching text reports no progress
      text.textContent = 'Matching…';
      return;
    }
    bar.max = total;
    bar.value = done;
    text.textContent = `${mb(done)} of ${mb(total)}`;
  }

  /**
   * Stops the job at once, whatever the worker is doing: a worker busy matching a long text
   * reads no message until it is done, so it is ended, and the next job starts a new one.
   */
  #cancel() {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.removeAttribute('aria-busy');
    this.#progress();
    this.#status('Cancelled.');
  }

  #file(file: File) {
    const textarea = this.querySelector<HTMLTextAreaElement>('textarea')!;
    // Small files are shown as they are; large ones stay out of the text box (see LARGE_PASTE)
    if (file.size < LARGE_PASTE) {
      file.text().then((text) => {
        textarea.value = text;
        this.#post({ type: 'text', text });
      });
      return;
    }
    this.#large(file, file.name);
  }

  /** A log too large for the text box: read by the worker in chunks, never shown. */
  #large(file: File, name: string) {
    const textarea = this.querySelector<HTMLTextAreaElement>('textarea')!;
    textarea.value = '';
    textarea.placeholder = `${name} (${mb(file.size)}) is being read in this browser, in chunks.`;
    this.#post({ type: 'file', file });
  }

  #post(req: WorkerRequest) {
    // one job at a time: a job still running is ended, not queued behind
    if (this.hasAttribute('aria-busy')) {
      this.#worker?.terminate();
      this.#worker = undefined;
    }
    if (!this.#worker) {
      const worker = new Worker(new URL('./diagnose-worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (e: MessageEvent<WorkerMessage>) => this.#onMessage(e.data));
      worker.addEventListener('error', () => this.#status('The diagnose worker failed to start.'));
      this.#worker = worker;
    }
    this.setAttribute('aria-busy', 'true');
    this.#status('Matching…');
    this.#progress();
    this.#worker.postMessage({ req, url: this.dataset.fingerprints, profiles: this.dataset.profiles });
  }

  #onMessage(msg: WorkerMessage) {
    if (msg.type === 'progress') {
      this.#progress(msg.done, msg.total);
      return;
    }
    this.removeAttribute('aria-busy');
    this.#progress();
    if (msg.type === 'error') this.#status(`Diagnose failed: ${msg.message}`);
    else this.#render(msg);
    this.#reveal();
  }

  /**
   * Brings the outcome on screen when it landed below the fold (on a phone, the box and its
   * buttons fill the screen): the status line goes to the top, the results follow it. Focus
   * stays where it was; the status line is announced as it changes.
   */
  #reveal() {
    const status = this.querySelector<HTMLElement>('[data-status]')!;
    const { top, bottom } = status.getBoundingClientRect();
    if (top >= 0 && bottom <= innerHeight - 120) return;
    status.scrollIntoView({
      block: 'start',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }

  #render(msg: ResultMessage) {
    const { diagnosis: d } = msg;
    const list = this.#results();
    list.replaceChildren();
    const scope =
      msg.mode === 'head-tail'
        ? `Scanned the first and last ${mb(msg.scanned / 2)} of ${mb(msg.total)} (the file is too large to scan whole).`
        : msg.mode === 'full'
          ? `Scanned all ${mb(msg.total)} in chunks.`
          : '';
    const order = d.stats.newestFirst
      ? ' Its newest line is first, as a log console lists it; it was read oldest first.'
      : '';
    const lines = `${d.stats.lines.toLocaleString('en')} ${d.stats.lines === 1 ? 'line' : 'lines'} in ${msg.ms} ms.${order}`;
    this.dataset.ms = String(msg.ms);
    if (!d.candidates.length) {
      this.#status(`No entry matches this log. ${lines} ${scope}`.trim());
      const item = el('li', { class: 'empty' });
      if (d.closest?.length) {
        list.append(
          el(
            'li',
            { class: 'summary' },
            el(
              'p',
              {},
              'No line of this log matches a fingerprint. These entries share the most telling words with it: leads to check, not matches.',
            ),
          ),
          ...d.closest.map((c, i) => this.#lead(c, i)),
        );
        item.append(el('p', {}, 'None of them? No entry may explain these lines yet.'));
      } else item.append(el('p', {}, 'No entry explains these lines yet.'));
      if (msg.leadsError) item.append(el('p', {}, `The closest entries could not be found: ${msg.leadsError}.`));
      if (msg.informative) {
        const search = el(
          'a',
          { href: `${this.dataset.search}?q=${encodeURIComponent(msg.informative)}` },
          'Search the encyclopedia for it',
        );
        item.append(
          el('p', {}, 'The most telling line, with numbers and paths removed:'),
          el('pre', {}, el('code', {}, msg.informative)),
          el('p', {}, search),
        );
      }
      list.append(item);
      return;
    }
    this.#status(
      `${d.candidates.length} ${d.candidates.length === 1 ? 'entry matches' : 'entries match'}. ${lines} ${scope}`.trim(),
    );
    if (d.summary) list.append(el('li', { class: 'summary' }, el('p', {}, d.summary)));
    if (d.versions?.length)
      list.append(el('li', { class: 'summary versions' }, el('p', {}, logVersionsText(d.versions))));
    if (d.shared) {
      const { label, url } = d.shared;
      list.append(
        el(
          'li',
          { class: 'summary' },
          el('p', {}, `${sharedLead(d.shared)} `, el('a', { href: url }, `How to tell them apart: ${label}`), '.'),
        ),
      );
    }
    d.candidates.slice(0, Number(this.dataset.top ?? 8)).forEach((c, i) =>
      list.append(
        this.#card(
          c,
          i,
          msg.labels,
          d.shared?.tied.find((t) => t.id === c.id),
        ),
      ),
    );
  }

  /** An entry the log shares words with, when nothing matched: its link, and the words. */
  #lead(c: Lead, i: number): HTMLElement {
    const head = el(
      'h2',
      { class: 'result-title' },
      el('span', { class: 'rank' }, `${i + 1}`),
      el('a', { href: c.url }, c.title),
      el('span', { class: 'id' }, c.id),
    );
    const score = el(
      'p',
      { class: 'score' },
      el('span', { class: 'confidence', 'data-confidence': c.confidence }, confidenceText(c.confidence)),
    );
    const words = el('p', { class: 'why lead-words' }, 'Shares: ');
    c.words.forEach((w, k) => words.append(k ? ', ' : '', el('code', {}, w)));
    return el('li', { class: 'result lead' }, head, score, words);
  }

  /** One result; `tied`, when the candidate is one of several that tie on one symptom. */
  #card(c: Candidate, i: number, labels: Record<string, string>, tied?: { tellApart?: string }): HTMLElement {
    const head = el(
      'h2',
      { class: 'result-title' },
      // entries that tie are not ranked: no number
      el('span', { class: 'rank' }, tied ? '·' : `${i + 1}`),
      el('a', { href: c.url }, c.title),
      el('span', { class: 'id' }, c.id),
    );
    const meter = el('meter', {
      min: '0',
      max: '1',
      value: String(c.score),
      'aria-label': `Score ${Math.round(c.score * 100)} of 100`,
    });
    const score = el(
      'p',
      { class: 'score' },
      meter,
      ` ${Math.round(c.score * 100)} `,
      el('span', { class: 'confidence', 'data-confidence': c.confidence }, confidenceText(c.confidence)),
    );
    const tell = tied?.tellApart
      ? el('p', { class: 'tell' }, el('strong', {}, 'Tell it apart: '), ...inlineCode(tied.tellApart))
      : '';
    const versions = c.versions?.length
      ? el(
          'p',
          { class: 'version-note' },
          `${c.versions.map(versionNoteText).join('; ')}.`.replace(/^./, (x) => x.toUpperCase()),
        )
      : '';
    const why = el(
      'p',
      { class: 'why' },
      c.initiating ? 'Failed first. ' : c.collateral ? 'Collateral of another failure. ' : '',
      'Matched: ',
    );
    c.symptoms.forEach((s, k) => {
      if (k) why.append(', ');
      // a known issue's page has no symptom table: its signature is the whole match
      why.append(el('a', { href: c.kind ? c.url : `${c.url}#symptom-${s}` }, labels[s] ?? s));
    });
    const lines = el('ol', { class: 'lines', 'aria-label': `Matched lines for ${c.id}` }, ...c.lines.map(lineView));
    return el('li', { class: `result${c.initiating ? ' initiating' : ''}` }, head, score, versions, tell, why, lines);
  }
}

customElements.define('fl-diagnose', FlDiagnose);
