/**
 * The outputs of `faultline diagnose`, one log at a time: text for a terminal, JSON for
 * scripts, and Markdown or Jira markup for a ticket or a CI job summary, which open with the
 * same ticket text as an entry page's "Copy for ticket" (src/lib/ticket.ts), short link and all.
 * Every string taken from the log passes through stripControls first.
 */
import type { Candidate, Diagnosis, Lead } from '../../lib/diagnose/match.ts';
import { confidenceText, logVersionsText, sharedLead, versionNoteText } from '../../lib/diagnose/shared.ts';
import { ticketSnippet } from '../../lib/ticket.ts';
import type { CliEntry } from './types.ts';
import type { Limits, LogScan } from './read-log.ts';
import { stripControls } from './terminal.ts';

export type Format = 'text' | 'json' | 'markdown' | 'jira';
export const FORMATS: Format[] = ['text', 'json', 'markdown', 'jira'];

export interface LogResult extends LogScan {
  /** the file name as given, or "standard input" */
  name: string;
}

export interface Context {
  /** the origin links are written with, such as https://faultline.dev */
  site: string;
  entries: Map<string, CliEntry>;
  top: number;
  limits: Limits;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const mib = (bytes: number) =>
  `${(bytes / 2 ** 20).toLocaleString('en', { maximumFractionDigits: bytes < 2 ** 20 ? 3 : 1 })} MiB`;

/** What the reader should know about how the log was read: the parts not scanned, above all. */
export function notes(r: LogResult, limits: Limits): string[] {
  const out: string[] = [];
  const name = stripControls(r.name);
  if (r.mode === 'head-tail')
    out.push(
      `${name} is ${mib(r.bytes)}: only its first and last ${mib(limits.headTail)} were scanned, where failures are reported.`,
    );
  if (r.mode === 'stopped')
    out.push(
      `Standard input was read up to ${mib(limits.stdin)} and no further; the rest was not scanned. Save the log to a file: a file over ${mib(limits.fullScan)} is scanned by its first and last ${mib(limits.headTail)}.`,
    );
  if (r.cutLines)
    out.push(
      `${plural(r.cutLines, 'line')} longer than ${limits.line.toLocaleString('en')} characters ${r.cutLines === 1 ? 'was' : 'were'} cut there while reading.`,
    );
  if (r.nul) out.push('NUL bytes in the log were read as line breaks, so line numbers count them.');
  if (r.diagnosis.stats.newestFirst)
    out.push(`${name} lists its newest line first, as a log console does; it was read oldest first.`);
  if (r.encoding !== 'utf-8') out.push(`Read as ${r.encoding.toUpperCase()}.`);
  return out;
}

const shown = (d: Diagnosis, top: number) => d.candidates.slice(0, top);
/** Under "one of these": the check that tells a tied entry apart ('' when it has none); else undefined. */
const tellApart = (d: Diagnosis, c: Candidate) => {
  const tied = d.shared?.tied.find((t) => t.id === c.id);
  return tied ? (tied.tellApart ?? '') : undefined;
};
const signalLines = (c: Candidate) => c.lines.filter((l) => l.kind === 'signal').slice(0, 3);
const lineText = (text: string) => {
  const t = stripControls(text).trim();
  return t.length > 160 ? `${t.slice(0, 157)}...` : t;
};
const scope = (r: LogResult) => `${plural(r.diagnosis.stats.lines, 'line')} scanned`;
/** When nothing matched: the closest entries by shared words, as many as --top allows. */
const leads = (d: Diagnosis, top: number): Lead[] => (d.candidates.length ? [] : (d.closest ?? []).slice(0, top));
const LEADS =
  'No line of it matches a fingerprint. These entries share the most telling words with it (leads to check, low confidence):';

export function formatText(r: LogResult, ctx: Context): string {
  const d = r.diagnosis;
  const out: string[] = [];
  const list = shown(d, ctx.top);
  if (!list.length) {
    out.push(`No entry matched this log (${scope(r)}).`, '');
    const closest = leads(d, ctx.top);
    if (closest.length) out.push(LEADS, '');
    closest.forEach((c, i) =>
      out.push(`${i + 1}. ${c.id}  ${c.title}`, `   ${ctx.site}${c.url}`, `   shares: ${c.words.join(', ')}`, ''),
    );
  } else {
    if (d.summary) out.push(d.summary, '');
    if (d.versions?.length) out.push(stripControls(logVersionsText(d.versions)), '');
    if (d.shared)
      out.push(
        sharedLead(d.shared, (text) => `"${text}"`),
        `How to tell them apart: ${ctx.site}${d.shared.url}`,
        '',
      );
    list.forEach((c, i) => {
      const tell = tellApart(d, c);
      out.push(
        `${tell === undefined ? `${i + 1}.` : '-'} ${c.id}  ${c.title}  (score ${c.score.toFixed(2)}, ${confidenceText(c.confidence)})`,
        `   ${ctx.site}${c.url}`,
      );
      if (c.versions?.length) out.push(`   ${stripControls(c.versions.map(versionNoteText).join('; '))}`);
      if (tell) out.push(`   tell it apart: ${stripControls(tell)}`);
      for (const l of signalLines(c))
        out.push(`   line ${l.n}${l.symptom ? ` [${l.symptom}]` : ''}: ${lineText(l.text)}`);
      out.push('');
    });
  }
  for (const n of notes(r, ctx.limits)) out.push(`Note: ${n}`);
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function toJson(r: LogResult, ctx: Context) {
  const d = r.diagnosis;
  return {
    file: r.name,
    matches: shown(d, ctx.top).map((c) => ({
      id: c.id,
      title: c.title,
      url: ctx.site + c.url,
      score: c.score,
      confidence: c.confidence,
      ...(c.versions ? { versions: c.versions } : {}),
      lines: c.lines.map((l) => ({ n: l.n, text: l.text, symptom: l.symptom ?? null })),
    })),
    ...(d.summary ? { summary: d.summary } : {}),
    ...(d.versions ? { versions: d.versions } : {}),
    ...(d.shared ? { shared: { ...d.shared, url: ctx.site + d.shared.url } } : {}),
    ...(leads(d, ctx.top).length ? { closest: leads(d, ctx.top).map((c) => ({ ...c, url: ctx.site + c.url })) } : {}),
    notes: notes(r, ctx.limits),
    scan: {
      bytes: r.bytes,
      scanned: r.scanned,
      mode: r.mode,
      encoding: r.encoding,
      lines: d.stats.lines,
      longLines: d.stats.longLines,
      cutLines: r.cutLines,
    },
  };
}

function ticket(format: 'markdown' | 'jira', c: Candidate, ctx: Context): string {
  const e = ctx.entries.get(c.id);
  return ticketSnippet(format, {
    id: c.id,
    title: c.title,
    permalink: `${ctx.site}${e?.shortUrl ?? c.url}`,
    summary: e?.summary ?? '',
  });
}

/** A fenced block no backtick run inside it can close. */
function fence(lines: string[]): string {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))));
  const f = '`'.repeat(longest + 1);
  return [`${f}text`, ...lines, f].join('\n');
}

