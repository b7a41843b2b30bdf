import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { NOTATION, readablePattern } from '../../src/lib/readable-pattern.ts';

// Patterns from content/symptoms.yaml, each with what a symptom page shows for it.
describe('a log pattern as a reader would say it', () => {
  test.each([
    // numbers, names and words
    ['CUDA out of memory\\. Tried to allocate \\d+ MiB', 'CUDA out of memory. Tried to allocate <number> MiB'],
    ['ERROR: Failed building wheel for [\\w.-]+', 'ERROR: Failed building wheel for <name>'],
    [
      '(?:^|[^\\d.])(?:[2-9]|[1-9]\\d+)(?:\\.\\d+)? GiB is reserved by PyTorch',
      '<number>[.<number>] GiB is reserved by PyTorch',
    ],
    ['got \\[[\\d, ]*\\] at entry \\d+', 'got [<number>] at entry <number>'],
    // optional parts and choices
    [
      '(?:torch\\.(?:cuda\\.)?)?OutOfMemoryError: CUDA out of memory',
      '[torch.[cuda.]]OutOfMemoryError: CUDA out of memory',
    ],
    ['Trying to backward through the graph (?:a )?second time', 'Trying to backward through the graph [a] second time'],
    [
      '(?:exit(?:ed with)? code|returncode|exit status)\\W{0,3}(?:-9|137)\\b',
      '(exit[ed with] code | returncode | exit status) (-9 | 137)',
    ],
    [
      'NVML_ERROR_LIB_RM_VERSION_MISMATCH|NVMLError_LibRmVersionMismatch',
      'NVML_ERROR_LIB_RM_VERSION_MISMATCH or NVMLError_LibRmVersionMismatch',
    ],
    // punctuation that varies reads as its first form; quotes, signs and case variants drop out
    ['[Ll]oss[\'"]?\\s*[:=]\\s*(?:nan|NaN|-?inf)\\b', 'Loss: (nan | inf)'],
    ['grad[_ ]?norm\\b[^\\w(]{0,12}(?:nan|[+-]?inf(?:inity)?)\\b', 'grad_norm … (nan | inf[inity])'],
    ['Grad overflow on iteration:? \\d+', 'Grad overflow on iteration: <number>'],
    ['graphs\\s*with', 'graphs with'],
    ['(?:\\b|_)loss (?:became|is) nan', 'loss (became | is) nan'],
    // several lines, and any text
    [
      '_multiprocessing\\.SemLock\\(\\n(?:.*\\n)?(?:.*\\n)?\\s*OSError: \\[Errno 28\\] No space left on device',
      '_multiprocessing.SemLock( ⏎ [… ⏎ ] OSError: [Errno 28] No space left on device',
    ],
    ['^OSError: .{0,300}?\\.so(?:\\.[\\d.]+)?: undefined symbol: ', 'OSError: ….so[.<number>]: undefined symbol:'],
    ['You can.t train a model', 'You can…t train a model'],
    ['(?:weight|bias)\\S*\\W+torch\\.Size\\(\\[0\\]\\)', '(weight | bias)… torch.Size([0])'],
  ])('%s', (pattern, shown) => {
    expect(readablePattern(pattern)).toBe(shown);
  });

  test('every placeholder the registry’s patterns show has a line in the legend', () => {
    const registry = load(readFileSync('content/symptoms.yaml', 'utf8'), { schema: CORE_SCHEMA }) as {
      patterns?: string[];
    }[];
    const shown = registry.flatMap((s) => s.patterns ?? []).map(readablePattern);
    const placeholders = new Set(shown.flatMap((r) => r.match(/<(?:number|digit|char|name|word)>/g) ?? []));
    expect(placeholders.size).toBeGreaterThan(2);
    for (const p of placeholders) expect(NOTATION.map((n) => n.mark)).toContain(p);
  });

  test('a pattern the parser cannot read is shown as written', () => {
    expect(readablePattern('unclosed (group')).toBe('unclosed (group');
  });
});
