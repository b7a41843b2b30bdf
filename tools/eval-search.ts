/**
 * npm run eval:search: the real queries of tests/eval/search-queries.yaml typed into the built
 * site's own search page (/search/?q=…, the same code as the search box), in headless
 * Chromium. Prints top-1 and top-3 by kind (error, sentence, keyword) for the development and
 * held-out parts; the development misses are listed, the held-out ones only with --held-out.
 * With --known-issues, the queries are instead the first log line each known issue's signature
 * matches (the error line a reader pastes), and the record is the answer expected.
 * With --thread-titles, they are the titles of the threads the entries' real logs were copied
 * from (content/examples/<slug>/sources.yaml), each with its entry as the answer, leaving out
 * any title or thread that is also an entry's `asked` or one of the queries above: real
 * questions search has no words from, many of them vaguer than the curated ones ("Error in
 * inference"). Their kind is read from the title (an exception's name or `error:` makes an
 * error line; four words or fewer, keywords). Split by the same hash.
 * Needs a build (npm run build).
 *
 *   npm run eval:search [-- --held-out] [--json]
 *   npm run eval:search -- --known-issues
 *   npm run eval:search -- --thread-titles [--held-out]
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { load, CORE_SCHEMA } from 'js-yaml';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/e2e/chromium.ts';
import { readContent } from '../src/build/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { signatureLines } from '../src/lib/known-issues.ts';

interface Query {
  query: string;
  entry: string;
  kind: 'error' | 'sentence' | 'keyword';
  source: string;
  /** For a query the hash holds out: why it moved to the development part (the date and the miss). */
  movedToDevelopment?: string;
}
type Part = 'development' | 'held-out';
const KINDS = ['error', 'sentence', 'keyword'] as const;

const args = process.argv.slice(2);
const unknown = args.filter((a) => !['--held-out', '--json', '--known-issues', '--thread-titles'].includes(a));
if (unknown.length) {
  console.error(
    `eval:search: unknown option ${unknown.join(' ')}\nusage: npm run eval:search -- [--held-out] [--json] [--known-issues | --thread-titles]`,
  );
  process.exit(2);
}
const root = process.cwd();
if (!existsSync(join(root, 'dist/pagefind/pagefind.js'))) {
  console.error('eval:search: no built site with a search index in dist/; run npm run build first');
  process.exit(2);
}

/** The part of a query, from the SHA-256 of its text: a first byte under 86 is held out. */
export const partOf = (query: string): Part =>
  createHash('sha256').update(query).digest()[0]! < 86 ? 'held-out' : 'development';

const forRecords = args.includes('--known-issues');
/** Each record's first signature line, as a query whose answer is the record. */
function recordQueries(): Query[] {
  const { knownIssues } = validateContent(readContent(root));
  return knownIssues
    .filter((k) => !k.withdrawn)
    .map((k) => ({ query: signatureLines(k, 1)[0] ?? '', entry: k.id, kind: 'error' as const, source: k.file }))
    .filter((q) => q.query);
}
const evalQueries = load(readFileSync(join(root, 'tests/eval/search-queries.yaml'), 'utf8'), {
  schema: CORE_SCHEMA,
}) as Query[];
// a held-out miss is never tuned for; to fix what it shows, the query moves first, saying why
for (const q of evalQueries)
  if (q.movedToDevelopment !== undefined && partOf(q.query) === 'development') {
    console.error(
      `tests/eval/search-queries.yaml: the query ${JSON.stringify(q.query)} is in the development part already; remove its movedToDevelopment`,
    );
    process.exit(2);
  }

/** How a title reads: an error line, a few keywords, or a sentence. */
const kindOf = (title: string): Query['kind'] =>
  /[A-Za-z]\w*(?:Error|Exception)\b|\berror:/i.test(title)
    ? 'error'
    : title.split(/\s+/).filter(Boolean).length <= 4
      ? 'keyword'
      : 'sentence';

