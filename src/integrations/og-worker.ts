/**
 * A link-preview image worker: a thread of its own that lays out, draws and encodes cards, so
 * that it keeps a core busy while the main thread renders pages. Workers share the card list and a
 * counter in shared memory and claim the next card with an atomic add, so they never wait for
 * the main thread, however busy it is. Each writes its PNGs into the cache and, when no card
 * is left, posts how many it rendered. An error is thrown: the worker's error event fails the
 * build.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { renderCard, type OgCard } from '../build/og-image.ts';

const { cards, counter } = workerData as { cards: { card: OgCard; cached: string }[]; counter: SharedArrayBuffer };
const next = new Int32Array(counter);
let rendered = 0;
for (let i = Atomics.add(next, 0, 1); i < cards.length; i = Atomics.add(next, 0, 1)) {
  const card = cards[i]!;
  // written under a temporary name and renamed, so a stopped build never leaves half a PNG in the cache
  const tmp = `${card.cached}.${process.pid}.${i}.tmp`;
  // awaiting the encoder also lets the event loop turn, which resvg's finalisers need to free
  // the native memory of the glyphs drawn so far
  writeFileSync(tmp, await renderCard(card.card));
  renameSync(tmp, card.cached);
  rendered++;
}
parentPort!.postMessage({ rendered });
