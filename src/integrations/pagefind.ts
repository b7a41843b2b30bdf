/**
 * faultline-pagefind: builds the Pagefind index over the finished site at the end of
 * `astro build`, logs the page count and time, and fails the build on any Pagefind error.
 * Only entry articles are indexed (data-pagefind-body); see EntryArticle.astro for weights,
 * metadata and filters.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join, normalize } from 'node:path';
import { createReadStream, existsSync, statSync } from 'node:fs';

/**
 * Characters that belong inside words in our domain, so identifiers are indexed whole:
 * CUDA_LAUNCH_BLOCKING, torch.cuda.OutOfMemoryError, expandable_segments:True, MEM-003.
 * Pagefind still indexes the parts between them, so "OutOfMemoryError" alone matches too.
 */
export const INCLUDE_CHARACTERS = '_.:-';

export default function faultlinePagefind(): AstroIntegration {
  return {
    name: 'faultline-pagefind',
    hooks: {
      // `astro dev` has no index of its own: serve the one from the last production build, so
      // search works while editing (results reflect that build). Without one, the search UI
      // says to run `npm run build` once.
      'astro:server:setup': ({ server, logger }) => {
        const root = join(server.config.root, 'dist', 'pagefind');
        if (!existsSync(root)) logger.warn('no search index yet: run "npm run build" once, and search will work in dev too');
        server.middlewares.use((req, res, next) => {
          const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
          if (!path.startsWith('/pagefind/')) return next();
          const file = normalize(join(root, path.slice('/pagefind/'.length)));
          if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return next();
          const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
          res.setHeader('Content-Type', type);
          createReadStream(file).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const pagefind = await import('pagefind');
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await pagefind.createIndex({ includeCharacters: INCLUDE_CHARACTERS });
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: site });
          if (added.errors.length) throw new Error(`Pagefind failed to index: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
          if (written.errors.length) throw new Error(`Pagefind failed to write the index: ${written.errors.join('; ')}`);
          logger.info(`indexed ${added.page_count} pages in ${Math.round(performance.now() - started)} ms`);
        } catch (error) {
          throw new Error(`faultline-pagefind: ${(error as Error).message}`, { cause: error });
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