export function formatTicket(format: 'markdown' | 'jira', r: LogResult, ctx: Context): string {
  const d = r.diagnosis;
  const md = format === 'markdown';
  const name = stripControls(r.name);
  const out: string[] = [
    md ? `### Faultline: \`${name.replaceAll('`', "'")}\`` : `h3. Faultline: ${name.replace(/[{}[\]|*_]/g, ' ')}`,
    '',
  ];
  const list = shown(d, ctx.top);
  if (!list.length) out.push(`No entry matched this log (${scope(r)}).`, '');
  const closest = leads(d, ctx.top);
  if (closest.length)
    out.push(
      LEADS,
      '',
      ...closest.map((c) =>
        md
          ? `- [${c.id} ${c.title}](${ctx.site}${c.url}): shares ${c.words.map((w) => `\`${w}\``).join(', ')}`
          : `* [${c.id} ${c.title}|${ctx.site}${c.url}]: shares ${c.words.map((w) => `{{${w}}}`).join(', ')}`,
      ),
      '',
    );
  if (d.summary) out.push(d.summary, '');
  if (d.versions?.length) out.push(stripControls(logVersionsText(d.versions)), '');
  if (d.shared && list.length) {
    const link = md
      ? `[How to tell them apart](${ctx.site}${d.shared.url})`
      : `[How to tell them apart|${ctx.site}${d.shared.url}]`;
    out.push(`${sharedLead(d.shared, (text) => `"${text}"`)} ${link}.`, '');
  }
  for (const c of list) {
    out.push(ticket(format, c, ctx), '');
    const lines = signalLines(c).map((l) => `line ${l.n}: ${lineText(l.text)}`);
    const tell = tellApart(d, c);
    if (c.versions?.length)
      out.push(
        `${stripControls(c.versions.map(versionNoteText).join('; ')).replace(/^./, (x) => x.toUpperCase())}.`,
        '',
      );
    if (tell) out.push(`Tell it apart: ${tell}`, '');
    out.push(`Score ${c.score.toFixed(2)}, ${confidenceText(c.confidence)}; the lines that matched:`, '');
    out.push(
      md
        ? fence(lines)
        : `{noformat}\n${lines.map((l) => l.replaceAll('{noformat}', '{ noformat }')).join('\n')}\n{noformat}`,
      '',
    );
  }
  for (const n of notes(r, ctx.limits))
    out.push(md ? `_Note: ${n.replace(/[_*`<>[\]]/g, '\\$&')}_` : `_Note: ${n.replace(/[_*{}[\]|]/g, ' ')}_`, '');
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
