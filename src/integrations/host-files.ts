/**
 * Files the post-build step writes from the validated content, without going through page
 * rendering: `_redirects` and `_headers` for hosts that read them, a static redirect page for
 * every short link, old slug and merged entry, and the link-preview images.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Entry } from '../lib/content/validate.ts';
import { categoryById } from '../lib/schema/vocabulary.ts';
import { RENDERER_PACKAGES, type OgCard } from '../lib/og-card.ts';
import { buildRedirects, redirectPage, redirectsFile } from '../lib/redirects.ts';
import { headersFile } from '../lib/security.ts';
import type { KnownIssue } from '../lib/schema/known-issue.ts';

/** Redirect pages written between two turns of the event loop. */
const REDIRECT_BATCH = 250;

/**
 * Writes `_redirects`, `_headers` and the redirect pages. The pages are written synchronously,
 * one after another: with several writes in flight, the file system's threads spun on the lock
 * of the folders they all create entries in (/e/, /entries/), and took longer.
 * The event loop gets a turn between batches, so the search index (another process, driven
 * from this thread) starts while the pages are written.
 * `published` is the URL manifest (see buildRedirects).
 */
export async function writeRedirects(
  out: string,
  entries: readonly Entry[],
  site: URL,
  published: ReadonlySet<string>,
  knownIssues: readonly KnownIssue[] = [],
): Promise<number> {
  const redirects = buildRedirects(entries, published, knownIssues);
  writeFileSync(join(out, '_redirects'), redirectsFile(redirects));
  writeFileSync(join(out, '_headers'), headersFile());
  for (let i = 0; i < redirects.length; i++) {
    if (i % REDIRECT_BATCH === 0) await new Promise((next) => setImmediate(next));
    const r = redirects[i]!;
    const dir = join(out, ...r.from.split('/').filter(Boolean).map(decodeURIComponent));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), redirectPage(r, site));
  }
  return redirects.length;
}

export interface PreviewImage {
  /** file name under /og/ */
  file: string;
  /** the rendered PNG in the cache */
  cached: string;
}

export interface PreviewImageJob {
  /** every image, rendered or taken from the cache, once all are ready, and when that was (performance.now()) */
  done: Promise<{ images: PreviewImage[]; rendered: number; finishedAt: number }>;
  /** adds a worker to the pool: the post-build step does once the pages are written */
  addWorker(): void;
}

/**
 * Renders every link-preview image into the cache (cacheDir/faultline-og/<sha1>.png, keyed by
 * the card's text and the renderer), skipping those already there. Worker threads
 * (og-worker.ts) claim cards one at a time through a counter in shared memory, so they never
 * wait for the main thread. The build starts one as soon as the content is validated, on the
 * second core while the main thread syncs content and renders pages, and adds another when the
 * pages are written and the main thread is free.
 * `root` is the project root, where the worker's source lives.
 */
export function renderPreviewImages(root: string, entries: readonly Entry[], cacheDir: string): PreviewImageJob {
  const cache = join(cacheDir, 'faultline-og');
  mkdirSync(cache, { recursive: true });
  const cards: { file: string; card: OgCard }[] = [
    {
      file: 'faultline.png',
      card: {
        id: 'FAULTLINE',
        title: 'An open encyclopedia of ML training failures',
        category: 'Every cause, symptom and fix',
      },
    },
    ...entries
      .filter((e) => e.status !== 'merged')
      .map((e) => ({
        file: `${e.slug}.png`,
        card: { id: e.id, title: e.title, category: categoryById(e.category)!.label },
      })),
  ];
  // the key covers the drawing and encoding code, and the versions of the fonts and libraries
  // it draws with, as well as the card, so a change to any never serves an old image
  const renderer = createHash('sha1').update(readFileSync(join(root, 'src/build/og-image.ts'), 'utf8'));
  for (const name of RENDERER_PACKAGES)
    renderer.update(
      `\0${name}@${(JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version}`,
    );
  const keyed = cards.map((c) => ({
    ...c,
    cached: join(cache, `${renderer.copy().update('\0').update(JSON.stringify(c.card)).digest('hex')}.png`),
  }));
  const images = keyed.map((c) => ({ file: c.file, cached: c.cached }));
  const cardsToRender = keyed.filter((c) => !existsSync(c.cached)).map((c) => ({ card: c.card, cached: c.cached }));
  // the index of the next card to claim, shared by every worker (see og-worker.ts)
  const counter = new SharedArrayBuffer(4);
  const claimed = new Int32Array(counter);
  let running = 0;
  let rendered = 0;
  let failed = false;
  let settle!: { resolve: (v: Awaited<PreviewImageJob['done']>) => void; reject: (e: Error) => void };
  const done = new Promise<Awaited<PreviewImageJob['done']>>((resolve, reject) => (settle = { resolve, reject }));
  const addWorker = () => {
    if (failed || Atomics.load(claimed, 0) >= cardsToRender.length) return;
    const worker = new Worker(join(root, 'src/integrations/og-worker.ts'), {
      workerData: { cards: cardsToRender, counter },
    });
    running++;
    let report: { rendered: number } | undefined;
    worker.once('message', (m: { rendered: number }) => (report = m));
    worker.once('error', (error) => {
      failed = true;
      settle.reject(new Error(`preview images: ${error.message}`, { cause: error }));
    });
    worker.once('exit', (code) => {
      running--;
      if (failed) return;
      if (!report) {
        failed = true;
        settle.reject(new Error(`preview images: a worker stopped (exit code ${code}) before it finished`));
        return;
      }
      rendered += report.rendered;
      if (running === 0) settle.resolve({ images, rendered, finishedAt: performance.now() });
    });
  };
  if (!cardsToRender.length) settle.resolve({ images, rendered: 0, finishedAt: performance.now() });
  else addWorker();
  return { done, addWorker };
}

/**
 * Puts the rendered images in out/og/: hard links to the cache (no bytes copied; a cached
 * image is never written again, only replaced under a new name), or copies where the cache is
 * on another file system.
 */
export function copyPreviewImages(out: string, images: readonly PreviewImage[]): void {
  mkdirSync(join(out, 'og'), { recursive: true });
  let link = true;
  for (const image of images) {
    const to = join(out, 'og', image.file);
    if (link) {
      try {
        linkSync(image.cached, to);
        continue;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM')
          throw error;
        link = false;
      }
    }
    copyFileSync(image.cached, to);
  }
}
