// The data store module a static build reads at render time instead of bundling
// (src/integrations/data-store.ts): it must give back exactly what Astro's module would, refuse
// any other module, and fail loudly when the file changes after bundling.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataStoreModule } from '../../src/integrations/data-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data store file with quotes, backslashes, line breaks and non-ASCII text, as Astro writes it. */
function store() {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-data-store-'));
  dirs.push(dir);
  const file = join(dir, 'data-store.json');
  const text = JSON.stringify([['entries', { body: '"quoted" \\ back\nline ‘curly’ — 0.5 µs' }]]);
  writeFileSync(file, text);
  // the way Astro's astro:data-layer-content module embeds the file
  const astro = `export default JSON.parse(${JSON.stringify(text)})`;
  return { dir, file, text, astro };
}

/** Evaluates module code the way the build does: as an ES module file. */
async function evaluate(dir: string, code: string, name: string) {
  const path = join(dir, name);
  writeFileSync(path, code);
  return ((await import(pathToFileURL(path).href)) as { default: unknown }).default;
}

describe('data store at render time', () => {
  test('the rewritten module gives the same value as the module Astro wrote', async () => {
    const { dir, file, astro } = store();
    const result = dataStoreModule(astro, file);
    expect('code' in result).toBe(true);
    if (!('code' in result)) return;
    expect(result.code).not.toContain('quoted'); // the store is read, not embedded
    expect(await evaluate(dir, result.code, 'ours.mjs')).toEqual(await evaluate(dir, astro, 'astro.mjs'));
  });

  test('a literal of the file written another way (escapes where Astro writes the character) is taken too', () => {
    const { file, astro } = store();
    const escaped = astro.replace('—', '\\u2014');
    expect(escaped).not.toBe(astro);
    expect('code' in dataStoreModule(escaped, file)).toBe(true);
  });

  test('a module that is not the literal of the file on disk is left alone, with the reason', () => {
    const { file, text, astro } = store();
    expect(dataStoreModule(`export default JSON.parse(${JSON.stringify(text.replace('quoted', 'other'))})`, file)).toEqual({
      reason: `the module does not hold ${file} as it is on disk`,
    });
    expect(dataStoreModule(`export default ${text}`, file)).toEqual({ reason: 'the module is not JSON.parse of a string' });
    expect(dataStoreModule(`export default JSON.parse(${JSON.stringify(text)}, (k, v) => v)`, file)).toEqual({
      reason: 'the module is not JSON.parse of a string',
    });
    expect(dataStoreModule(astro, `${file}.missing`)).toEqual({ reason: `${file}.missing cannot be read` });
  });

  test('the module refuses to run when the file changed after bundling, and names it', async () => {
    const { dir, file, text, astro } = store();
    const result = dataStoreModule(astro, file);
    if (!('code' in result)) throw new Error(result.reason);
    writeFileSync(file, text.replace('quoted', 'QUOTED')); // same size, new contents
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await expect(evaluate(dir, result.code, 'changed.mjs')).rejects.toThrow(`${file} changed after the build bundled it; run the build again`);
  });
});
