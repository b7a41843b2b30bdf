/**
 * npm run eval:diagnose: the matcher on the real logs of content/examples/ (those with a
 * source in their folder's sources.yaml) and on the negatives of content/negatives/, through
 * the same code as the CLI. Prints top-1 and top-3 for the development and held-out parts,
 * how many negatives stayed quiet, and the misses of the development part.
 *
 *   npm run eval:diagnose                  figures for both parts, development misses
 *   npm run eval:diagnose -- --held-out    also list the held-out misses (to record them,
 *                                          never to tune on them)
 *   npm run eval:diagnose -- --json        the figures as JSON
 *   npm run eval:diagnose -- --formats     also paste each log that ranks its entry first in
 *                                          the other forms readers paste logs in (quoted,
 *                                          labelled, indented, escaped, cut, wrapped) and
 *                                          count how many still do
 */
import { readContent } from '../src/build/read.ts';
import { validateContent } from '../src/lib/content/validate.ts';
import { formatProblem } from '../src/lib/schema/errors.ts';
import { fingerprintsFor } from '../src/build/fingerprints-from-content.ts';
import { compileMatcher, diagnose, startScan } from '../src/lib/diagnose/match.ts';
import { figures, isQuiet, partOf, percent, type Outcome, type Part } from '../src/build/evaluate.ts';
import { profileDocs, profilesWithout } from '../src/build/profiles.ts';
import { buildProfiles } from '../src/lib/diagnose/profiles.ts';
import type { ExampleLog } from '../src/lib/schema/sources.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => !['--held-out', '--json', '--formats'].includes(a));
if (unknown.length) {
  console.error(
    `eval:diagnose: unknown option ${unknown.join(' ')}\nusage: npm run eval:diagnose -- [--held-out] [--json] [--formats]`,
  );
  process.exit(2);
}

const content = validateContent(readContent(process.cwd()));
const errors = content.problems.filter((p) => p.severity !== 'warning');
if (errors.length) {
  console.error(
    `eval:diagnose: the content has problems; run npm run check:content\n${errors.map(formatProblem).join('\n')}`,
  );
  process.exit(2);
}
const matcher = compileMatcher(fingerprintsFor(content));
const docs = profileDocs(content.entries, (slug) => content.examples.get(slug) ?? []);
const shipped = buildProfiles(docs);

/**
 * What a reader would be shown first: the candidates, or, when nothing matched, the closest
 * entries by shared words. A real log is scored against profiles built without it and without
 * any log from its thread, so a development log never finds itself.
 */
function outcome(log: Pick<ExampleLog, 'file' | 'text' | 'real'>, expected?: string): Outcome {
  const scan = startScan(matcher);
  scan.push(log.text);
  const d = scan.finish();
  const base = { file: log.file, part: partOf(log), ...(expected ? { expected } : {}) };
  if (d.candidates.length)
    return { ...base, ranked: d.candidates, ...(d.shared ? { tied: d.shared.tied.map((t) => t.id) } : {}) };
  const profiles = log.real ? profilesWithout(docs, { file: log.file, source: log.real.source }) : shipped;
  return { ...base, ranked: scan.closest(profiles), leads: true };
}

const outcomes: Outcome[] = [];
const categoryOf = new Map<string, string>();
const textOf = new Map<string, string>();
for (const e of content.entries) {
  for (const ex of content.examples.get(e.slug) ?? []) {
    if (!ex.real) continue;
    categoryOf.set(ex.file, e.category);
    textOf.set(ex.file, ex.text);
    outcomes.push(outcome(ex, e.id));
  }
}
for (const ex of content.negatives) outcomes.push(outcome(ex));

// Known issues on their own logs: the signatures were written from these logs, so this is a
// check that each record is found, not a measure of the matcher on logs it never saw.
const own: Outcome[] = content.knownIssues
  .filter((k) => !k.withdrawn)
  .flatMap((k) =>
    k.logs.map((log, i) => ({
      file: `${k.file}#logs.${i}`,
      part: 'development' as Part,
      expected: k.id,
      ranked: diagnose(log.text, matcher).candidates,
    })),
  );
const ownFigures = figures(own, 'development');

const parts: Part[] = ['development', 'held-out'];
const byPart = Object.fromEntries(parts.map((p) => [p, figures(outcomes, p)])) as Record<
  Part,
  ReturnType<typeof figures>
>;

