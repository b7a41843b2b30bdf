/**
 * The matcher's evaluation on real logs: which part each log belongs to, and what the matcher
 * made of it. Pure: the caller reads the logs and runs the matcher.
 *
 * The real logs are split once, by a hash of the file name, into a development part (about
 * two thirds) and a held-out part. Patterns and weights may be changed while looking at the
 * development part only; a held-out miss is recorded, never tuned for. The split depends on
 * the file name alone, so a log keeps its part when it moves to another entry's folder. A
 * held-out log whose miss is to be fixed moves to the development part first, saying why in its
 * sources.yaml (`movedToDevelopment`).
 */
import { createHash } from 'node:crypto';

export type Part = 'development' | 'held-out';

/**
 * The part of a real log, from the SHA-256 of its file name: a first byte under 86 is held out,
 * unless its sources.yaml moved it to the development part.
 */
export function partOf(log: { file: string; real?: { movedToDevelopment?: string } }): Part {
  if (log.real?.movedToDevelopment) return 'development';
  const name = log.file.slice(log.file.lastIndexOf('/') + 1);
  return createHash('sha256').update(name).digest()[0]! < 86 ? 'held-out' : 'development';
}

export interface Ranked {
  id: string;
  confidence?: 'high' | 'medium' | 'low';
}

export interface Outcome {
  file: string;
  part: Part;
  /** the entry that explains the log; undefined for a negative */
  expected?: string;
  /** the matcher's candidates, best first */
  ranked: Ranked[];
  /** nothing matched, and `ranked` holds the closest entries by shared words (profiles.ts) */
  leads?: boolean;
  /** the entries shown as "one of these" (the diagnosis's `shared.tied`), when it showed them */
  tied?: string[];
}

export interface PartFigures {
  logs: number;
  top1: number;
  top3: number;
  negatives: number;
  /** negatives that matched nothing, or only with low confidence */
  quiet: number;
  /** logs that matched nothing and were given the closest entries instead; of those, first and in three */
  leads: { logs: number; top1: number; top3: number };
  misses: { file: string; expected: string; got: string[] }[];
  /**
   * Misses shown as "one of these" with the expected entry among them: the log shows one symptom
   * that the tied entries produce alike, and the page lists them unranked, the symptom's most
   * common cause first. Still misses: top-1 counts the first entry listed.
   */
  inTie: number;
  loud: { file: string; got: string[] }[];
}

/** A negative passes when nothing matched, or when its best match is only low confidence. */
export function isQuiet(ranked: Ranked[]): boolean {
  return !ranked.length || ranked[0]!.confidence === 'low';
}

export function figures(outcomes: Outcome[], part: Part): PartFigures {
  const out: PartFigures = {
    logs: 0,
    top1: 0,
    top3: 0,
    negatives: 0,
    quiet: 0,
    leads: { logs: 0, top1: 0, top3: 0 },
    misses: [],
    inTie: 0,
    loud: [],
  };
  const show = (r: Ranked[]) => r.slice(0, 3).map((c) => (c.confidence ? `${c.id} (${c.confidence})` : c.id));
  for (const o of outcomes) {
    if (o.part !== part) continue;
    if (o.expected === undefined) {
      out.negatives++;
      if (isQuiet(o.ranked)) out.quiet++;
      else out.loud.push({ file: o.file, got: show(o.ranked) });
      continue;
    }
    out.logs++;
    const at = o.ranked.findIndex((c) => c.id === o.expected);
    if (at === 0) out.top1++;
    if (at >= 0 && at < 3) out.top3++;
    if (o.leads) {
      out.leads.logs++;
      if (at === 0) out.leads.top1++;
      if (at >= 0 && at < 3) out.leads.top3++;
    }
    if (at === 0) continue;
    out.misses.push({ file: o.file, expected: o.expected, got: show(o.ranked) });
    if (o.tied?.includes(o.expected)) out.inTie++;
  }
  return out;
}

export const percent = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');
