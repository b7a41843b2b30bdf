/**
 * The link-preview image worker: a thread of its own that draws and encodes the cards the
 * cache does not have yet, so that it keeps the second core busy while the main thread renders
 * pages. Started by renderPreviewImages (host-files.ts) with the cards to make; posts back how
 * many it rendered, or throws (the worker's error event fails the build).
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { renderPng } from '../lib/og-image.ts';

const { cards } = workerData as { cards: { svg: string; cached: string }[] };
let rendered = 0;
for (const card of cards) {
  if (existsSync(card.cached)) continue;
  // written under a temporary name and renamed, so a stopped build never leaves half a PNG in the cache
  const tmp = `${card.cached}.${process.pid}.tmp`;
  writeFileSync(tmp, renderPng(card.svg));
  renameSync(tmp, card.cached);
  rendered++;
  // resvg frees an image's native memory (about 3 MB) in a finaliser, and finalisers only run
  // between turns of the event loop: without this turn, 1,000 cards held 3 GB until the end
  await nextTurn();
}
parentPort!.postMessage({ rendered });
