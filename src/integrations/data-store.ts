/**
 * Keeps Astro's content data store out of the bundle in a static build.
 *
 * Astro hands its data store to the pages as a module, `astro:data-layer-content`, whose code is
 * the whole of data-store.json as one string literal: `export default JSON.parse("…")`. To
 * write it, Astro reads the file, parses it once to check it and escapes it into the literal;
 * the bundler then parses, writes and reads back a module as large as the store (16 MB at 1,000
 * entries, 163 MB at 10,000, most of it rendered entry bodies). A static build renders its pages
 * in the same process, right after bundling, from the same cache folder, so the module can read
 * the file itself when it runs.
 *
 * The module is loaded here, before Astro's own load hook runs (the hook's `order: 'pre'`), so
 * Astro never builds the literal. Rewriting Astro's module after the fact (the earlier way)
 * still paid for the literal and for checking it: Vite's bundling took 2.1–2.4 s at 1,000
 * entries and 15.8 s at 10,000, against 1.1 and 1.2 s now. That Astro's module is
 * `JSON.parse` of the file is checked by a unit test that runs Astro's own plugin
 * (tests/unit/data-store.test.ts). Astro's other storage (`experimental.collectionStorage`
 * "chunked") and a missing file are left to Astro. The module checks, before it reads, that the
 * file has not changed since it was bundled.
 */
import { existsSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Astro's id for the resolved data store module (the `\0` marks a virtual module in Vite). */
export const DATA_STORE_MODULE = '\0astro:data-layer-content';

/** How the build says the store went into the bundle after all (the benchmark fails on it). */
export const BUNDLED_AS_ASTRO_WROTE_IT = 'the content data store is bundled as Astro wrote it';

/** The module that reads `file` (data-store.json) when it runs; undefined when there is none. */
export function dataStoreModule(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const { size, mtimeMs } = statSync(file);
  const f = JSON.stringify(file);
  return [
    `import { readFileSync, statSync } from 'node:fs';`,
    `const s = statSync(${f});`,
    `if (s.size !== ${size} || s.mtimeMs !== ${mtimeMs}) throw new Error(${JSON.stringify(`${file} changed after the build bundled it; run the build again`)});`,
    `export default JSON.parse(readFileSync(${f}, 'utf8'));`,
  ].join('\n');
}

/**
 * The Vite plugin. `file` is data-store.json in the build's cache folder; `storage` is Astro's
 * `experimental.collectionStorage` (only the single file is read this way).
 */
export function dataStoreAtRenderTime(file: string, storage: unknown, warn: (message: string) => void): Plugin {
  const singleFile = storage === undefined || storage === 'single-file';
  let served = false;
  return {
    name: 'faultline:data-store-at-render-time',
    apply: 'build',
    enforce: 'pre',
    load: {
      order: 'pre',
      filter: { id: new RegExp(`^${DATA_STORE_MODULE}$`) },
      handler() {
        if (!singleFile) return undefined;
        const code = dataStoreModule(file);
        if (code === undefined) return undefined;
        served = true;
        return { code, map: null };
      },
    },
    // a newer Astro that names or loads its module another way would bundle the store again:
    // the build is still correct, only slower, so it says so
    buildEnd() {
      const store = [...this.getModuleIds()].find((id) => id.includes('astro:data-layer-content') && !id.includes('-chunk:'));
      if (store && !served && singleFile && existsSync(file)) {
        warn(`${BUNDLED_AS_ASTRO_WROTE_IT} (${JSON.stringify(store)} was not read at render time); the build is correct but slower`);
      }
    },
  };
}
