// Authoring: the scaffold, the fast content check and the generated field reference, on a
// temporary copy of the project's content; the tools run in process, with their output
// captured (the command-line wrappers hand them the process's own streams).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkContent } from '../../tools/check-content.ts';
import { newEntry as runNewEntry } from '../../tools/new-entry.ts';
import type { ToolIO } from '../../tools/io.ts';

const repo = new URL('../..', import.meta.url).pathname;
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/**
 * A copy of the project's content, without the known issues: no authoring step reads them. The
 * example logs and negatives (most of the files) are copied only for a test that checks the
 * content; the scaffold reads the entries and the URL manifest and adds an examples folder.
 */
function project({ examples = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'fl-author-'));
  temps.push(root);
  const skipped = ['known-issues', ...(examples ? [] : ['examples', 'negatives'])].map((d) => join(repo, 'content', d));
  cpSync(join(repo, 'content'), join(root, 'content'), {
    recursive: true,
    filter: (src) => !skipped.some((d) => src === d || src.startsWith(d + '/')),
  });
  mkdirSync(join(root, 'content/examples'), { recursive: true });
  return root;
}
/** A tool's streams as strings: `input` is what it reads, line by line. */
function capture(input: string[] = [], env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const io: ToolIO = {
    out: (line) => void (out.stdout += line),
    err: (line) => void (out.stderr += line),
    lines: () => input[Symbol.iterator]() as unknown as AsyncIterator<string>,
    env,
  };
  return { io, out };
}
async function newEntry(root: string, ...args: string[]) {
  const { io, out } = capture();
  return { status: await runNewEntry(root, args, io), ...out };
}
function check(root: string, env: Record<string, string> = {}) {
  const { io, out } = capture([], env);
  return { status: checkContent(root, io), ...out };
}

/** What an author does after scaffolding: replace every placeholder with real text. */
function fill(file: string) {
  let s = readFileSync(file, 'utf8');
  const swaps: [string | RegExp, string][] = [
    [
      'TODO what breaks, and what to do about it.',
      'The scaffolded test failure runs out of memory; shrink the batch to fix it.',
    ],
    ['[TODO-tag]', '[oom]'],
    ['"TODO the error line"', '"CUDA out of memory. Tried to allocate"'],
    ['TODO-symptom-id-2', 'grad-tracked-without-need'],
    ['TODO-symptom-id-3', 'peak-memory-above-estimate'],
    ['TODO-symptom-id', 'cuda-oom'],
    [/command: TODO\n(\s+)lang: python/, 'command: print(torch.cuda.memory_summary())\n$1lang: python'],
    ['command: TODO', 'command: nvidia-smi'],
    ['url: https://TODO\n    kind: docs', 'url: https://docs.pytorch.org/docs/stable/notes/cuda.html\n    kind: docs'],
    ['url: https://TODO\n    kind: issue', 'url: pytorch/pytorch#35901\n    kind: issue'],
    ['# TODO', 'print("smaller batch")'],
    ['torch: "TODO"', 'torch: "2.10.0"'],
  ];
  for (const [from, to] of swaps) s = s.replace(from, to);
  let n = 0;
  s = s.replace(/TODO[^\n]*/g, () => `Specific text number ${++n}.`);
  writeFileSync(file, s);
}

/** The next three memory ids after the project's highest, the ones `--next` hands out in turn. */
function nextMemoryIds(root: string): string[] {
  const used = readdirSync(join(root, 'content/entries')).map((f) =>
    Number(/^id: MEM-(\d+)$/m.exec(readFileSync(join(root, 'content/entries', f), 'utf8'))?.[1] ?? 0),
  );
  const top = Math.max(...used);
  return [1, 2, 3].map((k) => `MEM-${String(top + k).padStart(3, '0')}`);
}

