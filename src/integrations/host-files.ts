/**
 * Files the post-build step writes from the validated content, without going through page
 * rendering: `_redirects` and `_headers` for hosts that read them, a static redirect page for
 * every short link, old slug and merged entry, and the link-preview images.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Entry } from '../lib/content/validate.ts';
import { categoryById } from '../lib/schema/vocabulary.ts';
import { ogSvg, renderPng } from '../lib/og-image.ts';
import { buildRedirects, redirectPage, redirectsFile } from '../lib/redirects.ts';
import { headersFile } from '../lib/security.ts';

export function writeRedirects(out: string, entries: readonly Entry[], site: URL): number {
  const redirects = buildRedirects(entries);
  writeFileSync(join(out, '_redirects'), redirectsFile(redirects));
  writeFileSync(join(out, '_headers'), headersFile());
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const r of redirects) {
    const dir = join(out, ...r.from.split('/').filter(Boolean).map(decodeURIComponent));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), redirectPage(r, byId.get(r.id)!, site));
  }
  return redirects.length;
}

/** Rendered a few at a time off the main thread; cached by the hash of each card's SVG. */
export async function writePreviewImages(out: string, entries: readonly Entry[], cacheDir: string): Promise<{ images: number; rendered: number }> {
  const cache = join(cacheDir, 'faultline-og');
  mkdirSync(cache, { recursive: true });
  mkdirSync(join(out, 'og'), { recursive: true });
  const cards = [
    { file: 'faultline.png', svg: ogSvg({ id: 'FAULTLINE', title: 'An open encyclopedia of ML training failures', category: 'Every cause, symptom and fix' }) },
    ...entries.filter((e) => e.status !== 'merged').map((e) => ({ file: `${e.slug}.png`, svg: ogSvg({ id: e.id, title: e.title, category: categoryById(e.category)!.label }) })),
  ];
  let rendered = 0;
  let next = 0;
  const worker = async () => {
    while (next < cards.length) {
      const card = cards[next++]!;
      const cached = join(cache, `${createHash('sha1').update(card.svg).digest('hex')}.png`);
      if (!existsSync(cached)) {
        writeFileSync(cached, await renderPng(card.svg));
        rendered++;
      }
      copyFileSync(cached, join(out, 'og', card.file));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { images: cards.length, rendered };
}
