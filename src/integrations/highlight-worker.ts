/**
 * Highlights snippets in a thread of its own, in the order given, and posts back (key, HTML)
 * pairs for the highlighter's cache in groups as it goes, so that the content loader, which
 * asks for them in the same order, waits for few (see highlight-ahead.ts). An error is
 * thrown: the worker's error event fails the build.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { highlight, highlightKey } from '../lib/highlight.ts';

const GROUP = 200;
const { snippets } = workerData as { snippets: [string, string][] };
let pairs: [string, string][] = [];
for (const [code, lang] of snippets) {
  pairs.push([highlightKey(code, lang), await highlight(code, lang)]);
  if (pairs.length === GROUP) {
    parentPort!.postMessage(pairs);
    pairs = [];
  }
}
parentPort!.postMessage(pairs);
