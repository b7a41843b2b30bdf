/**
 * Files the post-build step writes from the validated content, without going through page
 * rendering: `_redirects` and `_headers` for hosts that read them, a static redirect page for
 * every short link, old slug and merged entry, and the link-preview images.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Entry } from '../lib/content/validate.ts';
import { categoryById } from '../lib/schema/vocabulary.ts';
import { ogSvg } from '../lib/og-image.ts';
import { buildRedirects, redirectPage, redirectsFile } from '../lib/redirects.ts';
import { headersFile } from '../lib/security.ts';

export function writeRedirects(out: string, entries: readonly Entry[], site: URL): number {
  const redirects = buildRedirects(entries);
  writeFileSync(join(out, '_redirects'), redirectsFile(redirects));
  writeFileSync(join(out, '_headers'), headersFile());
  for (const r of redirects) {
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

/**
 * Renders every link-preview image into the cache (cacheDir/faultline-og/<sha1>.png, keyed by
 * the card's SVG and the renderer's code), skipping those already there. The post-build integration starts this when the build starts,
 * in a worker thread (og-worker.ts) that runs on the second core while the main thread renders
 * pages. `root` is the project root, where the worker's source lives.
 */
export function renderPreviewImages(root: string, entries: readonly Entry[], cacheDir: string): Promise<{ images: PreviewImage[]; rendered: number }> {
  const cache = join(cacheDir, 'faultline-og');
  mkdirSync(cache, { recursive: true });
  const cards = [
    { file: 'faultline.png', svg: ogSvg({ id: 'FAULTLINE', title: 'An open encyclopedia of ML training failures', category: 'Every cause, symptom and fix' }) },
    ...entries.filter((e) => e.status !== 'merged').map((e) => ({ file: `${e.slug}.png`, svg: ogSvg({ id: e.id, title: e.title, category: categoryById(e.category)!.label }) })),
  ];
  // the key covers the drawing and encoding code as well as the card, so a change to either
  // never serves an image made the old way
  const renderer = readFileSync(join(root, 'src/lib/og-image.ts'), 'utf8');
  const keyed = cards.map((c) => ({ ...c, cached: join(cache, `${createHash('sha1').update(renderer).update('\0').update(c.svg).digest('hex')}.png`) }));
  const images = keyed.map((c) => ({ file: c.file, cached: c.cached }));
  const todo = keyed.filter((c) => !existsSync(c.cached)).map((c) => ({ svg: c.svg, cached: c.cached }));
  if (!todo.length) return Promise.resolve({ images, rendered: 0 });
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(root, 'src/integrations/og-worker.ts'), { workerData: { cards: todo } });
    let rendered: number | undefined;
    worker.once('message', (m: { rendered: number }) => (rendered = m.rendered));
    worker.once('error', (error) => reject(new Error(`preview images: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => {
      if (rendered !== undefined) resolve({ images, rendered });
      else reject(new Error(`preview images: the worker stopped (exit code ${code}) before it finished`));
    });
  });
}

/** Copies the rendered images to out/og/. */
export function copyPreviewImages(out: string, images: readonly PreviewImage[]): void {
  mkdirSync(join(out, 'og'), { recursive: true });
  for (const image of images) copyFileSync(image.cached, join(out, 'og', image.file));
}
