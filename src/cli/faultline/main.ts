/**
 * faultline diagnose <file>… | -   rank the entries that explain a training log
 * faultline explain <ID>          print an entry's quick answer, causes and fix
 *
 * main() takes its arguments and everything it touches (streams, environment, where the data
 * comes from), so tests run it in process. Exit codes: 0 every log matched, 1 a log matched
 * nothing, 2 a usage or input error (a message on stderr, never a stack trace).
 */
import type { Readable } from 'node:stream';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { matcherFor, startScan, withClosest } from '../../lib/diagnose/match.ts';
import { ticketSnippet } from '../../lib/ticket.ts';
import { explainEntry } from './explain.ts';
import { FORMATS, formatText, formatTicket, toJson, type Context, type Format, type LogResult } from './format.ts';
import { InputError, LIMITS, scanFile, scanStream, type Limits } from './read-log.ts';
import { safeJson, stripControls } from './terminal.ts';
import type { CliData } from './types.ts';

export interface Io {
  stdin: Readable | NodeJS.ReadableStream;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** the fingerprints and entries: from content/ in a clone, from a file in the package */
  data: () => Promise<CliData>;
  /** smaller limits let the tests reach them */
  limits: Limits;
}

export const USAGE = `Usage:
  faultline diagnose <file>… | -  [--top N] [--format F] [--jsonl]   rank the entries that explain a log
  faultline explain <ID> [--format F]                                 print an entry's quick answer, causes and fix

Options:
  --top N      how many entries to show for each log (default 5; 3 for markdown and jira)
  --format F   text (default), json, markdown or jira; markdown and jira are ticket text,
               for an incident ticket or a CI job summary
  --json       the same as --format json
  --jsonl      one JSON object a line, one line for each log, for scripts

A log is read as a stream: a file over 512 MiB by its first and last 64 MiB, standard input
(-) up to 512 MiB; the output says when part of a log was not scanned.

Exit codes: 0 when every log matched, 1 when a log matched nothing, 2 on a usage or input error.`;

class UsageError extends Error {}

const TOP = /^(?:[1-9][0-9]*)$/;

function parse(args: string[], options: ParseArgsOptionsConfig) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    if (/'--top\b/.test(message)) throw new UsageError('--top takes a whole number of 1 or more, such as --top 3');
    if (/'--format\b/.test(message))
      throw new UsageError(`--format takes ${FORMATS.join(', ')}, such as --format markdown`);
    throw new UsageError(message);
  }
}

function formatOf(values: { format?: string | boolean; json?: string | boolean }): Format {
  const format = (values.format as string | undefined) ?? (values.json ? 'json' : 'text');
  if (!FORMATS.includes(format as Format))
    throw new UsageError(`--format takes ${FORMATS.join(', ')}, not "${format}"`);
  if (values.json && format !== 'json') throw new UsageError('--json and --format disagree; give one of them');
  return format as Format;
}

async function diagnoseCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, {
    top: { type: 'string' },
    format: { type: 'string' },
    json: { type: 'boolean' },
    jsonl: { type: 'boolean' },
  });
  if (!positionals.length) throw new UsageError('diagnose takes one or more log files, or - for standard input');
  if (positionals.filter((p) => p === '-').length > 1) throw new UsageError('standard input (-) can be read once only');
  const format = formatOf(values);
  if (values.jsonl && format !== 'text')
    throw new UsageError('--jsonl is a format of its own; leave out --format and --json');
  const top =
    values.top === undefined
      ? format === 'markdown' || format === 'jira'
        ? 3
        : 5
      : TOP.test(values.top as string)
        ? Number(values.top)
        : NaN;
  if (Number.isNaN(top))
    throw new UsageError(`--top takes a whole number of 1 or more, such as --top 3; got "${values.top}"`);

  const data = await io.data();
  const matcher = matcherFor(data.fingerprints);
  const ctx: Context = {
    site: siteOf(io),
    entries: new Map(data.entries.map((e) => [e.id, e])),
    top,
    limits: io.limits,
  };
  const several = positionals.length > 1;
  const json: ReturnType<typeof toJson>[] = [];
  let failed = false;
  let unmatched = false;
  for (const [i, name] of positionals.entries()) {
    const scan = startScan(matcher);
    let result: LogResult;
    try {
      const read =
        name === '-'
          ? await scanStream(io.stdin, 'standard input', scan, io.limits)
          : await scanFile(name, scan, io.limits);
      result = { ...read, diagnosis: withClosest(scan, data.profiles), name: name === '-' ? 'standard input' : name };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      io.stderr.write(`faultline: ${stripControls(error.message)}\n`);
      failed = true;
      continue;
    }
    if (!result.diagnosis.candidates.length) unmatched = true;
    if (values.jsonl) io.stdout.write(`${safeJson(toJson(result, ctx))}\n`);
    else if (format === 'json') json.push(toJson(result, ctx));
    else if (format === 'text')
      io.stdout.write(
        `${several ? `${i ? '\n' : ''}==> ${stripControls(result.name)} <==\n` : ''}${formatText(result, ctx)}`,
      );
    else io.stdout.write(`${i ? '\n' : ''}${formatTicket(format, result, ctx)}`);
  }
  if (format === 'json' && !values.jsonl && json.length)
    io.stdout.write(`${safeJson(several ? { files: json } : json[0], 2)}\n`);
  return failed ? 2 : unmatched ? 1 : 0;
}

async function explainCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { format: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('explain takes one entry id, such as MEM-003');
  const format = formatOf(values);
  const data = await io.data();
  const id = positionals[0]!.toUpperCase();
  const entry = data.entries.find((e) => e.id === id);
  if (!entry)
    throw new InputError(
      `no entry has the id ${stripControls(positionals[0]!)}; ids look like MEM-003 (faultline diagnose finds them from a log)`,
    );
  const site = siteOf(io);
  if (format === 'text') io.stdout.write(explainEntry(entry, site));
  else if (format === 'json')
    io.stdout.write(`${safeJson({ ...entry, url: site + entry.url, shortUrl: site + entry.shortUrl }, 2)}\n`);
  else
    io.stdout.write(
      `${ticketSnippet(format, { id: entry.id, title: entry.title, permalink: site + entry.shortUrl, summary: entry.summary })}\n`,
    );
  return 0;
}

const siteOf = (io: Io) => (io.env.SITE ?? 'https://faultline.dev').replace(/\/$/, '');

export async function main(argv: string[], given: Partial<Io> & Pick<Io, 'data'>): Promise<number> {
  const io: Io = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    ...given,
    limits: { ...LIMITS, ...given.limits },
  };
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      (command ? io.stdout : io.stderr).write(`${USAGE}\n`);
      return command ? 0 : 2;
    }
    if (command === 'diagnose') return await diagnoseCommand(rest, io);
    if (command === 'explain') return await explainCommand(rest, io);
    throw new UsageError(`unknown command "${stripControls(command)}"`);
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr.write(`faultline: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`faultline: ${stripControls(error.message)}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
