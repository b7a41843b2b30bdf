// Hostile input: no pattern, shipped or contributed, and no line, however long or crafted, can
// make the matcher backtrack. The speed itself is measured by the benchmark (npm run bench),
// never here; these tests hold the properties that keep it linear. The line expressions that
// run on JavaScript's engine are proved linear by npm run check:regexes (recheck).
import { describe, expect, test } from 'vitest';
import { compileMatcher, diagnose, MAX_LINE, startScan } from '../../src/lib/diagnose/match.ts';
import { compilePattern, lazyPattern, patternProblem } from '../../src/lib/diagnose/engine.ts';
import { shippedFingerprints as fp } from './fixtures/shipped.ts';

const OOM =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB';

describe('content patterns', () => {
  test('every shipped pattern runs on the linear engine and matches no empty or ordinary line', () => {
    const sources = [...fp.signals.map((s) => s.source), ...fp.cues.map((c) => c.source)];
    expect(sources.length).toBeGreaterThan(400);
    expect(sources.map((s) => [s, patternProblem(s)]).filter(([, p]) => p)).toEqual([]);
  });

  test.each([
    ['(?<![\\d.])2 GiB is reserved', 'lookahead, lookbehind and backreferences are not supported'],
    ['WorkNCCL\\(SeqNum=(\\d+)\\).*SeqNum=\\1', 'lookahead, lookbehind and backreferences are not supported'],
    ['(?:)', 'matches an empty line'],
    ['x*', 'matches an empty line'],
    ['(\\w+\\s?)+$', 'lines of an ordinary, healthy training log'],
  ])('%s is refused', (source, message) => {
    expect(patternProblem(source)).toContain(message);
  });

  test('a pattern that takes cubic time on a backtracking engine is accepted and stays linear', () => {
    // (?:weight|bias)\S*\W+torch\.Size\(\[0\]\) was cubic in V8; on RE2 it is an ordinary pattern
    expect(patternProblem('(?:weight|bias)\\S*\\W+torch\\.Size\\(\\[0\\]\\)')).toBeUndefined();
  });
});

describe('patterns compiled on first use', () => {
  test('a lazy pattern finds what the compiled one finds', () => {
    const source = 'CUDA out of memory\\. Tried to allocate';
    const lazy = lazyPattern(source);
    expect(lazy.find(OOM)).toEqual(compilePattern(source).find(OOM));
    expect(lazy.test('epoch 3')).toBe(false);
  });

  test('nothing is compiled until the pattern is tried: a source RE2 refuses throws then', () => {
    const refused = lazyPattern('(?<=a)b');
    expect(refused.source).toBe('(?<=a)b');
    expect(() => refused.test('ab')).toThrow();
  });
});

describe('long lines', () => {
  const m = compileMatcher(fp);

  test('an error at the end of a line of a megabyte is found, and the line is counted', () => {
    const d = diagnose(`${'x'.repeat(1_000_000)} ${OOM}\n`, m);
    expect(d.candidates[0]?.id).toBe('MEM-001');
    expect(d.stats.longLines).toBe(1);
  });

  test('an error cut by a window edge is still seen whole', () => {
    const at = MAX_LINE - 20; // the message starts 20 characters before the first window ends
    const d = diagnose(`${'y'.repeat(at)}${OOM}`, m);
    expect(d.candidates[0]?.id).toBe('MEM-001');
  });

  test('a line that never ends is matched as it streams in', () => {
    const scan = startScan(m);
    for (let i = 0; i < 300; i++) scan.push('z'.repeat(10_000));
    scan.push(OOM);
    for (let i = 0; i < 300; i++) scan.push('z'.repeat(10_000));
    const d = scan.finish();
    expect(d.candidates[0]?.id).toBe('MEM-001');
    expect(d.stats).toMatchObject({ lines: 1, longLines: 1 });
  });
});