describe('npm run new', () => {
  test('scaffolds an entry that passes check:content once its placeholders are filled', async () => {
    const root = project({ examples: true });
    const [next] = nextMemoryIds(root);
    const made = await newEntry(root, '--next', '--title', 'Scaffolded Test Failure', '--category', 'memory');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain(`wrote content/entries/scaffolded-test-failure.mdx (${next})`);
    const file = join(root, 'content/entries/scaffolded-test-failure.mdx');
    expect(readdirSync(join(root, 'content/examples/scaffolded-test-failure'))).toEqual([
      'example-1.log',
      'sources.yaml',
    ]);

    const before = check(root);
    expect(before.status).toBe(1); // placeholders fail the check
    expect(before.stdout).toContain('content/entries/scaffolded-test-failure.mdx');

    fill(file);
    const logs = join(root, 'content/examples/scaffolded-test-failure');
    writeFileSync(
      join(logs, 'example-1.log'),
      'step 1\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.1 GiB\n',
    );
    writeFileSync(
      join(logs, 'example-2.log'),
      '[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB.\n',
    );
    appendFileSync(join(logs, 'sources.yaml'), '  - file: example-2.log\n    handWritten: true\n');
    const after = check(root);
    expect(after.stdout).toMatch(/all valid/);
    expect(after.status).toBe(0);
  });

  test.each([
    [
      ['--id', 'MEM-003', '--title', 'Another title', '--category', 'memory'],
      'id MEM-003 is used by content/entries/activation-distillation-memory.mdx',
    ],
    [
      ['--id', 'NUM-050', '--title', 'Another title', '--category', 'memory'],
      'id NUM-050 has prefix NUM, but category "memory" uses MEM-',
    ],
    [
      ['--next', '--title', 'Activation Distillation Memory', '--category', 'memory'],
      'slug "activation-distillation-memory" is taken',
    ],
    [
      ['--next', '--title', 'Another title', '--category', 'memroy'],
      'unknown category "memroy"; did you mean "memory"?',
    ],
  ])('refuses %j', async (args, message) => {
    const r = await newEntry(project(), ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });

  test('refuses a retired id and a retired slug', async () => {
    const root = project();
    appendFileSync(join(root, 'content/published-urls.txt'), '/e/MEM-777/\n/entries/old-retired-failure/\n');
    expect((await newEntry(root, '--id', 'MEM-777', '--title', 'Fresh', '--category', 'memory')).stderr).toContain(
      'id MEM-777 was published before and retired',
    );
    expect((await newEntry(root, '--next', '--title', 'Old Retired Failure', '--category', 'memory')).stderr).toContain(
      'slug "old-retired-failure" was published before',
    );
  });

  test('refuses a slug that an entry keeps as an alias', async () => {
    const root = project();
    const file = join(root, 'content/entries/activation-distillation-memory.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^aliases: \[\]$/m, 'aliases: [teacher-graph-memory]'));
    const r = await newEntry(root, '--next', '--title', 'Teacher Graph Memory', '--category', 'memory');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'slug "teacher-graph-memory" is taken by content/entries/activation-distillation-memory.mdx',
    );
  });

  test('refuses a title that gives no slug, and writes no hidden .mdx file', async () => {
    const root = project();
    const r = await newEntry(root, '--next', '--title', '…', '--category', 'memory');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('title "…" gives an empty slug');
    expect(readdirSync(join(root, 'content/entries')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  test('--next never hands out the id of an entry scaffolded before and not yet filled in', async () => {
    const root = project();
    const [first, second] = nextMemoryIds(root);
    expect((await newEntry(root, '--next', '--title', 'First Scaffold', '--category', 'memory')).stdout).toContain(
      `(${first})`,
    );
    expect((await newEntry(root, '--next', '--title', 'Second Scaffold', '--category', 'memory')).stdout).toContain(
      `(${second})`,
    );
    expect(
      (await newEntry(root, '--id', first!, '--title', 'Third Scaffold', '--category', 'memory')).stderr,
    ).toContain(`id ${first} is used by content/entries/first-scaffold.mdx`);
  });

  test('--next skips retired ids', async () => {
    const root = project();
    const [retired, free] = nextMemoryIds(root);
    appendFileSync(join(root, 'content/published-urls.txt'), `/e/${retired}/\n`);
    expect((await newEntry(root, '--next', '--title', 'Next Free', '--category', 'memory')).stdout).toContain(
      `(${free})`,
    );
  });
});

describe('npm run check:content', () => {
  test('reports every problem in every file at once, one line each, with GitHub annotations on CI', () => {
    const root = project({ examples: true });
    for (const f of ['unknown-category.mdx', 'dangling-related.mdx']) {
      const text = readFileSync(join(repo, 'tests/fixtures/bad-entries', f), 'utf8')
        .replace('id: MEM-010', `id: MEM-${f.length + 900}`)
        .replace(/title: Bad fixture/, `title: Bad ${f}`);
      writeFileSync(join(root, 'content/entries', f), text);
    }
    const r = check(root, { CI: 'true' });
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/entries\/unknown-category\.mdx:\d+: category: unknown value "memroy"/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/entries\/dangling-related\.mdx:\d+: related\.0: unknown entry id "MEM-404"/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::error file=content\/entries\/unknown-category\.mdx,line=\d+,title=category::unknown value/,
      ),
    );
    const entries = readdirSync(join(root, 'content/entries')).filter((f) => f.endsWith('.mdx')).length;
    expect(lines.at(-2)).toMatch(new RegExp(`^check:content: \\d+ problems in ${entries} entries`));
  });
});

test('the field reference in CONTRIBUTING.md and the editor JSON Schema are current', () => {
  const r = spawnSync(process.execPath, [join(repo, 'tools/generate.ts'), '--check'], { cwd: repo, encoding: 'utf8' });
  expect(r.stdout).toBe('');
  expect(r.status).toBe(0);
});

test('without arguments it asks for each value', async () => {
  const root = project();
  const { io, out } = capture(['distributed', 'Asked Interactively', '']);
  const r = { status: await runNewEntry(root, [], io), ...out };
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Category: Title: Id (empty for the next free one): ');
  expect(r.stdout).toMatch(/wrote content\/entries\/asked-interactively\.mdx \(DIST-\d{3}\)/);
});
