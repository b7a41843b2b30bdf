import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteSearch } from '../../src/islands/site-search.ts';

/**
 * A stand-in for Pagefind's JS API that behaves as its chunked index does: a term is matched
 * as a prefix of the words in every chunk loaded so far, and loading a chunk takes a number of
 * turns of the event loop (the chunk of "errors" arrives late, as a larger or farther chunk
 * would). Only "errors" is on page c.
 */
const FAKE_PAGEFIND = `
const chunks = { error: ['error'], errors: ['errors'], cuda: ['cuda'] };
const pages = { a: ['error', 'cuda'], b: ['error'], c: ['errors'] };
const turns = { error: 1, errors: 20, cuda: 1 };
const loaded = new Set();
const arrivals = new Map();
const load = (term) => {
  if (!chunks[term]) return Promise.resolve();
  if (!arrivals.has(term))
    arrivals.set(term, (async () => {
      for (let i = 0; i < turns[term]; i++) await Promise.resolve();
      for (const word of chunks[term]) loaded.add(word);
    })());
  return arrivals.get(term);
};
export async function options() {}
export async function init() {}
export async function preload(term) { await load(term.replaceAll('"', '')); }
export async function search(term) {
  await load(term.replaceAll('"', ''));
  const words = [...loaded].filter((w) => w.startsWith(term));
  const results = Object.entries(pages)
    .filter(([, held]) => held.some((w) => words.includes(w)))
    .map(([id, held]) => ({ id, score: held.filter((w) => words.includes(w)).length, data: async () => ({}) }));
  return { results, filters: {}, totalFilters: {} };
}
`;

describe('the words of a query searched in the index', () => {
  const site = mkdtempSync(join(tmpdir(), 'faultline-site-search-'));
  mkdirSync(join(site, 'pagefind'));
  writeFileSync(join(site, 'pagefind/pagefind.js'), FAKE_PAGEFIND);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('are searched once every chunk they need has arrived, so a word finds what a later chunk holds', async () => {
    const index = new SiteSearch(`${site}/`, 3);
    const first = await index.wordHits(['error', 'errors', 'cuda']);
    // "error" is a prefix of "errors", whose chunk arrives after the chunk of "error"
    expect(first.hits.get('error')!.map((h) => h.id)).toEqual(['a', 'b', 'c']);
    // the same query again, with every chunk already loaded, ranks the same
    const again = await index.wordHits(['error', 'errors', 'cuda']);
    expect(again.ids).toEqual(first.ids);
    expect([...again.hits]).toEqual([...first.hits]);
  });
});
