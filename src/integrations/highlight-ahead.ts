/**
 * Code highlighting ahead of the content sync. The content loader highlights every fenced
 * block of every entry body on Astro's main thread (about 0.8 s at 1,000 entries), and the
 * pages highlight the confirm commands. A build starts this as soon as the content is
 * validated: a worker thread (highlight-worker.ts) highlights the same snippets on the second
 * core while the main thread starts Vite, and the results join the highlighter's shared cache
 * (src/lib/highlight.ts), where the loader and the pages find them. A snippet the worker did
 * not foresee is highlighted on the main thread as before.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { bodyCodeBlocks } from '../lib/content/code-blocks.ts';
import type { Entry } from '../lib/content/validate.ts';
import { primeHighlights } from '../lib/highlight.ts';

/** The (code, lang) pairs the site will highlight, as the loader and CodeBlock.astro ask for them. */
export function snippetsOf(entries: readonly Entry[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  const add = (code: string, lang: string) => {
    const key = `${lang}\0${code}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push([code, lang]);
  };
  for (const e of entries) {
    for (const b of bodyCodeBlocks(e.file, e.body, 0)) add(b.code, b.lang);
    for (const c of e.confirm) if (c.command) add(c.command.trimEnd(), c.lang);
  }
  return out;
}

/** Starts the worker; resolves when its results are in the cache, rejects (failing the build) if it fails. */
export function highlightAhead(root: string, entries: readonly Entry[]): Promise<number> {
  const snippets = snippetsOf(entries);
  const results = new Promise<[string, string][]>((resolve, reject) => {
    const worker = new Worker(join(root, 'src/integrations/highlight-worker.ts'), { workerData: { snippets } });
    let done = false;
    worker.once('message', (pairs: [string, string][]) => {
      done = true;
      resolve(pairs);
    });
    worker.once('error', (error) => reject(new Error(`highlighting ahead: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`highlighting ahead: the worker stopped (exit code ${code}) before it finished`));
    });
  });
  primeHighlights(results);
  return results.then((pairs) => pairs.length);
}
