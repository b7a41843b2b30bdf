// Every validation rule, with the exact message an author sees. A message change is a
// deliberate act: update the pinned text here.
import { describe, expect, test } from 'vitest';
import { validateContent } from '../../src/lib/content/validate.ts';
import { formatProblem } from '../../src/lib/schema/errors.ts';
import { BODY, entry, sources, registry, type FixtureFile } from './fixtures/content.ts';

const problemsOf = (files: FixtureFile[], reg: unknown = registry) =>
  validateContent(sources(files, reg)).problems.map(formatProblem);

describe('a valid content set', () => {
  test('passes with no problems and comes back parsed, with defaults', () => {
    const result = validateContent(sources([{ slug: 'example-failure', data: entry() }]));
    expect(result.problems).toEqual([]);
    expect(result.entries).toHaveLength(1);
    expect(result.entries[0]).toMatchObject({
      id: 'MEM-001',
      slug: 'example-failure',
      status: 'published',
      aliases: [],
      cues: [],
    });
  });

  test('asks no file for a line: a line is looked up only for a problem, since finding one parses the file again', () => {
    const src = sources([
      { slug: 'example-failure', data: entry() },
      { slug: 'other-failure', data: entry({ id: 'MEM-002', title: 'Another failure' }) },
    ]);
    const asked: string[] = [];
    for (const file of [...src.entries, src.registry]) {
      const lineOf = file.lineOf;
      file.lineOf = (path) => (asked.push(`${file.file}: ${path.join('.')}`), lineOf(path));
    }
    expect(validateContent(src).problems).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('schema errors name the file, the line, the dotted field and the bad value', () => {
  test('a missing required field', () => {
    const { title: _t, ...rest } = entry();
    expect(problemsOf([{ slug: 'x', data: rest }])).toEqual([
      'content/entries/x.mdx:2: title: required field is missing (expected string)',
    ]);
  });

  test('a wrong type', () => {
    expect(problemsOf([{ slug: 'x', data: entry({ tags: 'oom' }) }])).toEqual([
      'content/entries/x.mdx:6: tags: expected array, got string "oom"',
    ]);
  });

  test('an unknown enum value, with a guess', () => {
    expect(problemsOf([{ slug: 'x', data: entry({ category: 'memroy' }) }])).toEqual([
      'content/entries/x.mdx:5: category: unknown value "memroy"; did you mean "memory"? (known: memory, numerics, mixed-precision, optimization, distributed, data, autograd, checkpointing, hardware, performance, configuration, tokenization, … (15 in all))',
    ]);
  });

  test('an unknown field', () => {
    expect(problemsOf([{ slug: 'x', data: entry({ severity: 'high' }) }])).toEqual([
      'content/entries/x.mdx:54: severity: unknown field; remove it or check its spelling',
    ]);
  });

  test('a bad id pattern', () => {
    expect(problemsOf([{ slug: 'x', data: entry({ id: 'mem-1' }) }])).toEqual([
      'content/entries/x.mdx:2: id: expected a category prefix, a dash and three digits, such as MEM-003, got "mem-1"',
    ]);
  });

  test('a nested field in a list', () => {
    const e = entry();
    e.references = [{ title: 'r', url: 'http://insecure.example', kind: 'docs' }, e.references[1]!];
    expect(problemsOf([{ slug: 'x', data: e }])).toEqual([
      'content/entries/x.mdx:45: references.0.url: expected an https:// URL or a GitHub issue written owner/repo#N',
    ]);
  });

  test('a regular expression that does not compile', () => {
    const e = entry();
    e.symptoms[0] = { ...e.symptoms[0]!, patterns: ['CUDA (out of memory'] };
    expect(problemsOf([{ slug: 'x', data: e }])).toEqual([
      'content/entries/x.mdx:19: symptoms.0.patterns.0: does not compile as a log pattern (RE2 syntax, matched in linear time): missing closing ): `CUDA (out of memory`',
    ]);
  });

  test('too few symptoms', () => {
    const e = entry();
    e.symptoms = e.symptoms.slice(0, 1);
    expect(problemsOf([{ slug: 'x', data: e }])).toEqual([
      'content/entries/x.mdx:14: symptoms: list at least three symptoms',
    ]);
  });

  test('a merged entry with no target', () => {
    expect(problemsOf([{ slug: 'x', data: entry({ status: 'merged' }) }])).toEqual([
      'content/entries/x.mdx:54: status: a merged entry names the entry that replaces it: add supersededBy: <ID>',
    ]);
  });

  test('frontmatter that is not valid YAML', () => {
    expect(problemsOf([{ slug: 'x', data: `---\nid: MEM-001\ntitle: [unclosed\n---\n${BODY}` }])).toEqual([
      expect.stringMatching(/^content\/entries\/x\.mdx:\d+: frontmatter is not valid YAML: /),
    ]);
  });

  test('a file with no frontmatter', () => {
    expect(problemsOf([{ slug: 'x', data: 'just text' }])).toEqual([
      'content/entries/x.mdx:1: no frontmatter: the file must start with a line "---", the YAML fields, and another "---"',
      'content/entries/x.mdx:1: body: missing section "## Why it happens"; the body needs "## Why it happens" then "## Fix"',
      'content/entries/x.mdx:1: body: missing section "## Fix"; the body needs "## Why it happens" then "## Fix"',
    ]);
  });
});

describe('rules across entries', () => {
  test('ids are unique', () => {
    expect(
      problemsOf([
        { slug: 'a', data: entry() },
        { slug: 'b', data: entry() },
      ]),
    ).toEqual([
      'content/entries/a.mdx:2: id: id MEM-001 is also used by content/entries/b.mdx; ids are unique and never reused',
      'content/entries/b.mdx:2: id: id MEM-001 is also used by content/entries/a.mdx; ids are unique and never reused',
    ]);
  });

  test("an id's prefix matches its category", () => {
    expect(problemsOf([{ slug: 'a', data: entry({ id: 'NUM-001' }) }])).toEqual([
      'content/entries/a.mdx:2: id: id NUM-001 has prefix NUM, but category "memory" uses MEM-; either set category: numerics or renumber the entry as MEM-NNN',
    ]);
  });

  test('related entries exist', () => {
    expect(problemsOf([{ slug: 'a', data: entry({ related: ['MEM-002'] }) }])).toEqual([
      'content/entries/a.mdx:43: related.0: unknown entry id "MEM-002"; did you mean "MEM-001"? (known: MEM-001)',
    ]);
  });

  test('an entry is not related to itself', () => {
    expect(problemsOf([{ slug: 'a', data: entry({ related: ['MEM-001'] }) }])).toEqual([
      'content/entries/a.mdx:43: related.0: an entry cannot be related to itself (MEM-001)',
    ]);
  });

  test('symptom references exist in the registry', () => {
    const e = entry();
    e.symptoms[0] = { ...e.symptoms[0]!, symptom: 'cuda-om' };
    expect(problemsOf([{ slug: 'a', data: e }])).toEqual([
      'content/entries/a.mdx:14: symptoms.0.symptom: unknown symptom "cuda-om"; did you mean "cuda-oom"? (known: cuda-oom, loss-nan, training-hang); add it to content/symptoms.yaml or use an existing one',
    ]);
  });

  test('no two entries share a slug or an alias', () => {
    expect(
      problemsOf([
        { slug: 'a', data: entry() },
        { slug: 'b', data: entry({ id: 'MEM-002', aliases: ['a'] }) },
      ]),
    ).toEqual([
      'content/entries/b.mdx:55: aliases.0: alias "a" collides with the slug or an alias of content/entries/a.mdx; every slug and alias names one entry',
    ]);
  });

  test('a shared symptom needs tellApart, naming the other entries', () => {
    const b = entry({ id: 'MEM-002' });
    b.symptoms[0] = { symptom: 'cuda-oom', wording: 'w', why: 'y' };
    expect(
      problemsOf([
        { slug: 'a', data: entry() },
        { slug: 'b', data: b },
      ]),
    ).toEqual([
      'content/entries/b.mdx:14: symptoms.0.tellApart: MEM-002 shares symptom "cuda-oom" with MEM-001; add tellApart: the check that tells this cause apart from theirs',
    ]);
  });

  test("an entry's own pattern needs its words on the page, so that search finds the line", () => {
    const e = entry();
    e.symptoms[0] = { ...e.symptoms[0]!, patterns: ['Allocator ran dry at stage \\d+'] };
    expect(problemsOf([{ slug: 'a', data: e }])).toEqual([
      'content/entries/a.mdx:19: symptoms.0.patterns.0: the page never says "allocator", "ran", "dry", "stage", which this pattern needs in a line; quote the line it matches in the symptom\'s wording, so that a reader who pastes it into search finds this entry',
    ]);
    e.symptoms[0]!.wording = 'The log ends with `Allocator ran dry at stage 3`.';
    expect(problemsOf([{ slug: 'a', data: e }])).toEqual([]);
  });

  test('an unshared symptom does not need tellApart', () => {
    const e = entry();
    e.symptoms[0] = { symptom: 'cuda-oom', wording: 'w', why: 'y' };
    expect(problemsOf([{ slug: 'a', data: e }])).toEqual([]);
  });

  test('a merged entry points at a published one', () => {
    expect(problemsOf([{ slug: 'a', data: entry({ status: 'merged', supersededBy: 'MEM-009' }) }])).toEqual([
      'content/entries/a.mdx:55: supersededBy: unknown entry id "MEM-009"; did you mean "MEM-001"? (known: MEM-001)',
    ]);
  });

  test('every problem in every file is reported at once', () => {
    const problems = problemsOf([
      { slug: 'a', data: entry({ category: 'nope', tags: 'x' }) },
      { slug: 'b', data: entry({ id: 'MEM-002', related: ['MEM-404'] }) },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems.filter((p) => p.startsWith('content/entries/a.mdx'))).toHaveLength(2);
  });
});

describe('the body', () => {
  test('needs "## Why it happens" then "## Fix"', () => {
    expect(problemsOf([{ slug: 'a', data: entry(), body: '\n## Fix\n\nx\n\n## Why it happens\n\ny\n' }])).toEqual([
      'content/entries/a.mdx:56: body: section "## Fix" comes too early; the order is "## Why it happens", "## Fix"',
    ]);
  });

  test('rejects other second-level sections', () => {
    expect(
      problemsOf([
        { slug: 'a', data: entry(), body: `${'\n## Why it happens\n\nx\n\n## Solution\n\nz\n\n## Fix\n\ny\n'}` },
      ]),
    ).toEqual([
      'content/entries/a.mdx:60: body: unexpected section "## Solution"; the body\'s sections are "## Why it happens", "## Fix", "## Notes" (use ### for subsections)',
    ]);
  });

  test('ignores headings inside code blocks', () => {
    expect(
      problemsOf([
        { slug: 'a', data: entry(), body: '\n## Why it happens\n\n```md\n## Not a section\n```\n\n## Fix\n\ny\n' },
      ]),
    ).toEqual([]);
  });
});

describe('the symptom registry', () => {
  test('rejects duplicate ids and bad patterns, naming the symptom', () => {
    const reg = [...registry, { ...registry[0]!, patterns: ['('] }];
    expect(problemsOf([{ slug: 'a', data: entry() }], reg)).toEqual([
      'content/symptoms.yaml: cuda-oom.patterns.0: does not compile as a log pattern (RE2 syntax, matched in linear time): missing closing ): `(`',
    ]);
    expect(problemsOf([{ slug: 'a', data: entry() }], [...registry, registry[1]])).toEqual([
      'content/symptoms.yaml: loss-nan.id: symptom id "loss-nan" is defined twice (also at item 2)',
    ]);
  });
});