/** The forms a log reaches the diagnose box in besides the one it was printed in. */
const eachLine = (f: (line: string) => string) => (text: string) => text.split('\n').map(f).join('\n');
const FORMS: Record<string, (text: string) => string> = {
  'a Markdown quote': eachLine((l) => `> ${l}`),
  "srun's task labels": eachLine((l) => `0: ${l}`),
  'kubectl logs --timestamps of a CRI file': eachLine((l) => `2024-05-01T10:00:00.123456789Z stderr F ${l}`),
  'indented four spaces': eachLine((l) => `    ${l}`),
  'indented a tab': eachLine((l) => `\t${l}`),
  'one JSON string': (text) => JSON.stringify({ log: text }),
  'HTML-escaped': (text) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;'),
  'cut at 80 columns': (text) =>
    text
      .split('\n')
      .flatMap((l) => l.match(/.{1,80}/g) ?? [''])
      .join('\n'),
  'wrapped at spaces to 80 columns': (text) => text.split('\n').flatMap(wrapAtSpaces).join('\n'),
  "torchrun's rank tags": eachLine((l) => `[rank0]: ${l}`),
  "a Ray worker's tag": eachLine((l) => `(RayTrainWorker pid=2735, ip=10.0.0.1) ${l}`),
  "pdsh's host names": eachLine((l) => `worker-1: ${l}`),
  "Lightning's rank tag": eachLine((l) => `[rank: 0] ${l}`),
  "Python logging's prefix": eachLine((l) => `2024-05-01 10:00:00,123 - ERROR - ${l}`),
  'Windows line ends': (text) => text.replace(/\n/g, '\r\n'),
  'ANSI colours': eachLine((l) => `\x1b[31m${l}\x1b[0m`),
  'ANSI colours without their escape character': eachLine((l) => `[0;31m${l}[0m`),
  "GitHub Actions' timestamps": eachLine((l) => `2024-05-01T10:00:00.1234567Z ${l}`),
  "CloudWatch's timestamp and a tab": eachLine((l) => `2024-05-01T10:00:00.123Z\t${l}`),
  "journald's prefix": eachLine((l) => `May 01 10:00:00 node-3 python[2735]: ${l}`),
  'typographic quotes': (text) =>
    text.replace(/'([^'\n]*)'/g, '\u2018$1\u2019').replace(/"([^"\n]*)"/g, '\u201c$1\u201d'),
  'line breaks lost': (text) => text.split('\n').join(' '),
  'newest line first': (text) => text.split('\n').reverse().join('\n'),
  "Docker's JSON log lines": eachLine((l) =>
    JSON.stringify({ log: `\x1b[31m${l}\x1b[0m\n`, stream: 'stderr', time: '2024-05-01T10:00:00.123456789Z' }),
  ),
};

/** A line as `fold -s -w 80` writes it: broken after the last space that fits, or at 80 when none does. */
function wrapAtSpaces(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 80) {
    const space = rest.lastIndexOf(' ', 79);
    const cut = space > 0 ? space + 1 : 80;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

/**
 * For each part: how many logs whose match puts their entry first as printed still do in each
 * form, and how many negatives stay quiet in it.
 */
function formFigures() {
  const firstAsPrinted = outcomes.filter((o) => o.expected && !o.leads && o.ranked[0]?.id === o.expected);
  return parts.map((part) => {
    const mine = firstAsPrinted.filter((o) => o.part === part);
    const negatives = content.negatives.filter((n) => partOf(n) === part);
    const forms = Object.entries(FORMS).map(([form, paste]) => ({
      form,
      first: mine.filter((o) => diagnose(paste(textOf.get(o.file)!), matcher).candidates[0]?.id === o.expected).length,
      quiet: negatives.filter((n) => isQuiet(diagnose(paste(n.text), matcher).candidates)).length,
    }));
    return { part, logs: mine.length, negatives: negatives.length, forms };
  });
}

if (args.includes('--json'))
  console.log(
    JSON.stringify(
      { ...byPart, knownIssues: ownFigures, ...(args.includes('--formats') ? { forms: formFigures() } : {}) },
      null,
      2,
    ),
  );
else report();

function report() {
  for (const part of parts) {
    const f = byPart[part];
    console.log(
      `${part.padEnd(12)} ${String(f.logs).padStart(4)} logs: top-1 ${f.top1} (${percent(f.top1, f.logs)}), top-3 ${f.top3} (${percent(f.top3, f.logs)}); ` +
        `${f.negatives} negatives: ${f.quiet} quiet (${percent(f.quiet, f.negatives)})`,
    );
    console.log(
      `${''.padEnd(12)} of those, ${f.leads.logs} matched no fingerprint; the closest entries by shared words put ${f.leads.top1} first, ${f.leads.top3} in the first three`,
    );
    console.log(
      `${''.padEnd(12)} of the ${f.logs - f.top1} not first, ${f.inTie} were shown as "one of these" with their entry among them`,
    );
  }
  console.log(
    `known issues ${String(ownFigures.logs).padStart(4)} logs of ${content.knownIssues.length} records, on their own logs: top-1 ${ownFigures.top1} (${percent(ownFigures.top1, ownFigures.logs)}), top-3 ${ownFigures.top3} (${percent(ownFigures.top3, ownFigures.logs)})`,
  );
  const counts = new Map<string, number>();
  for (const o of outcomes)
    if (o.expected) counts.set(categoryOf.get(o.file)!, (counts.get(categoryOf.get(o.file)!) ?? 0) + 1);
  console.log(
    `real logs by category: ${[...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')}`,
  );

  const list = (part: Part) => {
    const f = byPart[part];
    if (f.misses.length) console.log(`\n${part} misses (expected → first three):`);
    for (const m of f.misses) console.log(`  ${m.file}: ${m.expected} → ${m.got.join(', ') || 'nothing'}`);
    if (f.loud.length) console.log(`\n${part} negatives that matched:`);
    for (const m of f.loud) console.log(`  ${m.file}: ${m.got.join(', ')}`);
  };
  if (args.includes('--formats'))
    for (const { part, logs, negatives, forms } of formFigures()) {
      console.log(`${part}: pasted as, of ${logs} logs matched first as printed and ${negatives} negatives quiet:`);
      for (const f of forms)
        console.log(`  ${f.form.padEnd(46)} ${String(f.first).padStart(4)} first, ${f.quiet} quiet`);
    }
  list('development');
  if (args.includes('--held-out')) list('held-out');
  if (ownFigures.misses.length) console.log('\nknown issues not first on their own logs (expected → first three):');
  for (const m of ownFigures.misses) console.log(`  ${m.file}: ${m.expected} → ${m.got.join(', ') || 'nothing'}`);
}
