// The closest entries by shared words, given when no line of a log matches a fingerprint.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProfiles, closestEntries, PROFILE_TAIL, wordsOf } from '../../src/lib/diagnose/profiles.ts';
import { profileDocs, profilesWithout } from '../../src/build/profiles.ts';
import { partOf } from '../../src/build/evaluate.ts';
import { LogSourceSchema } from '../../src/lib/schema/sources.ts';
import { diagnose, startScan, withClosest } from '../../src/lib/diagnose/match.ts';
import { root, shipped, shippedMatcher } from './fixtures/shipped.ts';

const doc = (entry: string, text: string) => ({ entry, words: wordsOf(text) });

describe('wordsOf', () => {
  test('lower-case words of three letters or more, a dotted name whole and in parts', () => {
    expect([...wordsOf('torch.cuda.OutOfMemoryError: CUDA out of memory. at 0x7f')].sort()).toEqual(
      ['cuda', 'memory', 'outofmemoryerror', 'torch', 'torch.cuda.outofmemoryerror'].sort(),
    );
  });
  test('identifiers keep their underscores and digits; English glue, hashes and random ids are dropped', () => {
    const words = wordsOf('the NCCL_P2P_DISABLE and sm_80 with v100 job 3f9a2c41d0 run zlyc9cmhtlqiaqxuzsym0q');
    expect(words).toContain('nccl_p2p_disable');
    expect(words).toContain('sm_80');
    expect(words).toContain('v100');
    expect(words).not.toContain('the');
    expect(words).not.toContain('and');
    expect(words).not.toContain('with');
    expect(words).not.toContain('3f9a2c41d0');
    expect(words).not.toContain('zlyc9cmhtlqiaqxuzsym0q');
  });
});

describe('buildProfiles and closestEntries', () => {
  const profiles = buildProfiles([
    doc('A-1', 'Traceback File line NCCL watchdog timeout'),
    doc('A-1', 'Traceback File line ProcessGroupNCCL watchdog'),
    doc('B-1', 'Traceback File line CUDA out of memory'),
    doc('C-1', 'Traceback File line tokenizer sentencepiece'),
  ]);

  test('a word every entry holds weighs less than a word one entry holds', () => {
    const a = profiles.entries.find((e) => e.id === 'A-1')!.words;
    expect(a.traceback).toBeLessThan(a.watchdog!);
    expect(Object.keys(a)).toEqual(Object.keys(a).sort());
  });

  test('ranks by the shared words, scores relative to the first, with the heaviest shared words as reasons', () => {
    const leads = closestEntries('[rank3] Traceback: watchdog caught collective operation timeout', profiles);
    expect(leads.map((l) => l.id)).toEqual(['A-1', 'B-1', 'C-1']);
    expect(leads[0]).toMatchObject({ score: 1, words: ['watchdog', 'timeout', 'traceback'] });
    expect(leads[1]!.score).toBeLessThan(1);
  });

  test('a log sharing no word with any profile, or only words every entry holds, gets no lead', () => {
    expect(closestEntries('epoch 1 done; 2 done', profiles)).toEqual([]);
    expect(closestEntries('Traceback (most recent call last):', profiles)).toEqual([]);
  });

  test('an entry with many logs does not win by its size', () => {
    const many = buildProfiles([
      ...Array.from({ length: 30 }, (_, i) => doc('BIG-1', `loss nan step ${i} optimizer adam scheduler warmup`)),
      doc('SMALL-1', 'dataloader worker killed bus error'),
    ]);
    expect(closestEntries('RuntimeError: DataLoader worker (pid 12) is killed by signal: Bus error', many)[0]!.id).toBe(
      'SMALL-1',
    );
  });

  test('only the last PROFILE_TAIL characters of a log are read', () => {
    const early = `sentencepiece\n${'x\n'.repeat(PROFILE_TAIL / 2)}`;
    expect(closestEntries(early, profiles)).toEqual([]);
    expect(closestEntries(`${'x\n'.repeat(PROFILE_TAIL / 2)}sentencepiece\n`, profiles)[0]!.id).toBe('C-1');
  });
});

describe('the shipped content', () => {
  const content = shipped;
  const matcher = shippedMatcher;
  const docs = profileDocs(content.entries, (slug) => content.examples.get(slug) ?? []);

  test('a held-out log moved to the development part says so, and counts there', () => {
    const moved = [...content.examples.values()].flat().filter((x) => x.real?.movedToDevelopment);
    expect(moved.length).toBeGreaterThan(0);
    for (const x of moved) {
      expect(partOf({ file: x.file })).toBe('held-out');
      expect(partOf(x)).toBe('development');
    }
    const note = 'moved to fix what it showed';
    expect(
      LogSourceSchema.safeParse({ file: 'a.log', handWritten: true, movedToDevelopment: note }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['movedToDevelopment'] })]);
  });

  test('held-out logs never shape a profile', () => {
    const files = new Set(docs.map((d) => d.file).filter(Boolean));
    const real = [...content.examples.values()].flat().filter((x) => x.real);
    expect(real.some((x) => partOf(x) === 'held-out' && files.has(x.file))).toBe(false);
    expect(real.some((x) => partOf(x) === 'development' && files.has(x.file))).toBe(true);
  });

  // LLaMA-Factory#3171: FlashAttention 2 imported where only an older flash_attn is installed;
  // no fingerprint holds its wording. Scored against profiles built without this log.
  test('a real log that matches no fingerprint finds its entry first among the leads', () => {
    const file = 'content/examples/flash-attn-requested-but-not-installed/real-llamafactory-3171.log';
    const log = content.examples.get('flash-attn-requested-but-not-installed')!.find((x) => x.file === file)!;
    expect(diagnose(log.text, matcher).candidates).toEqual([]);
    const profiles = profilesWithout(docs, { file, source: log.real!.source });
    const d = diagnose(readFileSync(join(root, file), 'utf8'), matcher, profiles);
    expect(d.closest?.[0]).toMatchObject({
      id: 'ENV-014',
      confidence: 'low',
      url: '/entries/flash-attn-requested-but-not-installed/',
    });
  });

  test('a log that matched gets no leads; a scan fed in small pieces reads the same tail', () => {
    const profiles = buildProfiles(docs);
    expect(
      diagnose('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', matcher, profiles),
    ).not.toHaveProperty('closest');
    const text = `${'step done\n'.repeat(30_000)}ModuleNotFoundError: No module named flash_attn_interface\n`;
    const scan = startScan(matcher);
    for (let at = 0; at < text.length; at += 7) scan.push(text.slice(at, at + 7));
    expect(withClosest(scan, profiles).closest).toEqual(diagnose(text, matcher, profiles).closest);
  });
});
