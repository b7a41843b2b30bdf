/**
 * npm run bench -- --entries 100 --entries 1000 [--runs K] [--no-browser] [--keep]
 *
 * For each N: generate a synthetic corpus outside content/, build it with the project's real
 * configuration from a cold cache (as `npm run build` does: Astro, then the search index in a
 * process of its own), and measure build time (Astro and Pagefind), peak memory,
 * output size, entry page weight, the search index, the first and a later search query in
 * Chromium, and the diagnose matcher on a 10 MB log in Node and in the browser worker.
 * Prints a Markdown table and writes bench-results/bench-<N>.json.
 *
 * --runs K builds each corpus K times, each from an empty cache into an empty folder, and
 * reports the median run (this machine's pace moves one build by a fifth or more); the site
 * is measured once, on that run's output.
 *
 * --reference minimal|starlight (either or both) also builds each corpus as the site the target
 * was set against (tools/bench/references.ts), right after each of Faultline's builds, and
 * reports its figures and the ratio of each pair of builds.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './corpus.ts';
import { REFERENCE_LABELS, referencesInstall, writeReference, type Reference } from './references.ts';
import { benchArgs, USAGE, type BenchOptions } from './args.ts';
import { medianRun, pageWeight, sampleTreeMemory, syntheticLog, treeSize } from './measure.ts';
import { browserFigures, FIRST_QUERIES } from './browser.ts';
import { compileMatcher, diagnose } from '../../src/lib/diagnose/match.ts';
import type { Fingerprints } from '../../src/lib/diagnose/fingerprints.ts';

let options: BenchOptions;
try {
  options = benchArgs(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { sizes, runs, references } = options;
const root = process.cwd();

/**
 * The variables `npm run build` sets in front of `astro build` (package.json), so that the
 * benchmark builds as the project's build does, allocator settings included.
 */
function buildScriptEnv(): Record<string, string> {
  const script = String(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.build ?? '');
  const assignments = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)astro build\b/.exec(script);
  if (!assignments)
    throw new Error(
      `package.json: scripts.build (${JSON.stringify(script)}) no longer runs "VAR=value … astro build"; update buildScriptEnv in tools/bench/run.ts`,
    );
  return Object.fromEntries(
    assignments[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
}
// read once, before any corpus is generated, so that a build script the benchmark no longer
// understands stops it at once
const BUILD_SCRIPT_ENV = buildScriptEnv();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const built: string[] = [];

/** Runs node with `args`, sampling the memory of it and its children; resolves when it exits. */
async function runSampled(args: string[], env: NodeJS.ProcessEnv, cwd = root) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const memory = sampleTreeMemory(child.pid!);
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (log += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (log += d));
  const status = await new Promise<number | null>((ok) => child.on('close', ok));
  return { status, log, wallS: (performance.now() - started) / 1000, memory: memory.stop() };
}

interface BuildFigures {
  wallS: number;
  astroS: number;
  searchIndexS: number;
  pagefindS: number;
  pagefindReadS: number;
  pagefindWriteS: number;
  previewImagesS: number;
  msPerEntry: number;
  peakRssMiB: number;
  peakRssByProgramMiB: Record<string, number>;
}
interface Build {
  dist: string;
  figures: BuildFigures;
  chunkPositions: number;
}

/**
 * One cold build of the corpus in `corpusDir` into `dir`/dist, from an empty cache in
 * `dir`/cache, as `npm run build` runs it: Astro without the search index, then the index in
 * a process of its own (src/cli/search-index.ts), so their memory never adds up.
 */
