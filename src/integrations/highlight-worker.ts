/**
 * Highlights snippets in a thread of its own and posts back (key, HTML) pairs for the
 * highlighter's cache (see highlight-ahead.ts). An error is thrown: the worker's error event
 * fails the build.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { highlight, highlightKey } from '../lib/highlight.ts';

const { snippets } = workerData as { snippets: [string, string][] };
const pairs: [string, string][] = [];
for (const [code, lang] of snippets) pairs.push([highlightKey(code, lang), await highlight(code, lang)]);
parentPort!.postMessage(pairs);
