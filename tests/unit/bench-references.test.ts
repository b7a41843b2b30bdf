// The reference sites the benchmark builds beside Faultline's (tools/bench/references.ts): each
// must be given the same corpus, so that the ratio of two builds compares like with like.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateCorpus } from '../../tools/bench/corpus.ts';
import { starlightPage, starlightRecordPage, writeReference } from '../../tools/bench/references.ts';

let tmp: string;
let corpus: string;
const N = 30;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'faultline-references-'));
  corpus = generateCorpus(tmp, N).dir;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every string in the frontmatter a reader sees on Faultline's entry page. */
function proseOf(data: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (
      [
        'id',
        'category',
        'tags',
        'frameworks',
        'stage',
        'cues',
        'related',
        'updated',
        'fingerprint',
        'url',
        'kind',
        'symptom',
      ].includes(key ?? '')
    )
      return;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(data);
  return out;
}

describe('the Starlight reference', () => {
  test('gets every entry as a page with the same words, its tabs as Starlight tabs and its logs as code', () => {
    const mdx = readFileSync(join(corpus, 'entries/synthetic-memory-1.mdx'), 'utf8');
    const logs = ['example-1.log', 'example-2.log'].map((f) =>
      readFileSync(join(corpus, 'examples/synthetic-memory-1', f), 'utf8'),
    );
    const { category, page } = starlightPage(mdx, logs);
    expect(category).toBe('memory');
    const data = load(/^---\n([\s\S]*?)\n---\n/.exec(mdx)![1]!) as Record<string, unknown>;
    const head = load(/^---\n([\s\S]*?)\n---\n/.exec(page)![1]!) as Record<string, unknown>;
    expect(head).toEqual({ title: data.title, description: data.summary });
    const strings = proseOf(data);
    expect(strings.length).toBeGreaterThan(30);
    for (const s of strings) expect(page).toContain(s);
    for (const log of logs) expect(page).toContain(`\`\`\`text\n${log.trimEnd()}\n\`\`\``);
    // the body whole, with Faultline's <Tab> as Starlight's <TabItem>
    expect(page).toContain('<TabItem label="PyTorch">');
    expect(page).not.toMatch(/<\/?Tab[ >]/);
    expect(page).toContain("import { Tabs, TabItem } from '@astrojs/starlight/components';");
    const body = mdx.slice(mdx.indexOf('\n---\n', 4) + 5).trim();
    expect(page).toContain(body.replace(/<Tab label=/g, '<TabItem label=').replace(/<\/Tab>/g, '</TabItem>'));
  });

  test('writes one page per entry, in a folder per category, and finds the measured entry', () => {
    const { project, entryPath } = writeReference('starlight', join(tmp, 'install'), corpus, 'synthetic-memory-1');
    expect(entryPath).toBe('/memory/synthetic-memory-1/');
    const docs = join(project, 'src/content/docs');
    const pages = readdirSync(docs, { recursive: true }).filter(
      (f) => String(f).endsWith('.mdx') && String(f) !== 'index.mdx',
    );
    expect(pages).toHaveLength(N);
    expect(existsSync(join(docs, 'memory/synthetic-memory-1.mdx'))).toBe(true);
    // and one page per known-issue record the corpus carries
    const records = readdirSync(join(corpus, 'known-issues'));
    expect(records.length).toBeGreaterThan(0);
    expect(readdirSync(join(docs, 'known-issues')).sort()).toEqual(
      records.map((f) => f.replace(/\.yaml$/, '.md')).sort(),
    );
    expect(readFileSync(join(project, 'astro.config.mjs'), 'utf8')).toContain('REFERENCE_BENCH_CACHE');
  });
});

describe('a known-issue record on Starlight', () => {
  test('carries the words its Faultline page shows, its logs as code', () => {
    const file = readdirSync(join(corpus, 'known-issues')).sort()[0]!;
    const yaml = readFileSync(join(corpus, 'known-issues', file), 'utf8');
    const r = load(yaml) as {
      title: string;
      summary: string;
      fix: string;
      workaround?: string;
      upstream: Record<string, { title: string; url: string }>;
      logs: { text: string }[];
    };
    const page = starlightRecordPage(yaml);
    const head = load(/^---\n([\s\S]*?)\n---\n/.exec(page)![1]!) as Record<string, unknown>;
    expect(head).toEqual({ title: r.title, description: r.summary });
    for (const s of [r.summary, r.fix, r.workaround ?? '']) expect(page).toContain(s);
    for (const l of Object.values(r.upstream)) expect(page).toContain(`[${l.title}](${l.url})`);
    for (const l of r.logs) expect(page).toContain(`\`\`\`text\n${l.text.trimEnd()}\n\`\`\``);
  });
});

/** Every file of `from` is in `to`, unchanged, and nothing else is. */
function expectCopied(from: string, to: string) {
  const files = readdirSync(from).sort();
  expect(files.length).toBeGreaterThan(0);
  expect(readdirSync(to).sort()).toEqual(files);
  for (const f of files) expect(readFileSync(join(to, f), 'utf8')).toBe(readFileSync(join(from, f), 'utf8'));
}

describe('the minimal reference', () => {
  test('gets the corpus files unchanged and one template that renders them', () => {
    const { project, entryPath } = writeReference('minimal', join(tmp, 'install'), corpus, 'synthetic-data-2');
    expect(entryPath).toBe('/entries/synthetic-data-2/');
    expectCopied(join(corpus, 'entries'), join(project, 'src/content/entries'));
    const template = readFileSync(join(project, 'src/pages/entries/[slug].astro'), 'utf8');
    expect(template).toContain('<Content components={{ Tabs, Tab }} />');
    expect(template).toContain('data-pagefind-body');
    // the known-issue records too, as Faultline's build gets them, with a template of their own
    expectCopied(join(corpus, 'known-issues'), join(project, 'src/content/records'));
    const recordTemplate = readFileSync(join(project, 'src/pages/known-issues/[slug].astro'), 'utf8');
    expect(recordTemplate).toContain('data-pagefind-body');
    expect(recordTemplate).toContain('{data.summary}');
  });

  test('refuses an entry the corpus does not have, naming the corpus', () => {
    expect(() => writeReference('minimal', join(tmp, 'install'), corpus, 'synthetic-memory-999')).toThrow(
      `the corpus in ${corpus} has no entry synthetic-memory-999`,
    );
  });
});