async function coldBuild(n: number, corpusDir: string, dir: string): Promise<Build> {
  const dist = join(dir, 'dist');
  const env = {
    ...process.env,
    ...BUILD_SCRIPT_ENV,
    FAULTLINE_CONTENT: corpusDir,
    FAULTLINE_CACHE_DIR: join(dir, 'cache'),
    FAULTLINE_SEARCH_INDEX: 'separate',
    NODE_OPTIONS: '--max-old-space-size=8192',
  };
  const astro = await runSampled([join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist], env);
  const search = astro.status === 0 ? await runSampled([join(root, 'src/cli/search-index.ts'), dist], env) : undefined;
  const log = `${astro.log}\n${search?.log ?? ''}`;
  if (astro.status !== 0 || search?.status !== 0) {
    console.log(log.slice(-4000));
    throw new Error(`build of ${n} entries failed`);
  }
  const wall = astro.wallS + search.wallS;
  const ms = (re: RegExp) => Number(re.exec(log)?.[1] ?? 0) / 1000;
  const peakByProgram: Record<string, number> = { ...astro.memory.peakByProgram };
  for (const [k, v] of Object.entries(search.memory.peakByProgram))
    peakByProgram[k] = Math.max(peakByProgram[k] ?? 0, v);
  return {
    dist,
    chunkPositions: Number(/chunks of (\d+) positions/.exec(log)?.[1] ?? 0),
    figures: {
      wallS: +wall.toFixed(2),
      astroS: +astro.wallS.toFixed(2),
      searchIndexS: +search.wallS.toFixed(2),
      pagefindS: ms(/search index: \d+ pages in (\d+) ms/),
      // Pagefind reads and indexes the pages, then builds and writes the index (the part that
      // needs every page, so it cannot start before the last is written)
      pagefindReadS: ms(/reading and indexing the pages (\d+) ms/),
      pagefindWriteS: ms(/writing the index (\d+) ms/),
      // the preview images render in a worker from the build start
      previewImagesS: ms(/preview images: \d+ \(\d+ rendered, \d+ cached\) in (\d+) ms from the build start/),
      msPerEntry: +((wall * 1000) / n).toFixed(1),
      peakRssMiB: Math.round(Math.max(astro.memory.peakBytes, search.memory.peakBytes) / 2 ** 20),
      peakRssByProgramMiB: Object.fromEntries(
        Object.entries(peakByProgram).map(([k, v]) => [k, Math.round(v / 2 ** 20)]),
      ),
    },
  };
}

interface ReferenceBuild {
  dist: string;
  wallS: number;
  astroS: number;
  pagefindS: number;
  peakRssMiB: number;
}

/**
 * One cold build of a reference site written into `project`, into `dir`/dist, from an empty
 * cache in `dir`/cache: Starlight runs Pagefind inside `astro build`; the minimal site is
 * indexed afterwards, in a process of its own, as Faultline's is.
 */
