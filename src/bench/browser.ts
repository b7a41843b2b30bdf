/**
 * Browser figures for the benchmark, in Chromium: bytes and time of the first and a later
 * search query (from the last keystroke to visible results), and the diagnose worker on a
 * large log. The site is served locally by tests/e2e/serve.ts.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../../tests/e2e/chromium.ts';

async function serve(dist: string, port: number) {
  const child = spawn(process.execPath, [join(process.cwd(), 'tests/e2e/serve.ts'), String(port), dist], { stdio: 'pipe' });
  await new Promise<void>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('serving') && ok());
    child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return child;
}

export async function browserFigures(dist: string, entryPath: string, bigLog: string, expectTop?: string) {
  const port = 4500 + Math.floor(Math.random() * 400);
  const server = await serve(dist, port);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // bytes over the wire: body and headers of every finished request (the local server gzips
    // text as a CDN does; Pagefind's index, fragments and WebAssembly are gzipped by Pagefind)
    let bytes = 0;
    page.on('requestfinished', (request) => {
      void request.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize));
    });
    await page.goto(`http://localhost:${port}${entryPath}`, { waitUntil: 'networkidle' });

    // A query arrives as one input event (as when pasted or typed fast); the time runs from that
    // event to the first result on screen, the bytes from the event until the network is idle.
    const query = async (text: string) => {
      bytes = 0;
      await page.evaluate((q) => {
        const w = window as unknown as { __t0: number; __shown: number };
        const list = document.querySelector('[data-search-dialog] [data-search-results]')!;
        list.replaceChildren();
        w.__shown = 0;
        new MutationObserver((_, obs) => {
          if (list.querySelector('li.result')) {
            w.__shown = performance.now();
            obs.disconnect();
          }
        }).observe(list, { childList: true, subtree: true });
        const input = document.querySelector<HTMLInputElement>('[data-search-dialog] [data-search-input]')!;
        input.value = q;
        w.__t0 = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, text);
      await page.waitForFunction(() => (window as unknown as { __shown: number }).__shown > 0, null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const ms = await page.evaluate(() => {
        const w = window as unknown as { __t0: number; __shown: number };
        return Math.round(w.__shown - w.__t0);
      });
      return { bytes, ms };
    };

    // the first query's bytes include opening search: the search script, Pagefind and its index
    bytes = 0;
    await page.keyboard.press('/');
    await page.locator('[data-search-dialog] [data-search-input]').waitFor();
    await page.waitForLoadState('networkidle');
    const opening = bytes;
    const firstQuery = await query('allocator gradient');
    const first = { bytes: firstQuery.bytes + opening, ms: firstQuery.ms };
    const later = await query('watchdog timeout');

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
    return { search: { first, later }, workerMs };
  } finally {
    await browser.close();
    server.kill();
  }
}
