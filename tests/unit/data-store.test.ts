// The data store module a static build reads at render time instead of bundling
// (src/integrations/data-store.ts): it must give back exactly what Astro's own module would,
// leave Astro's other storage alone, and fail loudly when the file changes after bundling.
import { afterEach, describe, expect, test } from 'vitest';
import fs, { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { DATA_STORE_MODULE, dataStoreAtRenderTime, dataStoreModule } from '../../src/integrations/data-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data store file with quotes, backslashes, line breaks and non-ASCII text, as Astro writes it. */
function store() {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-data-store-'));
  dirs.push(dir);
  const file = join(dir, 'data-store.json');
  const text = `${JSON.stringify([['entries', { body: '"quoted" \\ back\nline ‘curly’ — 0.5 µs \u2028' }]])}\n`;
  writeFileSync(file, text);
  return { dir, file, text };
}

/** Evaluates module code the way the build does: as an ES module file. */
async function evaluate(dir: string, code: string, name: string) {
  const path = join(dir, name);
  writeFileSync(path, code);
  return ((await import(pathToFileURL(path).href)) as { default: unknown }).default;
}

/** The code of Astro's own astro:data-layer-content module for a store in `dir`, from Astro's plugin. */
async function astroModule(dir: string): Promise<string> {
  const url = pathToFileURL(join(process.cwd(), 'node_modules/astro/dist/content/vite-plugin-content-virtual-mod.js')).href;
  const { astroContentVirtualModPlugin } = (await import(url)) as { astroContentVirtualModPlugin: (o: unknown) => Plugin };
  const root = pathToFileURL(`${dir}/`);
  const settings = { config: { root, srcDir: new URL('src/', root), cacheDir: root, experimental: {}, legacy: {} }, dotAstroDir: new URL('.astro/', root) };
  const plugin = astroContentVirtualModPlugin({ settings, fs });
  (plugin.config as (c: object, e: object) => void)({}, { command: 'build', mode: 'production' });
  const load = plugin.load as { handler: (this: unknown, id: string) => Promise<{ code: string }> };
  const context = { error: (e: { message?: string }) => { throw new Error(e.message ?? String(e)); }, environment: { name: 'prerender' } };
  return (await load.handler.call(context, DATA_STORE_MODULE)).code;
}

/** Our plugin's load hook, as the bundler calls it. */
function ourLoad(file: string, storage: unknown) {
  const plugin = dataStoreAtRenderTime(file, storage, () => {});
  const load = plugin.load as { order: string; filter: { id: RegExp }; handler: (id: string) => { code: string } | undefined };
  return { load, result: load.filter.id.test(DATA_STORE_MODULE) ? load.handler(DATA_STORE_MODULE) : undefined };
}

describe('data store at render time', () => {
  test("Astro's own module is JSON.parse of the file, and ours gives the same value without embedding it", async () => {
    const { dir, file, text } = store();
    const astro = await astroModule(dir);
    // what the rewrite relies on: if a newer Astro writes its module another way, this fails
    expect(astro).toBe(`export default JSON.parse(${JSON.stringify(text)})`);
    const ours = dataStoreModule(file)!;
    expect(ours).not.toContain('quoted'); // the store is read, not embedded
    expect(await evaluate(dir, ours, 'ours.mjs')).toEqual(await evaluate(dir, astro, 'astro.mjs'));
  });

  test("the load hook runs before Astro's and serves the single-file store; other storage and a missing file are Astro's", () => {
    const { file } = store();
    const { load, result } = ourLoad(file, undefined);
    expect(load.order).toBe('pre');
    expect(result?.code).toBe(dataStoreModule(file));
    expect(ourLoad(file, 'single-file').result?.code).toBe(dataStoreModule(file));
    expect(ourLoad(file, 'chunked').result).toBeUndefined();
    expect(ourLoad(file, { chunkSize: 1024 }).result).toBeUndefined();
    expect(ourLoad(`${file}.missing`, undefined).result).toBeUndefined();
    expect(load.filter.id.test('\0astro:data-layer-content-chunk:0123456789abcdef.txt.mjs')).toBe(false);
  });

  test('the module refuses to run when the file changed after bundling, and names it', async () => {
    const { dir, file, text } = store();
    const code = dataStoreModule(file)!;
    writeFileSync(file, text.replace('quoted', 'QUOTED')); // same size, new contents
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await expect(evaluate(dir, code, 'changed.mjs')).rejects.toThrow(`${file} changed after the build bundled it; run the build again`);
  });
});
