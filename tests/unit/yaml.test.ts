import { describe, expect, test } from 'vitest';
import { lineFinder, parseYaml } from '../../src/build/yaml.ts';

describe('YAML through js-yaml alone', () => {
  test('a syntax error names its line and the reason', () => {
    expect(parseYaml('id: a\ntitle: a: b: c\n')).toEqual({
      data: undefined,
      error: { line: 2, message: expect.stringContaining('bad indentation') },
    });
    expect(parseYaml('id: a\nid: b\n').error).toEqual({
      line: 2,
      message: expect.stringContaining('duplicated mapping key'),
    });
  });

  test('the core schema: dates stay strings, numbers and booleans are typed', () => {
    expect(parseYaml('updated: 2026-12-03\nn: 3\nok: true\n').data).toEqual({ updated: '2026-12-03', n: 3, ok: true });
  });

  const source = [
    '# the entry', // 1
    'id: MEM-001', // 2
    'symptoms:', // 3
    '  - symptom: cuda-oom', // 4
    '    patterns:', // 5
    "      - 'a'", // 6
    '      # a note', // 7
    '      - "b"', // 8
    '  -', // 9
    '  - symptom: loss-nan', // 10
    'versions:', // 11
    '', // 12
    '  # the first', // 13
    '  affected: { torch: ">=2.0", flags: [x, y] }', // 14
    'status:', // 15
    'related: [MEM-002]', // 16
    'summary: |', // 17
    '  text', // 18
  ].join('\n');
  const lineOf = lineFinder(source, 0);

  test.each([
    [['id'], 2],
    [['symptoms'], 4],
    [['symptoms', 0], 4],
    [['symptoms', 0, 'symptom'], 4],
    [['symptoms', 0, 'patterns', 1], 8],
    [['symptoms', 2, 'symptom'], 10],
    [['versions'], 14],
    [['versions', 'affected', 'flags', 1], 14],
    [['related', 0], 16],
    [['summary'], 17],
  ] as [PropertyKey[], number][])('%j is on line %i', (path, line) => {
    expect(lineOf(path)).toBe(line);
  });

  test('a key without a value, a missing field and an empty item fall back to the nearest node', () => {
    expect(lineOf(['status'])).toBe(15);
    expect(lineOf(['status', 'reason'])).toBe(15);
    expect(lineOf(['symptoms', 0, 'tellApart'])).toBe(4);
    expect(lineOf(['symptoms', 1, 'symptom'])).toBe(4);
    expect(lineOf(['nothing', 'here'])).toBe(2);
  });

  test('frontmatter lines count from the file, and a source that does not parse has none', () => {
    expect(lineFinder('id: a\nb: 1\n', 1)(['b'])).toBe(3);
    expect(lineFinder('id: [a\n', 0)(['id'])).toBeUndefined();
  });
});
