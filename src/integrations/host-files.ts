/**
 * faultline-host-files: writes `_redirects` and `_headers` into the build for hosts that read
 * them (Netlify, Cloudflare Pages), so short links and old slugs answer with real 301s and the
 * security headers are set. Computed from content/ with the same modules as the pages.
 */
import type { AstroIntegration } from 'astro';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { categoryById } from '../lib/schema/vocabulary.ts';
import { ogSvg, renderPng } from '../lib/og-image.ts';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readContent } from '../lib/content/read.ts';
import { validateContent } from '../lib/content/validate.ts';
import { buildRedirects, redirectsFile } from '../lib/redirects.ts';
import { headersFile } from '../lib/security.ts';

export default function faultlineHostFiles(): AstroIntegration {
  let root = '';
  let cacheDir = '';
  return {
    name: 'faultline-host-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const content = validateContent(readContent(root));
        const redirects = buildRedirects(content.entries);
        writeFileSync(join(out, '_redirects'), redirectsFile(redirects));
        writeFileSync(join(out, '_headers'), headersFile());
        logger.info(`wrote _redirects (${redirects.length} rules) and _headers`);

        // Link-preview images, one per entry page. Each is cached by the hash of its SVG, so a
        // rebuild only renders the cards whose id, title or category changed.
        const started = performance.now();
        const cache = join(cacheDir, 'faultline-og');
        mkdirSync(cache, { recursive: true });
        mkdirSync(join(out, 'og'), { recursive: true });
        let rendered = 0;
        const cards = [
          { file: 'faultline.png', svg: ogSvg({ id: 'FAULTLINE', title: 'An open encyclopedia of ML training failures', category: 'Every cause, symptom and fix' }) },
          ...content.entries
            .filter((e) => e.status !== 'merged')
            .map((e) => ({ file: `${e.slug}.png`, svg: ogSvg({ id: e.id, title: e.title, category: categoryById(e.category)!.label }) })),
        ];
        for (const card of cards) {
          const cached = join(cache, `${createHash('sha1').update(card.svg).digest('hex')}.png`);
          if (!existsSync(cached)) {
            writeFileSync(cached, await renderPng(card.svg));
            rendered++;
          }
          copyFileSync(cached, join(out, 'og', card.file));
        }
        logger.info(`preview images: ${cards.length} (${rendered} rendered, ${cards.length - rendered} cached) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
