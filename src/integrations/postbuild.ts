/**
 * faultline-postbuild: the files that do not go through page rendering. As soon as the content
 * is validated, a worker thread renders the link-preview images: it uses the second core while
 * Astro loads the content and renders pages on the first. Once the pages are written, the Pagefind index (its own process) is built while the
 * redirect pages and host files are written and the images are linked in. Any failure fails
 * the build.
 *
 * With FAULTLINE_SEARCH_INDEX=separate (set by `npm run build`) the index is left out here and
 * built by src/cli/search-index.ts once this process has exited, so that Astro's memory and
 * Pagefind's are never held at the same time.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { indexSite, searchIndexLine } from './pagefind.ts';
import { copyPreviewImages, renderPreviewImages, writeRedirects, type PreviewImageJob } from './host-files.ts';
import { validatedContent, type BuildState } from './content.ts';
import { manifestFile, readManifest } from '../build/url-manifest.ts';

export default function faultlinePostbuild(state: BuildState): AstroIntegration {
  let root = '';
  let cacheDir = '';
  let site: URL;
  let images: PreviewImageJob | undefined;
  let imagesStarted = 0;
  let building = false;
  return {
    name: 'faultline-postbuild',
    hooks: {
      'astro:config:setup': ({ command }) => {
        building = command === 'build';
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
        site = new URL(config.site ?? 'https://faultline.dev');
        if (!building) return;
        // the content was validated in astro:config:setup (faultline-content): the images need
        // nothing else, so they start now, before Astro syncs the content, on the second core
        imagesStarted = performance.now();
        images = renderPreviewImages(root, validatedContent(root, state).entries, cacheDir);
        // a failure is reported when build:done awaits it, not as an unhandled rejection
        images.done.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const entries = validatedContent(root, state).entries;
        const separate = process.env.FAULTLINE_SEARCH_INDEX === 'separate';
        const search = separate ? undefined : indexSite(out);
        const redirects = await writeRedirects(
          out,
          entries,
          site,
          new Set(readManifest(manifestFile(root))),
          validatedContent(root, state).knownIssues,
        );
        logger.info(
          `wrote _redirects, _headers and ${redirects} redirect pages (${Math.round(performance.now() - started)} ms)`,
        );
        if (!images) {
          imagesStarted = started;
          images = renderPreviewImages(root, entries, cacheDir);
        }
        // the pages are written: the main thread is free, so a second worker joins
        images.addWorker();
        const copied = images.done.then((r) => {
          copyPreviewImages(out, r.images);
          // when the last image was done, which can be before this hook ran
          const after = Math.round(r.finishedAt - started);
          logger.info(
            `preview images: ${r.images.length} (${r.rendered} rendered, ${r.images.length - r.rendered} cached) in ${Math.round(r.finishedAt - imagesStarted)} ms from the build start, ${after >= 0 ? `${after} ms after` : `${-after} ms before`} the pages were written`,
          );
        });
        const [indexed] = await Promise.all([search, copied]);
        logger.info(
          indexed
            ? searchIndexLine(indexed)
            : 'search index: left to src/cli/search-index.ts (FAULTLINE_SEARCH_INDEX=separate)',
        );
        logger.info(`post-build done in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
