/**
 * faultline diagnose <file|->  rank the entries that explain a training log
 * faultline explain <ID>        print an entry's quick answer, causes and fix
 *
 * It reads content/ directly (the same schema and matcher as the site), so it works right
 * after `npm ci`, with no site build. Exit codes: 0 matched, 1 nothing matched, 2 usage or
 * input error.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadFingerprints } from '../lib/diagnose/from-content.ts';
import { compileMatcher, startScan, type Diagnosis } from '../lib/diagnose/match.ts';
import { sharedLead } from '../lib/diagnose/shared.ts';
import { formatProblem } from '../lib/schema/errors.ts';
import { explainEntry } from './explain.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = (process.env.SITE ?? 'https://faultline.dev').replace(/\/$/, '');

const USAGE = `Usage:
  faultline diagnose <file>|-  [--top N] [--json]   rank the entries that explain a log
  faultline explain <ID>                           print an entry's quick answer, causes and fix

Options:
  --top N   how many entries to show (default 5)
  --json    machine-readable output: {"matches":[{"id","title","url","score","lines":[{"n","text","symptom"}]}]},
            with "summary" (which rank failed first) and "shared" (one symptom, many entries alike) when they apply

Exit codes: 0 when something matched, 1 when nothing did, 2 on a usage or input error.`;

class UsageError extends Error {}
/** Bad input or content: reported without the usage text. */
class InputError extends Error {}

function loadOrFail() {
  const { fp, content } = loadFingerprints(ROOT);
  const errors = content.problems.filter((p) => p.severity !== 'warning');
  if (errors.length) {
    // A broken entry must not silently drop out of the diagnosis.
    throw new InputError(`content/ has ${errors.length} problem(s); fix them first (npm run check:content):\n${errors.slice(0, 10).map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  }
  return { fp, content };
}

function readInput(path: string): string {
  if (path === '-') {
    try {
      return readFileSync(0, 'utf8');
    } catch (error) {
      throw new InputError(`could not read standard input: ${(error as Error).message}`);
    }
  }
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new InputError(`no such file: ${path}`);
  }
  if (isDir) throw new InputError(`${path} is a directory; give a log file`);
  return readFileSync(path, 'utf8');
}

function diagnoseCommand(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { top: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new UsageError('diagnose takes one file, or - for standard input');
  const top = Number(values.top);
  if (!Number.isInteger(top) || top < 1) throw new UsageError(`--top takes a whole number of 1 or more, got "${values.top}"`);
  const text = readInput(positionals[0]!);
  const { fp } = loadOrFail();
  const scan = startScan(compileMatcher(fp));
  scan.push(text);
  const result = scan.finish();
  const shown = result.candidates.slice(0, top);
  if (values.json) {
    const out = {
      matches: shown.map((c) => ({
        id: c.id,
        title: c.title,
        url: SITE + c.url,
        score: c.score,
        lines: c.lines.map((l) => ({ n: l.n, text: l.text, symptom: l.symptom ?? null })),
      })),
      ...(result.summary ? { summary: result.summary } : {}),
      ...(result.shared ? { shared: { ...result.shared, url: SITE + result.shared.url } } : {}),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else printHuman(result, shown);
  return shown.length ? 0 : 1;
}

function printHuman(result: Diagnosis, shown: Diagnosis['candidates']) {
  if (!shown.length) {
    console.log(`No entry matched this log (${result.stats.lines} ${result.stats.lines === 1 ? 'line' : 'lines'} scanned).`);
    return;
  }
  if (result.summary) console.log(`${result.summary}\n`);
  if (result.shared) {
    console.log(`${sharedLead(result.shared, (text) => `"${text}"`)}\nHow to tell them apart: ${SITE}${result.shared.url}\n`);
  }
  shown.forEach((c, i) => {
    console.log(`${i + 1}. ${c.id}  ${c.title}  (score ${c.score.toFixed(2)})`);
    console.log(`   ${SITE}${c.url}`);
    for (const l of c.lines.filter((l) => l.kind === 'signal').slice(0, 3)) {
      const text = l.text.length > 160 ? `${l.text.slice(0, 157)}...` : l.text;
      console.log(`   line ${l.n}${l.symptom ? ` [${l.symptom}]` : ''}: ${text.trim()}`);
    }
    console.log('');
  });
}

function explainCommand(args: string[]): number {
  if (args.length !== 1) throw new UsageError('explain takes one entry id, such as MEM-003');
  const { content } = loadOrFail();
  const id = args[0]!.toUpperCase();
  const entry = content.entries.find((e) => e.id === id);
  if (!entry) throw new InputError(`no entry has the id ${args[0]}; ids look like MEM-003`);
  process.stdout.write(explainEntry(entry, SITE));
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      console.log(USAGE);
      return command ? 0 : 2;
    }
    if (command === 'diagnose') return diagnoseCommand(rest);
    if (command === 'explain') return explainCommand(rest);
    throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof InputError) {
      console.error(`faultline: ${error.message}`);
      return 2;
    }
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`faultline: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