/** One thread, whatever its address's case, trailing slash or fragment. */
const threadOf = (url: string) =>
  url
    .toLowerCase()
    .replace(/[#?].*$/, '')
    .replace(/\/+$/, '');

/** The real logs' thread titles that no entry's `asked` names and no evaluation query comes from. */
function threadTitleQueries(): Query[] {
  const content = validateContent(readContent(root));
  const key = (s: string) => s.trim().toLowerCase();
  const taken = new Set([
    ...content.entries.flatMap((e) => (e.asked ?? []).flatMap((a) => [key(a.title), threadOf(a.url)])),
    ...evalQueries.flatMap((q) => [key(q.query), threadOf(q.source)]),
  ]);
  const seen = new Set<string>();
  return content.entries.flatMap((e) =>
    (content.examples.get(e.slug) ?? []).flatMap((ex) => {
      const real = ex.real;
      if (!real || taken.has(key(real.title)) || taken.has(threadOf(real.source)) || seen.has(key(real.title)))
        return [];
      seen.add(key(real.title));
      return [{ query: real.title, entry: e.id, kind: kindOf(real.title), source: real.source }];
    }),
  );
}
const forTitles = args.includes('--thread-titles');
const queries = forRecords ? recordQueries() : forTitles ? threadTitleQueries() : evalQueries;
const port = 4700 + (process.pid % 200);
const server = spawn(process.execPath, [join(root, 'tests/e2e/serve.ts'), String(port), 'dist'], { stdio: 'ignore' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const outcomes: (Query & { part: Part; got: string[] })[] = [];
const failures: string[] = [];
try {
  let page = await browser.newPage();
  // the server is up once it answers
  for (let i = 0; i < 50; i++) {
    try {
      await page.goto(`http://localhost:${port}/search/`);
      break;
    } catch {
      await page.waitForTimeout(100);
    }
  }
  /** The first three results' ids, or the status when the search failed (the page says so). */
  const ask = async (query: string) => {
    await page.goto(`http://localhost:${port}/search/?q=${encodeURIComponent(query)}`);
    const panel = page.locator('[data-search-page]');
    const status = panel.getByRole('status').filter({ hasText: /\S/ });
    try {
      await status.waitFor({ timeout: 15_000 });
    } catch (error) {
      throw new Error(`eval:search: no answer in 15 s to the query ${JSON.stringify(query)}`, { cause: error });
    }
    const said = (await status.textContent()) ?? '';
    if (said.startsWith('The search failed')) return { failed: said };
    const got = (await panel.locator('.results > li.result > a.hit .meta').allTextContents())
      .map((t) => t.split(' · ')[0]!)
      .slice(0, 3);
    return { got };
  };
  for (const q of queries) {
    let answer = await ask(q.query);
    // a search that failed on the way (Pagefind's WebAssembly refused by a long-lived tab, a
    // result's text that did not arrive) is run once more in a new tab, and said
    if (answer.failed) {
      failures.push(`${q.query}: ${answer.failed}`);
      await page.close();
      page = await browser.newPage();
      answer = await ask(q.query);
      if (answer.failed)
        throw new Error(`eval:search: the query ${JSON.stringify(q.query)} failed twice: ${answer.failed}`);
    }
    const part = forRecords || q.movedToDevelopment ? 'development' : partOf(q.query);
    outcomes.push({ ...q, part, got: answer.got! });
  }
} finally {
  await browser.close();
  server.kill();
}

const table = (part: Part) => {
  const rows = KINDS.map((kind) => {
    const of = outcomes.filter((o) => o.part === part && o.kind === kind);
    return {
      kind,
      n: of.length,
      top1: of.filter((o) => o.got[0] === o.entry).length,
      top3: of.filter((o) => o.got.includes(o.entry)).length,
    };
  });
  const all = outcomes.filter((o) => o.part === part);
  return {
    rows,
    n: all.length,
    top1: all.filter((o) => o.got[0] === o.entry).length,
    top3: all.filter((o) => o.got.includes(o.entry)).length,
  };
};
const parts: Record<string, ReturnType<typeof table>> = forRecords
  ? { 'known issues': table('development') }
  : { development: table('development'), 'held-out': table('held-out') };
if (args.includes('--json')) console.log(JSON.stringify(parts, null, 2));
else {
  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');
  for (const [part, t] of Object.entries(parts)) {
    console.log(
      `${part.padEnd(12)} ${String(t.n).padStart(4)} queries: top-1 ${t.top1} (${pct(t.top1, t.n)}), top-3 ${t.top3} (${pct(t.top3, t.n)})`,
    );
    for (const r of t.rows.filter((r) => r.n))
      console.log(
        `  ${r.kind.padEnd(9)} ${String(r.n).padStart(4)}: top-1 ${r.top1} (${pct(r.top1, r.n)}), top-3 ${r.top3} (${pct(r.top3, r.n)})`,
      );
  }
  for (const f of failures) console.log(`a search failed and was run again: ${f}`);
  for (const part of ['development', ...(args.includes('--held-out') ? ['held-out'] : [])]) {
    // a record is searched by its own error line, so anything but first place is listed
    const misses = outcomes.filter(
      (o) => o.part === part && (forRecords ? o.got[0] !== o.entry : !o.got.includes(o.entry)),
    );
    const label = forRecords ? 'known issues' : part;
    const where = forRecords ? 'first' : 'in the first three';
    if (misses.length) console.log(`\n${label} queries whose answer is not ${where} (expected → got):`);
    for (const m of misses)
      console.log(`  [${m.kind}] ${m.query.slice(0, 110)}: ${m.entry} → ${m.got.join(', ') || 'nothing'}`);
  }
}
