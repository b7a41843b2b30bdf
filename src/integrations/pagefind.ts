/**
 * The search index: Pagefind over the finished site, through its Node API. Only entry
 * articles are indexed (data-pagefind-body); see EntryArticle.astro for weights, metadata and
 * filters. Pagefind runs as its own process: in a plain `astro build` the post-build step
 * (postbuild.ts) writes redirect pages and links preview images while it indexes; `npm run
 * build` runs it after Astro has exited instead (src/cli/search-index.ts).
 */
import { join } from 'node:path';
import { ENTRIES_PATH } from '../lib/urls.ts';

/**
 * Characters that belong inside words in our domain, so identifiers are indexed whole:
 * CUDA_LAUNCH_BLOCKING, torch.cuda.OutOfMemoryError, expandable_segments:True, MEM-003.
 * Pagefind still indexes the parts between them, so "OutOfMemoryError" alone matches too.
 */
export const INCLUDE_CHARACTERS = '_.:-';

export interface IndexResult {
  pages: number;
  ms: number;
  /** Pagefind reading and indexing the pages */
  readMs: number;
  /** Pagefind building and writing the index: it needs every page, so it comes last */
  writeMs: number;
}

/** The log line for an index; the benchmark reads its figures from it. */
export const searchIndexLine = (r: IndexResult) => `search index: ${r.pages} pages in ${r.ms} ms (reading and indexing the pages ${r.readMs} ms, writing the index ${r.writeMs} ms)`;

/** Builds dist/pagefind; throws (failing the build) on any Pagefind error. */
export async function indexSite(site: string): Promise<IndexResult> {
  const started = performance.now();
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({ includeCharacters: INCLUDE_CHARACTERS });
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    // only entry pages carry data-pagefind-body; reading the tag, symptom and redirect pages
    // too (5,400 more files at 1,000 entries) cost Pagefind most of its time. An entry page is
    // entries/<slug>/index.html; entries/index.html is the redirect home (redirects.ts)
    const reading = performance.now();
    const added = await index.addDirectory({ path: site, glob: `${ENTRIES_PATH}/*/index.html` });
    const writing = performance.now();
    if (added.errors.length) throw new Error(`Pagefind failed to index: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
    if (written.errors.length) throw new Error(`Pagefind failed to write the index: ${written.errors.join('; ')}`);
    const end = performance.now();
    return { pages: added.page_count, ms: Math.round(end - started), readMs: Math.round(writing - reading), writeMs: Math.round(end - writing) };
  } catch (error) {
    throw new Error(`faultline search index: ${(error as Error).message}`, { cause: error });
  } finally {
    await pagefind.close();
  }
}
