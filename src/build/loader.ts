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
import { join, relative, sep } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import {
  contentDir,
  ENTRIES,
  KNOWN_ISSUES,
  PACKAGES,
  readEntrySources,
  readKnownIssueFiles,
  readRegistryItems,
  REGISTRY,
} from './read.ts';
import { existsSync } from 'node:fs';
import type { Problem } from '../lib/schema/errors.ts';
import { addHeadingLinks, expandComponents } from '../lib/content/body.ts';
import { neutraliseBody } from '../lib/content/html.ts';
import { highlightCodeBlocks } from '../lib/highlight.ts';

export function entriesLoader(): Loader {
  return {
    name: 'faultline-entries',
    load: async ({ store, parseData, renderMarkdown, generateDigest, watcher, config, logger }) => {
      const root = fileURLToPath(config.root);
      // a change to how bodies are rendered, to the Markdown settings or to the schema that
      // parses the data must reach every entry: the digest covers them as well as the file
      const schemaDir = join(root, 'src/lib/schema');
      const code = [
        ...[
          'src/lib/content/body.ts',
          'src/lib/content/fences.ts',
          'src/lib/content/html.ts',
          'src/build/loader.ts',
          'src/lib/highlight.ts',
        ].map((f) => join(root, f)),
        ...readdirSync(schemaDir)
          .filter((f) => f.endsWith('.ts'))
          .sort()
          .map((f) => join(schemaDir, f)),
      ]
        .map((f) => readFileSync(f, 'utf8'))
        .concat(JSON.stringify(config.markdown))
        .join('\n');
      // hashed once, not again with every entry's text
      const codeDigest = generateDigest(code);
      const sync = async () => {
        const seen = new Set<string>();
        let rendered = 0;
        for (const { source, text } of readEntrySources(root)) {
          const id = source.slug;
          seen.add(id);
          const digest = generateDigest(`${codeDigest}\n${text}`);
          if (store.get(id)?.digest === digest) continue;
          const data = await parseData({ id, data: source.data as Record<string, unknown>, filePath: source.file });
          // raw HTML and link targets the content check refuses are escaped here too (html.ts):
          // dev renders on save, whether or not the check passes
          const html = await renderMarkdown(expandComponents(neutraliseBody(source.body)));
          const body = addHeadingLinks(await highlightCodeBlocks(html.html));
          // no Markdown body in the store: the pages never read it
          store.set({ id, data, filePath: source.file, digest, rendered: { ...html, html: body } });
          rendered++;
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
        if (rendered)
          logger.info(`rendered ${rendered} entr${rendered === 1 ? 'y' : 'ies'} (${seen.size - rendered} unchanged)`);
      };
      await sync();
      if (watcher) watchFolder(watcher, join(contentDir(root), ENTRIES), sync, logger);
    },
  };
}

type LoaderContext = Parameters<Loader['load']>[0];

/** In dev: runs `sync` again when a file of `dir` changes, is added or is removed. */
function watchFolder(
  watcher: NonNullable<LoaderContext['watcher']>,
  dir: string,
  sync: () => Promise<void>,
  logger: LoaderContext['logger'],
) {
  watcher.add(dir);
  const onChange = (path: string) => {
    if (path.startsWith(dir)) void sync().catch((error: Error) => logger.error(error.message));
  };
  watcher.on('change', onChange);
  watcher.on('add', onChange);
  watcher.on('unlink', onChange);
}

/**
 * The content-layer loader for the symptom registry, read and parsed as the validation reads
 * it. Astro's file() loader stores the same items, but importing it (astro/loaders) made Vite
 * transform Astro's glob loader and image-size readers too, about 40 modules, before the
 * content sync could start.
 */
export function symptomsLoader(): Loader {
  return listLoader('faultline-symptoms', REGISTRY, true);
}

/** content/packages.yaml: the packages entries name in `versions`; a content folder may have none. */
export function packagesLoader(): Loader {
  return listLoader('faultline-packages', PACKAGES, false);
}

/** A YAML list of items with an `id`, one collection entry each, reloaded when the file changes. */
function listLoader(name: string, file: string, required: boolean): Loader {
  return {
    name,
    load: async ({ store, parseData, watcher, config, logger }) => {
      const root = fileURLToPath(config.root);
      const abs = join(contentDir(root), file);
      const filePath = relative(root, abs).split(sep).join('/');
      const sync = async () => {
        store.clear();
        if (!required && !existsSync(abs)) return;
        for (const item of readRegistryItems(abs)) {
          const id = String(item.id);
          store.set({ id, data: await parseData({ id, data: item, filePath: abs }), filePath });
        }
      };
      await sync();
      if (watcher) {
        watcher.add(abs);
        watcher.on('change', (path: string) => {
          if (path === abs) void sync().catch((error: Error) => logger.error(error.message));
        });
      }
    },
  };
}

/**
 * content/known-issues/*.yaml, one collection entry per record, keyed by its file name (the
 * slug of its page). Validated before this runs, like the entries.
 */
export function knownIssuesLoader(): Loader {
  return {
    name: 'faultline-known-issues',
    load: async ({ store, parseData, watcher, config, logger }) => {
      const root = fileURLToPath(config.root);
      const dir = join(contentDir(root), KNOWN_ISSUES);
      const sync = async () => {
        store.clear();
        const problems: Problem[] = [];
        for (const source of readKnownIssueFiles(root, dir, problems)) {
          store.set({
            id: source.slug,
            data: await parseData({
              id: source.slug,
              data: source.data as Record<string, unknown>,
              filePath: source.abs,
            }),
            filePath: source.file,
          });
        }
        if (problems.length) throw new Error(problems.map((p) => `${p.file}: ${p.message}`).join('\n'));
      };
      await sync();
      if (watcher) watchFolder(watcher, dir, sync, logger);
    },
  };
}
