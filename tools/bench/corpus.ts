/**
 * A deterministic synthetic corpus for the benchmark: N entries that look like real ones (full
 * frontmatter, about 600 words, symptoms from the real registry, a code tab block, a table and
 * two example logs each), written into a folder outside content/. Prose is drawn from the real
 * entries' words at their real frequencies (see proseWords).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, CORE_SCHEMA } from 'js-yaml';
import { CATEGORIES, FRAMEWORK_IDS } from '../../src/lib/schema/vocabulary.ts';
import { readContent } from '../../src/build/read.ts';

/** mulberry32: small, fast, and the same sequence on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Short identifiers for tags, table cells and names in code. */
const WORDS =
  'gradient tensor memory allocator kernel device rank collective optimizer scheduler checkpoint shard batch sequence token attention activation backward forward precision overflow scale buffer stream worker loader sampler process launcher timeout watchdog cache block fragment layer module parameter weight bias embedding vocabulary logits loss norm clip step epoch warmup decay momentum moment state dict config version driver toolkit library build wheel runtime compile graph trace eager mode inference serving engine request queue preemption throughput latency bandwidth topology interconnect fabric socket port address host node cluster job scheduler container volume shared page limit threshold default option flag environment variable'.split(
    ' ',
  );

/**
 * Every word of the real entries' prose, repeats included, so that a uniform pick gives each
 * word at its frequency in real text. The search index is shaped by how many pages carry a
 * word and how often: "allocator" is on 5 of the 87 real entries, "gradient" on 36. Drawing
 * uniformly from a short list of domain words instead put every query word about 11 times on
 * every page, and made each index chunk Pagefind loads several times what real text gives.
 */
