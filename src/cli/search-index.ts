/**
 * npm run build, second step: the Pagefind search index over a built site, in a process of its
 * own. `npm run build` runs `astro build` with FAULTLINE_SEARCH_INDEX=separate (the
 * faultline-postbuild integration then leaves the index out) and this after it, so Pagefind
 * starts once Astro's process has exited and the two never hold their memory at once (the peaks
 * are in docs/performance.md). A plain `astro build` still writes the index itself.
 *
 * node src/cli/search-index.ts [dist]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { indexSite, searchIndexLine } from '../integrations/pagefind.ts';

const dist = resolve(process.argv[2] ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(
    `search index: ${dist} holds no built site (no index.html); run astro build first, or give the output folder: node src/cli/search-index.ts <dir>`,
  );
  process.exit(1);
}
try {
  console.log(searchIndexLine(await indexSite(dist)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
