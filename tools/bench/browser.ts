/**
 * Browser figures for the benchmark, in Chromium: bytes and time of the first and a later
 * search query (from the last keystroke to visible results), and the diagnose worker on a
 * large log. The site is served locally by tests/e2e/serve.ts.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../../tests/e2e/chromium.ts';

async function serve(dist: string, port: number) {
  const child = spawn(process.execPath, [join(process.cwd(), 'tests/e2e/serve.ts'), String(port), dist], {
    stdio: 'pipe',
  });
  await new Promise<void>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('serving') && ok());
    child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return child;
}

/**
 * First queries a reader might type, each measured in a fresh browser (nothing cached): a
 * query's bytes depend on which index chunks its words fall in, so one query alone can make a
 * change to the index look better or worse than it is. Words of the synthetic corpus
 * (tools/bench/corpus.ts), which draws on the real entries' vocabulary; "out" and "memory" are
 * in most of its pages.
 */
export const FIRST_QUERIES = [
  'allocator gradient',
  'watchdog timeout',
  'nccl',
  'out of memory',
  'expandable segments',
  'bf16',
  'checkpoint',
  'deepspeed zero',
  'loss nan',
  'tokenizer',
];

/** How long the network must stay quiet before a page counts as loaded, as Playwright's networkidle. */
const QUIET_MS = 500;

/**
 * Opens `url`, opens search with "/", then runs each query. Bytes are what went over the wire
 * (body and headers of every finished request; the local server gzips text as a CDN does, and
 * Pagefind's index, fragments and WebAssembly come gzipped by Pagefind); the first query's
 * bytes include opening search: the search script, Pagefind and its index. A query arrives as
 * one input event (as when pasted or typed fast); its time runs from that event to the first
 * result on screen, its bytes from the event until the network is idle.
 *
 * The first query arrives once opening the search has finished loading (a reader types for
 * longer than that takes), or, with `pastedOnOpening`, as soon as the search box shows, so
 * that its time includes loading the search script and Pagefind.
 */
async function searchFigures(page: Page, url: string, queries: string[], pastedOnOpening = false) {
  let bytes = 0;
  // A request's sizes arrive after it has finished: wait for them before reading the count. A
  // failure is kept as a value, thrown while measuring, and ignored once the page is closed.
  let pending: Promise<unknown>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  page.on('requestfailed', (request) => {
    inFlight--;
    lastActivity = Date.now();
    pending.push(Promise.resolve(new Error(`bench: ${request.url()} failed: ${request.failure()?.errorText}`)));
  });
  page.on('requestfinished', (request) => {
    inFlight--;
    lastActivity = Date.now();
    pending.push(
      request.sizes().then(
        (s) => void (bytes += s.responseBodySize + s.responseHeadersSize),
        (error: Error) => error,
      ),
    );
  });
  // Quiet for QUIET_MS with nothing in flight. Not waitForLoadState('networkidle'): that state
  // is reached once per navigation and then returns at once, so after opening the search it
  // would not wait for Pagefind to load.
  const settled = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await new Promise((ok) => setTimeout(ok, 50));
    const failed = (await Promise.all(pending)).find((r) => r instanceof Error);
    pending = [];
    if (failed) throw failed;
  };
  await page.goto(url, { waitUntil: 'networkidle' });
  await settled();
  bytes = 0;
  // "/" opens search once the page's module script has run. On a starved machine that can come
  // after the network is quiet, and a key pressed before it is lost: press again while the dialog
  // is closed, a bounded number of times
  const dialog = page.locator('[data-search-dialog]');
  for (let attempt = 1; ; attempt++) {
    if (!(await dialog.evaluate((d) => (d as HTMLDialogElement).open))) await page.keyboard.press('/');
    try {
      await dialog.locator('[data-search-input]').waitFor({ timeout: 3_000 });
      break;
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
  if (!pastedOnOpening) await settled();
  let opening = bytes;
  const figures: { bytes: number; ms: number }[] = [];
  for (const text of queries) {
    bytes = 0;
    // One evaluation dispatches the query and resolves when the first result is on screen: a
    // Playwright wait (waitForFunction) would inject its selector engine into the page during
    // the query, and its script parsing on the main thread would count against the search.
    const ms = await page.evaluate(
      (q) =>
        new Promise<number>((resolve, reject) => {
          const list = document.querySelector('[data-search-dialog] [data-search-results]')!;
          list.replaceChildren();
          let t0 = 0;
          const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error(`bench: no search result on screen for "${q}" within 30 s`));
          }, 30_000);
          const observer = new MutationObserver(() => {
            if (!list.querySelector('li.result')) return;
            const shown = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(Math.round(shown - t0));
          });
          observer.observe(list, { childList: true, subtree: true });
          const input = document.querySelector<HTMLInputElement>('[data-search-dialog] [data-search-input]')!;
          input.value = q;
          t0 = performance.now();
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      text,
    );
    await settled();
    figures.push({ bytes: bytes + opening, ms });
    opening = 0;
  }
  return figures;
}

export async function browserFigures(dist: string, entryPath: string, bigLog: string, expectTop?: string) {
  const port = 4500 + Math.floor(Math.random() * 400);
  const server = await serve(dist, port);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const firstQueries: { query: string; bytes: number; ms: number }[] = [];
    for (const text of FIRST_QUERIES) {
      const context = await browser.newContext();
      const fresh = await context.newPage();
      const measured = await searchFigures(fresh, `http://localhost:${port}${entryPath}`, [text]);
      firstQueries.push({ query: text, ...measured[0]! });
      await context.close();
    }
    const opening = await browser.newContext();
    const [pasted] = await searchFigures(
      await opening.newPage(),
      `http://localhost:${port}${entryPath}`,
      ['allocator gradient'],
      true,
    );
    await opening.close();
    const page = await browser.newPage();
    const [first, later] = await searchFigures(page, `http://localhost:${port}${entryPath}`, [
      'allocator gradient',
      'watchdog timeout',
    ]);

    // the diagnose worker: one warm-up run (loads the fingerprints), then the timed one
    await page.goto(`http://localhost:${port}/diagnose/`);
    const file = { name: 'train.log', mimeType: 'text/plain', buffer: Buffer.from(bigLog) };
    // The worker reports its own time, from the request to the result, file reading included
    // (the time Playwright takes to hand the file to the page is not the reader's).
    const runWorker = async () => {
      await page.evaluate(() => {
        document.querySelector('[data-results]')!.replaceChildren();
        delete document.querySelector<HTMLElement>('fl-diagnose')!.dataset.ms;
      });
      await page.locator('#log-file').setInputFiles(file);
      await page.locator('[data-results] li.result').first().waitFor({ timeout: 60_000 });
      return Number(await page.locator('fl-diagnose').getAttribute('data-ms'));
    };
    await runWorker();
    const workerMs = await runWorker();
    const top = await page.locator('[data-results] li.result .id').first().textContent();
    if (expectTop && top !== expectTop) console.warn(`bench: the worker ranked ${top} first, Node ranked ${expectTop}`);
    return { search: { first: first!, later: later!, firstQueries, pasted: pasted! }, workerMs };
  } finally {
    await browser.close();
    server.kill();
  }
}
