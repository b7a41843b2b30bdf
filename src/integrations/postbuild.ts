/**
 * faultline-postbuild: everything after the pages are written, in parallel where it can be:
 * the Pagefind index (its own process) runs while the preview images render on the thread
 * pool and the redirect pages and host files are written. Any failure fails the build.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { indexSite } from './pagefind.ts';
import { writePreviewImages, writeRedirects } from './host-files.ts';
import { validatedContent } from './content.ts';

export default function faultlinePostbuild(): AstroIntegration {
  let root = '';
  let cacheDir = '';
  let site: URL;
  return {
    name: 'faultline-postbuild',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
        site = new URL(config.site ?? 'https://faultline.dev');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const entries = validatedContent(root).entries;
        const search = indexSite(out);
        const redirects = writeRedirects(out, entries, site);
        logger.info(`wrote _redirects, _headers and ${redirects} redirect pages`);
        const images = writePreviewImages(out, entries, cacheDir).then((r) => {
          logger.info(`preview images: ${r.images} (${r.rendered} rendered, ${r.images - r.rendered} cached) in ${Math.round(performance.now() - started)} ms`);
        });
        const [indexed] = await Promise.all([search, images]);
        logger.info(`search index: ${indexed.pages} pages in ${indexed.ms} ms`);
        logger.info(`post-build done in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
