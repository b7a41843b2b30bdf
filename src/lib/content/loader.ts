/**
 * The content-layer loader for entries. It reads content/entries with the same reader the
 * validation uses, and renders each body once with Astro's Markdown processor (the site's
 * settings: Sätteri, GFM), after expanding the body components (body.ts); code blocks are then
 * highlighted by src/lib/highlight.ts.
 * The rendered HTML is kept in Astro's data store with the file's digest, so an unchanged entry
 * is not rendered again on the next build or in dev.
 *
 * The faultline-content integration has already validated every file before this runs, so
 * parse errors here are not expected; if one happens it is thrown, never skipped.
 */
import type { Loader } from 'astro/loaders';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { contentDir, ENTRIES, readEntrySources } from './read.ts';
import { addHeadingLinks, expandComponents } from './body.ts';
import { highlightCodeBlocks } from '../highlight.ts';

export function entriesLoader(): Loader {
  return {
    name: 'faultline-entries',
    load: async ({ store, parseData, renderMarkdown, generateDigest, watcher, config, logger }) => {
      const root = fileURLToPath(config.root);
      // a change to how bodies are rendered, to the Markdown settings or to the schema that
      // parses the data must reach every entry: the digest covers them as well as the file
      const schemaDir = join(root, 'src/lib/schema');
      const code = [
        ...['src/lib/content/body.ts', 'src/lib/content/loader.ts', 'src/lib/highlight.ts'].map((f) => join(root, f)),
        ...readdirSync(schemaDir)
          .filter((f) => f.endsWith('.ts'))
          .sort()
          .map((f) => join(schemaDir, f)),
      ]
        .map((f) => readFileSync(f, 'utf8'))
        .concat(JSON.stringify(config.markdown))
        .join('\n');
      const sync = async () => {
        const seen = new Set<string>();
        let rendered = 0;
        for (const { source, text } of readEntrySources(root)) {
          const id = source.slug;
          seen.add(id);
          const digest = generateDigest(`${code}\n${text}`);
          if (store.get(id)?.digest === digest) continue;
          const data = await parseData({ id, data: source.data as Record<string, unknown>, filePath: source.file });
          const html = await renderMarkdown(expandComponents(source.body));
          store.set({ id, data, body: source.body, filePath: source.file, digest, rendered: { ...html, html: addHeadingLinks(await highlightCodeBlocks(html.html)) } });
          rendered++;
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
        if (rendered) logger.info(`rendered ${rendered} entr${rendered === 1 ? 'y' : 'ies'} (${seen.size - rendered} unchanged)`);
      };
      await sync();
      if (watcher) {
        const dir = join(contentDir(root), ENTRIES);
        watcher.add(dir);
        const onChange = (path: string) => {
          if (path.startsWith(dir)) void sync().catch((error: Error) => logger.error(error.message));
        };
        watcher.on('change', onChange);
        watcher.on('add', onChange);
        watcher.on('unlink', onChange);
      }
    },
  };
}
