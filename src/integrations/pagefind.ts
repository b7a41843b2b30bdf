/**
 * The search index: Pagefind over the finished site, through its Node API. Only entry
 * articles are indexed (data-pagefind-body); see EntryArticle.astro for weights, metadata and
 * filters. Pagefind runs as its own process: in a plain `astro build` the post-build step
 * (postbuild.ts) writes redirect pages and links preview images while it indexes; `npm run
 * build` runs it after Astro has exited instead (src/cli/search-index.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRIES_PATH, KNOWN_ISSUES_PATH } from '../lib/urls.ts';

/**
 * Characters that belong inside words in our domain, so identifiers are indexed whole:
 * CUDA_LAUNCH_BLOCKING, torch.cuda.OutOfMemoryError, expandable_segments:True, MEM-003.
 * Pagefind still indexes the parts between them, so "OutOfMemoryError" alone matches too.
 */
export const INCLUDE_CHARACTERS = '_.:-';

/**
 * Word positions per index chunk. A query downloads the chunk holding each of its words, and
 * Pagefind's default (20,000 positions) made those chunks most of a first query. Smaller chunks
 * cost elsewhere: the meta file every first query loads lists them all. The sum of the two is
 * least near the square root of the site's positions, about 100·√pages for entries of our
 * length (measured in docs/performance.md, "The first search query"). Pagefind 1.6 takes the size from PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE (read by
 * its process when it starts); a size already set in the environment is kept.
 */
export const CHUNK_SIZE_VAR = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';
export function indexChunkSize(pages: number): number {
  return Math.min(20_000, Math.max(1_000, Math.round(Math.sqrt(pages)) * 100));
}

function chunkSizeFromEnv(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `faultline search index: ${CHUNK_SIZE_VAR}=${value} is not a number of word positions; set a whole number such as 3000, or unset it to let the build choose`,
    );
  return n;
}

/** Entry and known-issue pages in a built site: entries/<slug>/index.html, known-issues/<slug>/index.html. */
function countEntryPages(site: string): number {
  const folders = (path: string) =>
    existsSync(join(site, path))
      ? readdirSync(join(site, path), { withFileTypes: true }).filter((d) => d.isDirectory()).length
      : 0;
  return folders(ENTRIES_PATH) + folders(KNOWN_ISSUES_PATH);
}

export interface IndexResult {
  pages: number;
  /** word positions per index chunk (indexChunkSize) */
  chunkSize: number;
  ms: number;
  /** Pagefind reading and indexing the pages */
  readMs: number;
  /** Pagefind building and writing the index: it needs every page, so it comes last */
  writeMs: number;
}

/** The log line for an index; the benchmark reads its figures from it. */
export const searchIndexLine = (r: IndexResult) =>
  `search index: ${r.pages} pages in ${r.ms} ms (reading and indexing the pages ${r.readMs} ms, writing the index ${r.writeMs} ms; chunks of ${r.chunkSize} positions)`;

/** Builds dist/pagefind; throws (failing the build) on any Pagefind error. */
export async function indexSite(site: string): Promise<IndexResult> {
  const started = performance.now();
  const before = process.env[CHUNK_SIZE_VAR];
  const chunkSize = before ? chunkSizeFromEnv(before) : indexChunkSize(countEntryPages(site));
  // Pagefind's service process starts with createIndex and inherits this environment
  process.env[CHUNK_SIZE_VAR] = String(chunkSize);
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({ includeCharacters: INCLUDE_CHARACTERS });
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    // only entry and known-issue pages carry data-pagefind-body; reading the tag, symptom and
    // redirect pages too cost Pagefind most of its time. An entry page is entries/<slug>/index.html; entries/index.html is the redirect home (redirects.ts)
    const reading = performance.now();
    const added = await index.addDirectory({ path: site, glob: `{${ENTRIES_PATH},${KNOWN_ISSUES_PATH}}/*/index.html` });
    const writing = performance.now();
    if (added.errors.length) throw new Error(`Pagefind failed to index: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
    if (written.errors.length) throw new Error(`Pagefind failed to write the index: ${written.errors.join('; ')}`);
    const end = performance.now();
    return {
      pages: added.page_count,
      chunkSize,
      ms: Math.round(end - started),
      readMs: Math.round(writing - reading),
      writeMs: Math.round(end - writing),
    };
  } catch (error) {
    throw new Error(`faultline search index: ${(error as Error).message}`, { cause: error });
  } finally {
    await pagefind.close();
    if (before === undefined) delete process.env[CHUNK_SIZE_VAR];
    else process.env[CHUNK_SIZE_VAR] = before;
  }
}
