import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_SIZE_VAR, indexChunkSize, indexSite } from '../../src/integrations/pagefind.ts';

describe('the search index chunk size', () => {
  it('grows with the square root of the entries, between 1,000 and Pagefind’s 20,000 positions', () => {
    expect(indexChunkSize(0)).toBe(1_000);
    expect(indexChunkSize(87)).toBe(1_000);
    expect(indexChunkSize(1_000)).toBe(3_200);
    expect(indexChunkSize(10_000)).toBe(10_000);
    expect(indexChunkSize(1_000_000)).toBe(20_000);
  });

  describe('set in the environment', () => {
    const saved = process.env[CHUNK_SIZE_VAR];
    afterEach(() => {
      if (saved === undefined) delete process.env[CHUNK_SIZE_VAR];
      else process.env[CHUNK_SIZE_VAR] = saved;
    });

    it('must be a whole number: anything else stops the index with the variable named', async () => {
      const site = mkdtempSync(join(tmpdir(), 'faultline-index-'));
      mkdirSync(join(site, 'entries'));
      try {
        for (const bad of ['3k', '-5', '2.5']) {
          process.env[CHUNK_SIZE_VAR] = bad;
          await expect(indexSite(site)).rejects.toThrow(`${CHUNK_SIZE_VAR}=${bad} is not a number of word positions`);
          expect(process.env[CHUNK_SIZE_VAR]).toBe(bad);
        }
      } finally {
        rmSync(site, { recursive: true, force: true });
      }
    });
  });
});
