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
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type RenderedBodies = Map<string, { digest: string; html: string }>;

/** The file in Astro's cache folder. */
export const BODIES_FILE = 'faultline-bodies.json';

const BODIES = Symbol.for('faultline.renderedBodies');
const slot = globalThis as { [BODIES]?: RenderedBodies };

/**
 * The bodies of the last build. A missing or unreadable file gives none, and an item that is
 * not a digest and its HTML is left out: those entries are rendered again.
 */
export function readBodies(file: string): RenderedBodies {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return new Map();
  }
  const bodies: RenderedBodies = new Map();
  if (parsed && typeof parsed === 'object') {
    for (const [id, b] of Object.entries(parsed as Record<string, { digest?: unknown; html?: unknown }>)) {
      if (typeof b?.digest === 'string' && typeof b.html === 'string' && b.html) bodies.set(id, { digest: b.digest, html: b.html });
    }
  }
  return bodies;
}

/** Writes the bodies (under a temporary name first: a stopped build never leaves half a file) and offers them to the pages. */
export function keepBodies(file: string, bodies: RenderedBodies): void {
  const tmp = `${file}.${process.pid}.tmp`;
  mkdirSync(dirname(file), { recursive: true });
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
