/**
 * Rendered entry bodies, kept out of Astro's data store in a build. Astro writes its store
 * with devalue, which escapes a string a character at a time: at 1,000 entries the bodies'
 * HTML took 0.23 s of the 0.45 s it spent serialising the store, on the main thread, and made
 * the store (read back when the pages render) twice as large. In a build the content loader
 * keeps each body here instead, with the digest it was rendered from, writes them to one JSON
 * file in the cache folder (so that an unchanged entry is not rendered again next time), and
 * hands them to the pages, which run in the same process, through globalThis. `astro dev`
 * keeps the bodies in the store, where its own reloading expects them.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export type RenderedBodies = Map<string, { digest: string; html: string }>;

/** The file in Astro's cache folder. */
export const BODIES_FILE = 'faultline-bodies.json';

const BODIES = Symbol.for('faultline.renderedBodies');
const slot = globalThis as { [BODIES]?: RenderedBodies };

/** The bodies of the last build; an empty map when there is no file or it cannot be read (each is then rendered again). */
export function readBodies(file: string): RenderedBodies {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { digest: string; html: string }>));
  } catch {
    return new Map();
  }
}

/** Writes the bodies (under a temporary name first: a stopped build never leaves half a file) and offers them to the pages. */
export function keepBodies(file: string, bodies: RenderedBodies): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(Object.fromEntries(bodies)));
  renameSync(tmp, file);
  slot[BODIES] = bodies;
}

/**
 * The HTML of an entry's body: from the data store in dev, from the loader in a build. A body
 * missing from both is an error, never an empty page.
 */
export function bodyHtml(id: string, stored: string | undefined): string {
  if (stored) return stored;
  const kept = slot[BODIES]?.get(id);
  if (kept === undefined) throw new Error(`faultline: entry "${id}" has no rendered body; the content loader (src/lib/content/loader.ts) keeps one for every entry`);
  return kept.html;
}
