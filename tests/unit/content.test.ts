// The shipped content: it validates, and the matcher ranks each entry first on its own
// example logs. Misses are listed together so one run shows every entry to fix.
import { describe, expect, test } from 'vitest';
import { readContent } from '../../src/build/read.ts';
import { validateContent } from '../../src/lib/content/validate.ts';
import { diagnose } from '../../src/lib/diagnose/match.ts';
import { formatProblem, type Problem } from '../../src/lib/schema/errors.ts';
import { shipped, shippedMatcher } from './fixtures/shipped.ts';

const root = new URL('../..', import.meta.url).pathname;
const content = shipped;

describe('the shipped content', () => {
  test('validates with no problems; its only warnings are entries checked against an older release', () => {
    expect(content.problems.filter((p) => p.severity !== 'warning').map(formatProblem)).toEqual([]);
    expect(
      content.problems
        .filter((p) => p.severity === 'warning' && !p.path.startsWith('versions.checkedAgainst.releases.'))
        .map(formatProblem),
    ).toEqual([]);
  });

  test('every entry ranks first on each of its own hand-written example logs', () => {
    const m = shippedMatcher;
    const misses: string[] = [];
    let total = 0;
    for (const e of content.entries) {
      for (const ex of (content.examples.get(e.slug) ?? []).filter((x) => !x.real)) {
        total++;
        const ranked = diagnose(ex.text, m).candidates;
        if (ranked[0]?.id !== e.id) {
          const own = ranked.findIndex((c) => c.id === e.id);
          misses.push(
            `${ex.file}: ${e.id} is ${own === -1 ? 'not matched' : `#${own + 1}`}; first: ${ranked
              .slice(0, 3)
              .map((c) => `${c.id} (${c.raw.toFixed(2)})`)
              .join(', ')}`,
          );
        }
      }
    }
    expect(total).toBeGreaterThan(100);
    expect(misses).toEqual([]);
  });
});

describe('readEntrySources', () => {
  test('reads every entry file as it is now, and reports the ones that do not parse', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readEntrySources } = await import('../../src/build/read.ts');
    const root = mkdtempSync(join(tmpdir(), 'faultline-read-'));
    try {
      mkdirSync(join(root, 'content/entries'), { recursive: true });
      writeFileSync(join(root, 'content/entries/a.mdx'), '---\ntitle: A\n---\nbody a\n');
      writeFileSync(join(root, 'content/entries/b.mdx'), '---\ntitle: [unclosed\n---\nbody b\n');
      const firstProblems: Problem[] = [];
      const first = readEntrySources(root, firstProblems);
      writeFileSync(join(root, 'content/entries/a.mdx'), '---\ntitle: A changed\n---\nbody a\n');
      const secondProblems: Problem[] = [];
      const second = readEntrySources(root, secondProblems);
      expect(second.map((s) => s.source.slug)).toEqual(['a', 'b']);
      expect(first[0]!.source.data).toEqual({ title: 'A' });
      expect(second[0]!.source.data).toEqual({ title: 'A changed' });
      expect(second[1]!.source.data).toBeUndefined();
      expect(firstProblems.map((p) => p.file)).toEqual(['content/entries/b.mdx']);
      expect(secondProblems).toEqual(firstProblems);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the symptom registry loader', () => {
  type Stored = { id: string; data: unknown; filePath?: string };
  async function load(dir: string) {
    const { symptomsLoader } = await import('../../src/build/loader.ts');
    const stored = new Map<string, Stored>();
    const store = { clear: () => stored.clear(), set: (e: Stored) => (stored.set(e.id, e), true) };
    const context = {
      store,
      parseData: async ({ data }: { data: unknown }) => data,
      config: { root: new URL(`file://${dir}/`) },
      logger: { error() {}, info() {} },
    };
    await symptomsLoader().load(context as never);
    return stored;
  }

  test('stores every symptom of the registry as the validation read it, by id, with the file it came from', async () => {
    const stored = await load(root);
    const registry = content.symptoms;
    expect([...stored.keys()]).toEqual(registry.map((s) => s.id));
    const first = stored.get(registry[0]!.id)!;
    expect(first.filePath).toBe('content/symptoms.yaml');
    expect((first.data as { label: string }).label).toBe(registry[0]!.label);
  });

  test('a registry that is not a list fails, naming the file', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'faultline-registry-'));
    try {
      mkdirSync(join(dir, 'content'));
      writeFileSync(join(dir, 'content', 'symptoms.yaml'), 'cuda-oom: {}\n');
      await expect(load(dir)).rejects.toThrow(/symptoms\.yaml: the symptom registry must be a YAML list of symptoms/);
      writeFileSync(join(dir, 'content', 'symptoms.yaml'), '- id: a\n  label: [unclosed\n');
      await expect(load(dir)).rejects.toThrow(/symptoms\.yaml:\d+: not valid YAML/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the entries loader', () => {
  test('stores every entry as the schema parses it, without its Markdown, as the files are now', async () => {
    const { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const { entriesLoader } = await import('../../src/build/loader.ts');
    const { readEntrySources } = await import('../../src/build/read.ts');
    const { EntrySchema } = await import('../../src/lib/schema/entry.ts');
    const dir = mkdtempSync(join(tmpdir(), 'faultline-loader-'));
    const before = process.env.FAULTLINE_CONTENT;
    try {
      cpSync(join(root, 'tests/fixtures/site'), dir, { recursive: true });
      process.env.FAULTLINE_CONTENT = dir;
      expect(validateContent(readContent(root)).problems.map(formatProblem)).toEqual([]);
      const changed = join(dir, 'entries/teacher-oom-in-distillation.mdx');
      writeFileSync(
        changed,
        readFileSync(changed, 'utf8').replace(/^title: .*$/m, 'title: Teacher OOM, edited after the validation'),
      );

      const parsedByAstro: string[] = [];
      const stored = new Map<string, { data: unknown }>();
      const store = {
        get: (id: string) => stored.get(id),
        set: (e: { id: string; data: unknown }) => (stored.set(e.id, e), true),
        keys: () => stored.keys(),
        delete: (id: string) => stored.delete(id),
      };
      const context = {
        store,
        parseData: async ({ id, data }: { id: string; data: unknown }) => (
          parsedByAstro.push(id),
          EntrySchema.parse(data)
        ),
        renderMarkdown: async () => ({ html: '<p>body</p>', metadata: {} }),
        generateDigest: (s: string) => String(s.length),
        config: { root: pathToFileURL(root), markdown: {}, cacheDir: pathToFileURL(`${dir}/cache/`) },
        logger: { error() {}, info() {} },
      };
      mkdirSync(join(dir, 'cache'));
      await entriesLoader().load(context as never);

      const sources = readEntrySources(root);
      expect(parsedByAstro.sort()).toEqual(sources.map((s) => s.source.slug).sort());
      expect([...stored.keys()].sort()).toEqual(sources.map((s) => s.source.slug).sort());
      for (const { source } of sources) expect(stored.get(source.slug)!.data).toEqual(EntrySchema.parse(source.data));
      // the Markdown stays out of the store: no page reads it, and Astro serialised it with the rest
      for (const e of stored.values()) expect(e).not.toHaveProperty('body');
      expect((stored.get('teacher-oom-in-distillation')!.data as { title: string }).title).toBe(
        'Teacher OOM, edited after the validation',
      );
    } finally {
      if (before === undefined) delete process.env.FAULTLINE_CONTENT;
      else process.env.FAULTLINE_CONTENT = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rendered bodies', () => {
  type Stored = { id: string; digest: string; rendered: { html: string } };
  async function load(dir: string, dev: boolean, stored = new Map<string, Stored>()) {
    const { pathToFileURL } = await import('node:url');
    const { entriesLoader } = await import('../../src/build/loader.ts');
    const rendered: string[] = [];
    const store = {
      get: (id: string) => stored.get(id),
      set: (e: Stored) => (stored.set(e.id, e), true),
      keys: () => stored.keys(),
      delete: (id: string) => stored.delete(id),
    };
    const context = {
      store,
      parseData: async ({ data }: { data: unknown }) => data,
      renderMarkdown: async (md: string) => (rendered.push(md), { html: `<p>${md.length}</p>`, metadata: {} }),
      generateDigest: (s: string) => String(s.length),
      config: { root: pathToFileURL(root), markdown: {}, cacheDir: pathToFileURL(`${dir}/`) },
      logger: { error() {}, info() {} },
      // a watcher is what tells the loader it runs in `astro dev`
      watcher: dev ? { add() {}, on() {} } : undefined,
    };
    await entriesLoader().load(context as never);
    return { stored, rendered };
  }

  test('are kept in the data store, and an unchanged entry is not rendered again', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'faultline-bodies-'));
    try {
      for (const dev of [false, true]) {
        const first = await load(dir, dev);
        expect(first.rendered.length).toBe(content.entries.length);
        for (const e of first.stored.values()) expect(e.rendered.html).toMatch(/^<p>\d+<\/p>$/);
        // the same store: nothing to render
        expect((await load(dir, dev, first.stored)).rendered).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
