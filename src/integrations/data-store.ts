/**
 * Keeps Astro's content data store out of the bundle in a static build.
 *
 * Astro hands its data store to the pages as a module, `astro:data-layer-content`, whose code is
 * the whole of data-store.json as one string literal: `export default JSON.parse("…")`. The
 * bundler then parses, writes and reads back a module as large as the store (16 MB at 1,000
 * entries, most of it rendered entry bodies), which took 2.2 of the 3.8 s Vite spent bundling
 * at that size. A static build renders its pages in the same process, right after bundling,
 * from the same cache folder, so the module can read the file itself when it runs.
 *
 * The module is rewritten only when its code is exactly that literal of the file as it is on
 * disk at that moment; if Astro ever writes the module another way, it is left as Astro made it
 * and the build says so. The rewritten module checks, before it reads, that the file has not
 * changed since it was bundled.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Astro's id for the resolved data store module (the `\0` marks a virtual module in Vite). */
export const DATA_STORE_MODULE = '\0astro:data-layer-content';

/** How the build says the module was left as Astro wrote it (the benchmark fails on it). */
export const BUNDLED_AS_ASTRO_WROTE_IT = 'the content data store is bundled as Astro wrote it';

export interface DataStorePluginOptions {
  /** data-store.json in the build's cache folder */
  file: string;
  /** told when the module is left as Astro wrote it, with the reason */
  warn: (message: string) => void;
}

/**
 * The module that reads the data store when it runs; or, when `code` is not Astro's literal of
 * the file's current contents, the reason it is left as it is.
 */
export function dataStoreModule(code: string, file: string): { code: string } | { reason: string } {
  const head = 'export default JSON.parse(';
  if (!code.startsWith(head) || !code.endsWith(')')) return { reason: 'the module is not JSON.parse of a string' };
  let embedded: unknown;
  try {
    embedded = JSON.parse(code.slice(head.length, -1));
  } catch {
    return { reason: 'the module is not JSON.parse of a string' };
  }
  let stat: { size: number; mtimeMs: number };
  try {
    if (embedded !== readFileSync(file, 'utf8')) return { reason: `the module does not hold ${file} as it is on disk` };
    stat = statSync(file);
  } catch {
    return { reason: `${file} cannot be read` };
  }
  const f = JSON.stringify(file);
  return {
    code: [
      `import { readFileSync, statSync } from 'node:fs';`,
      `const s = statSync(${f});`,
      `if (s.size !== ${stat.size} || s.mtimeMs !== ${stat.mtimeMs}) throw new Error(${JSON.stringify(
        `${file} changed after the build bundled it; run the build again`,
      )});`,
      `export default JSON.parse(readFileSync(${f}, 'utf8'));`,
    ].join('\n'),
  };
}

export function dataStoreAtRenderTime({ file, warn }: DataStorePluginOptions): Plugin {
  return {
    name: 'faultline:data-store-at-render-time',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: new RegExp(`^${DATA_STORE_MODULE}$`) },
      handler(code) {
        const result = dataStoreModule(code, file);
        if ('code' in result) return { code: result.code, map: null };
        warn(`${BUNDLED_AS_ASTRO_WROTE_IT} (${result.reason}); the build is correct but slower`);
        return undefined;
      },
    },
  };
}
