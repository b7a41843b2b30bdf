/**
 * npm run bench:hostile [-- --mb N] [--attacks]: the matcher on N MB (default 10) of lines
 * crafted against each of its patterns, beside N MB of an ordinary training log, on the shipped
 * content.
 *
 * Each content pattern gets a line of its own required words, repeated with the punctuation
 * its quantifiers take, to the matcher's window width: the line every such pattern must be
 * tried on, in every window. With --attacks, each pattern that recheck finds super-linear on a
 * backtracking engine also gets recheck's own attack string, cut to the window width (recheck
 * takes a few minutes over every pattern; its answers are cached in node_modules/.cache). Each
 * regular expression that runs on every line (normalize.ts, the frame and code shapes) gets the
 * attack string recheck reported for its earlier form. Prints both times and their ratio; the
 * hostile log should take at most twice the ordinary one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fingerprintsFor } from '../../src/build/fingerprints-from-content.ts';
import { readContent } from '../../src/build/read.ts';
import { validateContent } from '../../src/lib/content/validate.ts';
import { compileMatcher, diagnose, MAX_LINE } from '../../src/lib/diagnose/match.ts';
import { requiredLiterals, requiredWordSets } from '../../src/lib/diagnose/tokens.ts';
import { syntheticLog } from './measure.ts';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '10' }, attacks: { type: 'boolean', default: false } },
  strict: true,
});
const bytes = Number(values.mb) * 1024 * 1024;
if (!(bytes > 0)) {
  console.error('usage: npm run bench:hostile -- [--mb N] [--attacks]');
  process.exit(2);
}

const fp = fingerprintsFor(validateContent(readContent(process.cwd())));
const m = compileMatcher(fp);

/** A window-wide line of a pattern's own words, for it and every pattern sharing them. */
function craftedLine(source: string): string {
  const words = requiredWordSets(source.replace(/\\n/g, ' '))?.[0] ?? requiredLiterals(source) ?? ['x'];
  const unit = `${words.join(' ')} =-([0.`;
  return unit.repeat(Math.ceil(MAX_LINE / unit.length)).slice(0, MAX_LINE);
}

// The attack strings recheck 4.5 reported for the line regexes before they were rewritten.
const LINE_ATTACKS = [
  '\x1b[\x1b]'.repeat(MAX_LINE / 4),
  `k${'0n'.repeat(MAX_LINE / 2)}\x00`,
  'torch.Size(['.repeat(MAX_LINE / 12),
  `pid\t${'\t'.repeat(MAX_LINE)}\tpid0`,
  'T(Assertion '.repeat(MAX_LINE / 12),
  `\n\t${'  '.repeat(MAX_LINE / 2)}s`,
];

/** recheck's attack string for each pattern it finds super-linear, cached by source. */
async function recheckAttacks(sources: string[]): Promise<string[]> {
  const { check } = await import('recheck');
  const file = join(process.cwd(), 'node_modules/.cache/faultline/recheck-attacks.json');
  const cache: Record<string, string | null> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  for (const [i, source] of sources.entries()) {
    if (source in cache) continue;
    const r = await check(source, 'i', { timeout: 5_000 });
    cache[source] = r.status === 'vulnerable' ? r.attack.string.slice(0, MAX_LINE) : null;
    if (i % 50 === 49) console.error(`recheck: ${i + 1} of ${sources.length}`);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(cache));
  return sources.map((s) => cache[s]).filter((a): a is string => !!a);
}

const sources = [...new Set([...fp.signals.map((s) => s.source), ...fp.cues.map((c) => c.source)])];
const crafted = sources.map(craftedLine);
const attacks = values.attacks ? await recheckAttacks(sources) : [];
const lines = [...crafted, ...attacks, ...LINE_ATTACKS];
let hostile = '';
for (let i = 0; hostile.length < bytes; i++) hostile += `${lines[i % lines.length]}\n`;
const ordinary = syntheticLog(bytes, ['torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.']);

const time = (text: string) => {
  diagnose(text.slice(0, 100_000), m); // warm up the JIT
  const t = performance.now();
  diagnose(text, m);
  return performance.now() - t;
};
const ms = { ordinary: time(ordinary), hostile: time(hostile) };
console.log(`ordinary log, ${(ordinary.length / 2 ** 20).toFixed(1)} MiB: ${Math.round(ms.ordinary)} ms`);
console.log(
  `hostile log, ${(hostile.length / 2 ** 20).toFixed(1)} MiB (${crafted.length} crafted lines, ${attacks.length} recheck attacks on patterns, ${LINE_ATTACKS.length} on line regexes): ${Math.round(ms.hostile)} ms`,
);
console.log(`hostile / ordinary: ${(ms.hostile / ms.ordinary).toFixed(2)}`);