export function proseWords(entries: readonly { data: unknown; body: string }[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (key === 'references' || key === 'related' || key === 'id') return;
    if (typeof v === 'string') out.push(...(v.toLowerCase().match(/[a-z][a-z'-]*[a-z]/g) ?? []));
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  for (const e of entries) {
    walk(e.data);
    // prose only: no code blocks, component tags or link targets
    walk(
      e.body
        .replace(/```[\s\S]*?```/g, '')
        .replace(/<[^>]*>/g, '')
        .replace(/\]\([^)]*\)/g, ']'),
    );
  }
  return out;
}

export interface CorpusInfo {
  dir: string;
  entries: number;
  words: number;
}

/** Random draws for one corpus: every generated word and choice comes from one seeded sequence. */
function drawer(seed: number, prose: readonly string[]) {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const words = (k: number) => Array.from({ length: k }, () => pick(prose)).join(' ');
  const sentence = () => {
    const s = words(8 + Math.floor(rand() * 12));
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = (k: number) => Array.from({ length: k }, sentence).join(' ');
  return { rand, pick, words, sentence, paragraph };
}
type Draw = ReturnType<typeof drawer>;

type RegistryItem = { id: string; patterns?: string[] };

/**
 * For each symptom with patterns, a real line from the shipped example logs that matches it,
 * so the synthetic logs exercise the matcher the way real ones do.
 */
function realLinesBySymptom(registry: readonly RegistryItem[], logs: readonly string[]): Map<string, string> {
  const realLines = new Map<string, string>();
  const exampleLines = logs.flatMap((text) => text.split('\n'));
  for (const s of registry) {
    const res = (s.patterns ?? []).map((p) => new RegExp(p, 'u'));
    const line = res.length ? exampleLines.find((l) => res.some((re) => re.test(l))) : undefined;
    if (line) realLines.set(s.id, line.replace(/^\[(?:rank|default)\d+\]:\s*/, ''));
  }
  return realLines;
}

/**
 * The real registry (without the generic causes it names: they are entries of content/, not of
 * the corpus), the real package registry and the real known issues, so the site is built at n
 * entries plus the records; a record's entry is a slug of content/, not of the corpus, so it is
 * left out.
 */
function copyRealRegistries(dir: string, knownIssues: readonly { slug: string; abs: string }[]) {
  writeFileSync(
    join(dir, 'symptoms.yaml'),
    readFileSync(join(process.cwd(), 'content/symptoms.yaml'), 'utf8').replace(/^ {2}generic: .*\n/gm, ''),
  );
  writeFileSync(join(dir, 'packages.yaml'), readFileSync(join(process.cwd(), 'content/packages.yaml'), 'utf8'));
  mkdirSync(join(dir, 'known-issues'), { recursive: true });
  for (const k of knownIssues)
    writeFileSync(
      join(dir, 'known-issues', `${k.slug}.yaml`),
      readFileSync(k.abs, 'utf8').replace(/^entry: .*\n/m, ''),
    );
}

/** The frontmatter lines of synthetic entry `i`, with the symptoms given. */
function frontmatter(d: Draw, i: number, id: string, category: string, fingerprint: string, syms: Set<string>) {
  const { pick, words, sentence, paragraph } = d;
  const tags = [...new Set(Array.from({ length: 4 }, () => `${pick(WORDS)}-${pick(WORDS)}`))];
  const fw = [...new Set([pick(FRAMEWORK_IDS), pick(FRAMEWORK_IDS)])];
  const text = (k: number) => JSON.stringify(paragraph(k));
  return [
    `id: ${id}`,
    `title: ${JSON.stringify(`Synthetic ${words(3)} failure ${i}`)}`,
    `summary: ${JSON.stringify(`${sentence()} ${sentence()}`.slice(0, 280).padEnd(60, ' x'))}`,
    `category: ${category}`,
    `tags: [${tags.join(', ')}]`,
    `frameworks: [${fw.join(', ')}]`,
    'stage: [training]',
    `fingerprint: ${JSON.stringify(fingerprint)}`,
    'symptoms:',
    ...[...syms].flatMap((s) => [
      `  - symptom: ${s}`,
      `    wording: ${text(1)}`,
      `    why: ${text(2)}`,
      `    tellApart: ${text(1)}`,
    ]),
    `cues: ['${pick(WORDS)}_${pick(WORDS)}']`,
    'rootCauses:',
    ...[0, 1, 2].flatMap(() => [`  - title: ${JSON.stringify(words(5))}`, `    detail: ${text(3)}`]),
    'fixes:',
    ...[0, 1].flatMap(() => [`  - title: ${JSON.stringify(words(6))}`, `    summary: ${text(2)}`]),
    'confirm:',
    '  - step: Check the allocator state.',
    '    command: python -c "import torch; print(torch.cuda.memory_summary())"',
    `    expect: ${text(1)}`,
    '  - step: Look at the GPUs.',
    '    command: nvidia-smi --query-gpu=memory.used,memory.total --format=csv',
    `    expect: ${text(1)}`,
    'prevention:',
    `  - ${text(2)}`,
    `  - ${text(1)}`,
    'affects:',
    `  - ${text(1)}`,
    'related: []',
    'references:',
    `  - title: Reference one for ${id}`,
    '    url: https://docs.pytorch.org/docs/stable/notes/cuda.html',
    '    kind: docs',
    `  - title: Reference two for ${id}`,
    '    url: pytorch/pytorch#35901',
    '    kind: issue',
    'faq:',
    ...[0, 1, 2].flatMap(() => [`  - q: ${JSON.stringify(`${words(6)}?`)}`, `    a: ${text(2)}`]),
    'updated: 2026-11-29',
  ];
}

/** The body of synthetic entry `i`: prose, a table, a tab block of two code blocks, notes. */
function body(d: Draw, i: number): string {
  const { rand, pick, paragraph } = d;
  return [
    '## Why it happens',
    '',
    paragraph(6),
    '',
    paragraph(5),
    '',
    '| setting | before | after |',
    '| --- | --- | --- |',
    ...[0, 1, 2, 3].map(() => `| \`${pick(WORDS)}_${pick(WORDS)}\` | ${pick(WORDS)} | ${pick(WORDS)} |`),
    '',
    '## Fix',
    '',
    paragraph(2),
    '',
    '<Tabs>',
    '<Tab label="PyTorch">',
    '',
    paragraph(1),
    '',
    '```python',
    'import torch',
    '',
    `def fix_${i}(model, batch, scale=${(rand() * 4).toFixed(2)}):`,
    '    with torch.no_grad():',
    '        out = model(**batch)',
    '    return out.logits.float() * scale',
    '```',
    '',
    '</Tab>',
    '<Tab label="HF Trainer">',
    '',
    paragraph(1),
    '',
    '```python',
    'from transformers import TrainingArguments',
    '',
    `args = TrainingArguments(output_dir="out-${i}", per_device_train_batch_size=${1 + (i % 8)}, gradient_accumulation_steps=4, bf16=True)`,
    '```',
    '',
    '</Tab>',
    '</Tabs>',
    '',
    '## Notes',
    '',
    paragraph(3),
    '',
  ].join('\n');
}

/** Two hand-written-style logs of entry `i` ending in its fingerprint's real line, and their sources.yaml. */
function writeExamples(d: Draw, folder: string, i: number, line: string) {
  const { pick } = d;
  mkdirSync(folder, { recursive: true });
  for (const e of [1, 2]) {
    const lines = [
      `[2026-03-1${e} 09:1${e}:03,551] INFO train.py:88 - step ${i * 10 + e}`,
      ...Array.from(
        { length: 6 },
        (_, j) => `  File "/workspace/train_${i}.py", line ${j * 10 + e}, in ${pick(WORDS)}_${pick(WORDS)}`,
      ),
      line,
    ];
    writeFileSync(join(folder, `example-${e}.log`), `${lines.join('\n')}\n`);
  }
  writeFileSync(
    join(folder, 'sources.yaml'),
    'logs:\n  - file: example-1.log\n    handWritten: true\n  - file: example-2.log\n    handWritten: true\n',
  );
}

export function generateCorpus(root: string, n: number, seed = 42): CorpusInfo {
  const real = readContent(process.cwd());
  const d = drawer(seed + n, proseWords(real.entries));
  const registry = load(readFileSync(join(process.cwd(), 'content/symptoms.yaml'), 'utf8'), {
    schema: CORE_SCHEMA,
  }) as RegistryItem[];
  const realLines = realLinesBySymptom(
    registry,
    [...real.examples.values()].flat().map((x) => x.text),
  );
  const withLog = registry.filter((s) => realLines.has(s.id));
  const dir = join(root, 'content');
  mkdirSync(join(dir, 'entries'), { recursive: true });
  mkdirSync(join(dir, 'examples'), { recursive: true });
  copyRealRegistries(dir, real.knownIssues);

  let totalWords = 0;
  const perCategory = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const cat = CATEGORIES[i % CATEGORIES.length]!;
    const k = (perCategory.get(cat.id) ?? 0) + 1;
    perCategory.set(cat.id, k);
    const id = `${cat.prefix}-${String(k).padStart(3, '0')}`;
    const slug = `synthetic-${cat.id}-${k}`;
    const primary = d.pick(withLog);
    const syms = new Set<string>([primary.id]);
    while (syms.size < 4) syms.add(d.pick(registry).id);
    const fm = frontmatter(d, i, id, cat.id, realLines.get(primary.id)!, syms);
    const text = body(d, i);
    totalWords += `${fm.join(' ')} ${text}`.split(/\s+/).length;
    writeFileSync(join(dir, 'entries', `${slug}.mdx`), `---\n${fm.join('\n')}\n---\n\n${text}`);
    writeExamples(d, join(dir, 'examples', slug), i, realLines.get(primary.id)!);
  }
  return { dir, entries: n, words: Math.round(totalWords / n) };
}
