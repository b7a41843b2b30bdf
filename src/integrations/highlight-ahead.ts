/**
 * Code highlighting ahead of the content sync. The content loader highlights every fenced
 * block of every entry body on Astro's main thread (about 0.8 s at 1,000 entries), and the
 * pages highlight the confirm commands. A build starts this as soon as the content is
 * validated: a worker thread (highlight-worker.ts) highlights the same snippets, in the order
 * the loader asks for them, on the second core while the main thread starts Vite, and the
 * results join the highlighter's shared cache (src/lib/highlight.ts) as they come, where the
 * loader and the pages find them; the loader waits only for a snippet the worker has not done
 * yet. A snippet the worker did not foresee is highlighted on the main thread as before.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { bodyCodeBlocks } from '../lib/content/code-blocks.ts';
import type { SourceEntry } from '../lib/content/validate.ts';
import { expectHighlights, highlightKey } from '../lib/highlight.ts';

/** The (code, lang) pairs the site will highlight, as the loader and CodeBlock.astro ask for them. */
export function snippetsOf(entries: readonly SourceEntry[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  const add = (code: string, lang: string) => {
    const key = highlightKey(code, lang);
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

/**
 * Starts the worker. Results reach the highlighter's cache as they come; the promise resolves
 * with the number of snippets once all are in, or rejects (failing the build) if the worker
 * fails, as does every highlight() still waiting for one of its snippets.
 */
export function highlightAhead(root: string, entries: readonly SourceEntry[]): Promise<number> {
  const snippets = snippetsOf(entries);
  const expected = expectHighlights(snippets.map(([code, lang]) => highlightKey(code, lang)));
  return new Promise<number>((resolve, reject) => {
    const worker = new Worker(join(root, 'src/integrations/highlight-worker.ts'), { workerData: { snippets } });
    let received = 0;
    const fail = (error: Error) => {
      expected.fail(error);
      reject(error);
    };
    worker.on('message', (pairs: [string, string][]) => {
      expected.deliver(pairs);
      received += pairs.length;
    });
    worker.once('error', (error) => fail(new Error(`highlighting ahead: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => {
      if (received === snippets.length) resolve(received);
      else fail(new Error(`highlighting ahead: the worker stopped (exit code ${code}) after ${received} of ${snippets.length} snippets`));
    });
  });
}