async function referenceBuild(reference: Reference, n: number, project: string, dir: string): Promise<ReferenceBuild> {
  const dist = join(dir, 'dist');
  // Astro keeps generated types and content state in the project's .astro as well
  rmSync(join(project, '.astro'), { recursive: true, force: true });
  const env = { ...process.env, REFERENCE_BENCH_CACHE: join(dir, 'cache'), NODE_OPTIONS: '--max-old-space-size=8192' };
  const astro = await runSampled(
    [join(project, '../node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist],
    env,
    project,
  );
  const search =
    astro.status === 0 && reference === 'minimal'
      ? await runSampled([join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', dist], env, project)
      : undefined;
  if (astro.status !== 0 || (search && search.status !== 0)) {
    console.log(`${astro.log}\n${search?.log ?? ''}`.slice(-4000));
    throw new Error(`the ${reference} reference site's build of ${n} entries failed (${project})`);
  }
  // Starlight logs its Pagefind step: "Finished building search index in 10.00s." (or "in 361ms.")
  const step = /Finished building search index in ([\d.]+)(m?s)\./.exec(astro.log);
  const inside = step ? Number(step[1]) / (step[2] === 'ms' ? 1000 : 1) : 0;
  return {
    dist,
    wallS: +(astro.wallS + (search?.wallS ?? 0)).toFixed(2),
    astroS: +(astro.wallS - inside).toFixed(2),
    pagefindS: +(search?.wallS ?? inside).toFixed(2),
    peakRssMiB: Math.round(Math.max(astro.memory.peakBytes, search?.memory.peakBytes ?? 0) / 2 ** 20),
  };
}

// installed before any build, so that no build shares the machine with npm
const referencesDir = references.length ? referencesInstall(root) : undefined;

/** Builds a generated corpus of `n` entries `runs` times (each reference after each build) and measures it. */
async function measure(n: number) {
  const tmp = mkdtempSync(join(tmpdir(), `faultline-bench-${n}-`));
  built.push(tmp);
  console.log(`\n== ${n} entries (${tmp})`);
  const corpus = generateCorpus(tmp, n);
  const entrySlug = 'synthetic-memory-1';
  const projects = references.map((r) => ({
    reference: r,
    ...writeReference(r, referencesDir!, corpus.dir, entrySlug),
    builds: [] as ReferenceBuild[],
  }));
  const builds: Build[] = [];
  // Faultline and each reference in turn, so that all meet the machine's pace of the moment
  for (let k = 1; k <= runs; k++) {
    builds.push(await coldBuild(n, corpus.dir, join(tmp, runs > 1 ? `run-${k}` : '.')));
    for (const p of projects)
      p.builds.push(await referenceBuild(p.reference, n, p.project, join(tmp, `${p.reference}-${k}`)));
  }
  const chosen = builds[medianRun(builds.map((b) => b.figures.wallS))]!;
  const { dist } = chosen;
  if (runs > 1)
    console.log(
      `cold builds: ${builds.map((b) => `${b.figures.wallS} s`).join(', ')}; reporting the median, ${chosen.figures.wallS} s`,
    );
  const referenceFigures = Object.fromEntries(
    projects.map((p) => {
      const median = p.builds[medianRun(p.builds.map((b) => b.wallS))]!;
      console.log(`${p.reference} reference, built after each: ${p.builds.map((b) => `${b.wallS} s`).join(', ')}`);
      const figures = {
        label: REFERENCE_LABELS[p.reference],
        build: { wallS: median.wallS, astroS: median.astroS, pagefindS: median.pagefindS },
        walls: p.builds.map((b) => b.wallS),
        // Faultline's wall over the reference's, build by build in the order they ran
        ratios: builds.map((b, k) => +(b.figures.wallS / p.builds[k]!.wallS).toFixed(2)),
        peakRssMiB: Math.max(...p.builds.map((b) => b.peakRssMiB)),
        entryPage: pageWeight(median.dist, p.entryPath),
      };
      return [p.reference, figures];
    }),
  );
  const out = treeSize(dist);
  const index = treeSize(join(dist, 'pagefind'));
  const entryPath = `/entries/${entrySlug}/`;
  const weight = pageWeight(dist, entryPath);
  const home = pageWeight(dist, '/');

  // the matcher in Node, on the built fingerprints
  const fp = JSON.parse(readFileSync(join(dist, 'api/v1/fingerprints.json'), 'utf8')) as Fingerprints;
  const example = readFileSync(join(corpus.dir, 'examples/synthetic-memory-1/example-1.log'), 'utf8')
    .trim()
    .split('\n');
  const bigLog = syntheticLog(10 * 1024 * 1024, example.slice(-3));
  const m = compileMatcher(fp);
  diagnose(bigLog.slice(0, 100_000), m); // warm up the JIT
  const t0 = performance.now();
  const d = diagnose(bigLog, m);
  const nodeMs = performance.now() - t0;

  const browser = options.noBrowser ? undefined : await browserFigures(dist, entryPath, bigLog, d.candidates[0]?.id);
  const r = {
    entries: n,
    wordsPerEntry: corpus.words,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    // the median run's timings; with several runs, each run's figures in the order they ran
    build: chosen.figures,
    runs: runs > 1 ? builds.map((b) => b.figures) : undefined,
    output: { bytes: out.bytes, files: out.files },
    entryPage: weight,
    homePage: home,
    pagefindIndexBytes: index.bytes,
    pagefindChunkPositions: chosen.chunkPositions,
    search: browser?.search,
    references: references.length ? referenceFigures : undefined,
    diagnose: {
      logBytes: bigLog.length,
      nodeMs: Math.round(nodeMs),
      workerMs: browser?.workerMs,
      top: d.candidates[0]?.id,
    },
  };
  return r;
}
type Result = Awaited<ReturnType<typeof measure>>;

const results: Result[] = [];
try {
  for (const n of sizes) {
    const r = await measure(n);
    results.push(r);
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, `bench-results/bench-${n}.json`), `${JSON.stringify(r, null, 2)}\n`);
  }
} finally {
  // Removed only after the last build, so that no size pays for the one before: on ext4
  // without a journal, as on this machine, the kernel avoids reusing an inode for 60 to 300 s
  // after its file is deleted, and a build that started right after thousands of deletions
  // spent 12% of its CPU samples looking past such inodes (perf: recently_deleted,
  // find_inode_bit, find_get_block_common).
  if (!options.keep) for (const tmp of built) rmSync(tmp, { recursive: true, force: true });
}

const line = (label: string, f: (r: Result) => string) => `| ${label} | ${results.map(f).join(' | ')} |`;
console.log(`\n| | ${results.map((r) => `${r.entries} entries`).join(' | ')} |`);
console.log(`| --- | ${results.map(() => '---').join(' | ')} |`);
// with several runs: the median run's figures, the spread of the walls, and the largest memory
const spread = (r: Result) =>
  r.runs
    ? ` (median of ${r.runs.length}: ${Math.min(...r.runs.map((b: BuildFigures) => b.wallS))}–${Math.max(...r.runs.map((b: BuildFigures) => b.wallS))} s)`
    : '';
console.log(line('cold build, wall', (r) => `${r.build.wallS} s${spread(r)}`));
console.log(
  line('  astro build / search index (its own process, after)', (r) => `${r.build.astroS} / ${r.build.searchIndexS} s`),
);
console.log(
  line(
    '  Pagefind (reading pages + writing the index) / preview images (worker, from the start)',
    (r) => `${r.build.pagefindS} (${r.build.pagefindReadS} + ${r.build.pagefindWriteS}) / ${r.build.previewImagesS} s`,
  ),
);
console.log(line('ms per entry', (r) => `${r.build.msPerEntry}`));
console.log(
  line('peak RSS, all build processes at once', (r) =>
    r.runs
      ? `${Math.max(...r.runs.map((b: BuildFigures) => b.peakRssMiB))} MiB, the largest of the runs`
      : `${r.build.peakRssMiB} MiB`,
  ),
);
// Node names its main thread MainThread; Linux cuts names to 15 characters
const PROGRAMS: Record<string, string> = { MainThread: 'node', pagefind_extend: 'pagefind' };
console.log(
  line('  largest processes, each at its own peak', (r) => {
    const by = new Map<string, number>();
    for (const b of (r.runs ?? [r.build]) as BuildFigures[])
      for (const [name, mib] of Object.entries(b.peakRssByProgramMiB))
        by.set(PROGRAMS[name] ?? name, Math.max(by.get(PROGRAMS[name] ?? name) ?? 0, mib));
    return [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([k, v]) => `${k} ${v} MiB`)
      .join(', ');
  }),
);
console.log(line('output size, files', (r) => `${(r.output.bytes / 2 ** 20).toFixed(1)} MiB, ${r.output.files}`));
console.log(
  line('entry page before interaction, raw / gzip', (r) => `${kb(r.entryPage.raw)} / ${kb(r.entryPage.gzip)}`),
);
console.log(line('JS files loaded by an entry page', (r) => `${r.entryPage.jsFiles}`));
console.log(line('home page, raw / gzip', (r) => `${kb(r.homePage.raw)} / ${kb(r.homePage.gzip)}`));
console.log(
  line(
    'Pagefind index, positions per chunk',
    (r) => `${(r.pagefindIndexBytes / 2 ** 20).toFixed(1)} MiB, ${r.pagefindChunkPositions}`,
  ),
);
console.log(
  line('first query: bytes, ms after last key', (r) =>
    r.search ? `${kb(r.search.first.bytes)}, ${r.search.first.ms} ms` : 'n/a',
  ),
);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};
console.log(
  line(`  ${FIRST_QUERIES.length} first queries, each in a fresh browser: median / largest bytes; median ms`, (r) => {
    if (!r.search) return 'n/a';
    const q = r.search.firstQueries;
    return `${kb(median(q.map((x) => x.bytes)))} / ${kb(Math.max(...q.map((x) => x.bytes)))}; ${median(q.map((x) => x.ms))} ms`;
  }),
);
console.log(
  line('  the same query pasted as the search opens, Pagefind still loading: ms after the paste', (r) =>
    r.search ? `${r.search.pasted.ms} ms` : 'n/a',
  ),
);
console.log(
  line('later query: bytes, ms after last key', (r) =>
    r.search ? `${kb(r.search.later.bytes)}, ${r.search.later.ms} ms` : 'n/a',
  ),
);
console.log(
  line('diagnose 10 MB log: Node / worker', (r) => `${r.diagnose.nodeMs} ms / ${r.diagnose.workerMs ?? 'n/a'} ms`),
);
for (const ref of references) {
  const f = (r: Result) => r.references![ref]!;
  console.log(
    line(
      `${REFERENCE_LABELS[ref]}, the same corpus, built after each build above: cold build, wall (Astro / Pagefind)`,
      (r) =>
        `${f(r).build.wallS} s (${f(r).build.astroS} / ${f(r).build.pagefindS} s); builds: ${f(r).walls.join(', ')} s`,
    ),
  );
  console.log(line('  Faultline / it, wall, build by build', (r) => f(r).ratios.join(', ')));
  console.log(
    line(
      '  its peak RSS; its entry page gzip, JS files',
      (r) => `${f(r).peakRssMiB} MiB; ${kb(f(r).entryPage.gzip)}, ${f(r).entryPage.jsFiles}`,
    ),
  );
}
