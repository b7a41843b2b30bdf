/**
 * The log matcher: pure, no DOM, shared by the browser worker, the CLI and the tests.
 *
 *   const matcher = compileMatcher(fingerprints);
 *   const scan = startScan(matcher);
 *   scan.push(chunk); …            // any number of chunks, split anywhere
 *   const result = scan.finish();  // ranked candidates, matched lines, multi-rank summary
 *
 * Scoring, in order of importance:
 * 1. each distinct signal that fires adds its weight (an IDF over entries: rare beats common);
 * 2. a signal's weight is scaled by the level of the line it fired on: a warning counts a
 *    quarter of an error, so a benign warning never outranks a real error in the same log;
 * 3. context cues (a traceback frame such as `evaluation_loop`) add a fixed amount, and only
 *    to entries that already have a signal: cues raise candidates, they never create them;
 * 4. in a multi-rank log, the failure that came first outranks the collateral ones after it.
 */
import type { Fingerprints, Signal } from './fingerprints.ts';
import { BOILERPLATE } from './boilerplate.ts';
import { requiredWords } from './tokens.ts';
import { lineLevel, maskLine, parsePrefix, stripAnsi, type Level } from './normalize.ts';
import { compareIds } from '../order.ts';

/** Lines longer than this are matched on their first part only (minified JSON, tensors). */
export const MAX_LINE = 4000;
const LEVEL_FACTOR: Record<Level, number> = { error: 1, info: 0.6, warning: 0.25 };
const CUE_WEIGHT = 1.2;
const MAX_CUES = 3;
/** Raw scores map to 0–1 with 1 - e^(-raw / SCALE): one specific error signal is about 0.7. */
const SCALE = 4;
const LINES_PER_CANDIDATE = 8;

interface CompiledPattern {
  re: RegExp;
  /** signal index, or cue index */
  index: number;
}

export interface Matcher {
  fp: Fingerprints;
  signals: (Signal & { re: RegExp })[];
  /** word → single-line signals that require it */
  byWord: Map<string, CompiledPattern[]>;
  /** single-line signals with no required word: tried on every line */
  always: CompiledPattern[];
  multiline: { index: number; re: RegExp; words: string[] | undefined; span: number }[];
  cues: { entry: string; re: RegExp; source: string }[];
  cueByWord: Map<string, CompiledPattern[]>;
  cueAlways: CompiledPattern[];
  /** lookups rank() needs on every diagnosis, built once per matcher */
  symptomById: Map<string, Fingerprints['symptoms'][number]>;
  entryById: Map<string, Fingerprints['entries'][number]>;
  cuesByEntry: Map<string, number[]>;
  /** the widest multi-line signal, in lines */
  maxSpan: number;
  /**
   * Which line last tried each signal and cue, by a line id unique across every scan of this
   * matcher, so that a scan needs no arrays of its own as long as the site's signals: building
   * the fingerprints scans every example log, 20,000 scans at 10,000 entries.
   */
  tried: { signal: Int32Array; cue: Int32Array; lastId: number };
}

function index(patterns: { source: string; i: number }[]) {
  const byWord = new Map<string, CompiledPattern[]>();
  const always: CompiledPattern[] = [];
  for (const { source, i } of patterns) {
    const compiled = { re: new RegExp(source, 'u'), index: i };
    const words = requiredWords(source);
    if (!words) always.push(compiled);
    else
      for (const w of new Set(words)) {
        const list = byWord.get(w);
        if (list) list.push(compiled);
        else byWord.set(w, [compiled]);
      }
  }
  return { byWord, always };
}

export function compileMatcher(fp: Fingerprints): Matcher {
  const signals = fp.signals.map((s) => ({ ...s, re: new RegExp(s.source, 'u') }));
  const single = signals.map((s, i) => ({ source: s.source, i, multi: s.multiline })).filter((s) => !s.multi);
  const { byWord, always } = index(single);
  const multiline = signals
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.multiline)
    .map(({ s, i }) => ({ index: i, re: new RegExp(s.source, 'u'), words: requiredWords(s.source.replace(/\\n/g, ' ')), span: s.source.split('\\n').length }));
  const cues = fp.cues.map((c) => ({ entry: c.entry, re: new RegExp(c.source, 'u'), source: c.source }));
  const cueIndex = index(cues.map((c, i) => ({ source: c.source, i })));
  const cuesByEntry = new Map<string, number[]>();
  cues.forEach((c, i) => {
    const list = cuesByEntry.get(c.entry);
    if (list) list.push(i);
    else cuesByEntry.set(c.entry, [i]);
  });
  return {
    fp,
    signals,
    byWord,
    always,
    multiline,
    cues,
    cueByWord: cueIndex.byWord,
    cueAlways: cueIndex.always,
    symptomById: new Map(fp.symptoms.map((s) => [s.id, s])),
    entryById: new Map(fp.entries.map((e) => [e.id, e])),
    cuesByEntry,
    maxSpan: Math.max(1, ...multiline.map((x) => x.span)),
    tried: { signal: new Int32Array(signals.length), cue: new Int32Array(cues.length), lastId: 0 },
  };
}

/** A new line id for `tried`; when the ids run out, every mark is cleared and they start again. */
function nextLineId(m: Matcher): number {
  const t = m.tried;
  if (t.lastId === 0x7fffffff) {
    t.signal.fill(0);
    t.cue.fill(0);
    t.lastId = 0;
  }
  return ++t.lastId;
}

export interface MatchedLine {
  /** 1-based line number in the pasted log */
  n: number;
  /** the line as pasted, ANSI colours removed */
  text: string;
  /** the matched part, as offsets into text */
  start: number;
  end: number;
  symptom?: string;
  /** the pattern that matched (signal or cue) */
  pattern: string;
  kind: 'signal' | 'cue';
  rank?: number;
}

export interface Candidate {
  id: string;
  title: string;
  url: string;
  /** 0–1 */
  score: number;
  raw: number;
  /** canonical symptoms that matched, strongest first */
  symptoms: string[];
  lines: MatchedLine[];
  /** the candidate is only supported by downstream effects of another failure */
  collateral: boolean;
  /** the candidate is the initiating failure of a multi-rank log */
  initiating: boolean;
  ranks: number[];
}

export interface Diagnosis {
  candidates: Candidate[];
  /** one sentence on which failure came first, when the log shows collateral failures */
  summary?: string;
  /**
   * The log shows one symptom only, and the first entries produce it alike: the symptom's page
   * says how to tell them apart (a bare "CUDA out of memory" line matches eleven entries).
   */
  shared?: { symptom: string; label: string; url: string; entries: number };
  initiating?: { entry: string; symptom: string; rank?: number; line: number };
  stats: { lines: number; matchedLines: number; bytes: number; longLines: number };
}

interface Hit {
  signal: number;
  line: number;
  text: string;
  start: number;
  end: number;
  level: Level;
  rank?: number;
  time?: number;
}

/**
 * Blanks out boilerplate sentences (same length, so offsets into the line stay valid).
 * The rest of the line is still matched: PyTorch puts the fragmentation hint on the same line
 * as the out-of-memory error itself.
 */
function blankBoilerplate(clean: string): string {
  let out = clean;
  for (const b of BOILERPLATE) {
    if (!out.includes(b.key)) continue;
    out = out.replace(new RegExp(b.re.source, 'gu'), (m) => ' '.repeat(m.length));
  }
  return out;
}

const WORDS = /\w+/g;

export interface Scan {
  push(chunk: string): void;
  finish(): Diagnosis;
  /** indexes of every signal that fired so far */
  fired(): Set<number>;
}

export function startScan(m: Matcher): Scan {
  let carry = '';
  let lineNo = 0;
  let bytes = 0;
  let longLines = 0;
  const hits: Hit[] = [];
  const hitCount = new Map<number, number>();
  const cueHits = new Map<number, { line: number; text: string; start: number; end: number; rank?: number }>();
  // a window of recent clean lines for multi-line signals
  const { maxSpan } = m;
  const windowLines: { clean: string; original: string; prefixLen: number; line: number; rank?: number; time?: number }[] = [];
  const lastWordSeen = new Map<number, number>();
  const { signal: stamp, cue: cueStamp } = m.tried;

  const record = (h: Hit) => {
    const c = hitCount.get(h.signal) ?? 0;
    hitCount.set(h.signal, c + 1);
    // keep the first few hits of each signal: enough to show and to order ranks
    if (c < 4) hits.push(h);
  };

  const scanLine = (raw: string) => {
    const n = ++lineNo;
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.length > MAX_LINE) {
      line = line.slice(0, MAX_LINE);
      longLines++;
    }
    if (!line) return;
    const original = stripAnsi(line);
    const prefix = parsePrefix(original);
    const clean = blankBoilerplate(original.slice(prefix.length));
    if (!clean.trim()) return;

    const words = clean.match(WORDS) ?? [];
    let level: Level | undefined;
    const levelOf = () => (level ??= lineLevel(clean, original));
    const id = nextLineId(m);
    const test = (p: CompiledPattern) => {
      if (stamp[p.index] === id) return;
      stamp[p.index] = id;
      const match = p.re.exec(clean);
      if (match) {
        record({ signal: p.index, line: n, text: original, start: prefix.length + match.index, end: prefix.length + match.index + match[0].length, level: levelOf(), rank: prefix.rank, time: prefix.time });
      }
    };
    for (const w of words) {
      const ps = m.byWord.get(w);
      if (ps) for (const p of ps) test(p);
    }
    for (const p of m.always) test(p);

    const testCue = (p: CompiledPattern) => {
      if (cueStamp[p.index] === id || cueHits.has(p.index)) return;
      cueStamp[p.index] = id;
      const match = p.re.exec(clean);
      if (match) cueHits.set(p.index, { line: n, text: original, start: prefix.length + match.index, end: prefix.length + match.index + match[0].length, rank: prefix.rank });
    };
    for (const w of words) {
      const ps = m.cueByWord.get(w);
      if (ps) for (const p of ps) testCue(p);
    }
    for (const p of m.cueAlways) testCue(p);

    if (m.multiline.length) {
      windowLines.push({ clean, original, prefixLen: prefix.length, line: n, rank: prefix.rank, time: prefix.time });
      if (windowLines.length > maxSpan) windowLines.shift();
      const wordSet = new Set(words);
      for (const ml of m.multiline) {
        if (!ml.words || ml.words.some((w) => wordSet.has(w))) lastWordSeen.set(ml.index, n);
        const seen = lastWordSeen.get(ml.index);
        if (seen === undefined || n - seen >= ml.span) continue;
        const win = windowLines.slice(-ml.span);
        const match = ml.re.exec(win.map((w) => w.clean).join('\n'));
        if (!match) continue;
        // report the line where the match starts
        let offset = match.index;
        let k = 0;
        while (k < win.length - 1 && offset > win[k]!.clean.length) offset -= win[k]!.clean.length + 1, k++;
        const first = win[k]!;
        const already = hits.some((h) => h.signal === ml.index && h.line === first.line);
        if (!already) record({ signal: ml.index, line: first.line, text: first.original, start: first.prefixLen + offset, end: first.prefixLen + Math.min(first.clean.length, offset + match[0].length), level: lineLevel(first.clean, first.original), rank: first.rank, time: first.time });
      }
    }
  };

  return {
    push(chunk: string) {
      bytes += chunk.length;
      const text = carry + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        scanLine(text.slice(start, nl));
        start = nl + 1;
      }
      carry = text.slice(start);
    },
    finish() {
      if (carry) scanLine(carry);
      carry = '';
      return rank(m, hits, cueHits, { lines: lineNo, bytes, longLines });
    },
    fired: () => new Set(hitCount.keys()),
  };
}

export function diagnose(text: string, m: Matcher): Diagnosis {
  const scan = startScan(m);
  scan.push(text);
  return scan.finish();
}

function describeRanks(ranks: number[]): string {
  const sorted = [...new Set(ranks)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return `${sorted.length === 1 ? 'rank' : 'ranks'} ${parts.join(', ')}`;
}

function rank(
  m: Matcher,
  hits: Hit[],
  cueHits: Map<number, { line: number; text: string; start: number; end: number; rank?: number }>,
  stats: { lines: number; bytes: number; longLines: number },
): Diagnosis {
  const symptomInfo = m.symptomById;
  const collateralSignal = (i: number) => symptomInfo.get(m.signals[i]!.symptom)?.collateral === true;
  const anyError = hits.some((h) => h.level === 'error');

  // The initiating failure: the earliest non-collateral hit that is not a warning, by
  // timestamp when both lines carry one, else by line order.
  const before = (a: Hit, b: Hit) => (a.time !== undefined && b.time !== undefined && a.time !== b.time ? a.time < b.time : a.line < b.line);
  let first: Hit | undefined;
  for (const h of hits) if (!collateralSignal(h.signal) && h.level !== 'warning' && (!first || before(h, first))) first = h;
  const collateralHits = hits.filter((h) => collateralSignal(h.signal));

  interface Acc {
    raw: number;
    signals: Map<number, Hit[]>;
    onlyCollateral: boolean;
    onlyWarnings: boolean;
  }
  const acc = new Map<string, Acc>();
  for (const h of hits) {
    for (const id of m.signals[h.signal]!.entries) {
      const a = acc.get(id) ?? { raw: 0, signals: new Map(), onlyCollateral: true, onlyWarnings: true };
      const list = a.signals.get(h.signal) ?? [];
      list.push(h);
      a.signals.set(h.signal, list);
      if (!collateralSignal(h.signal)) a.onlyCollateral = false;
      if (h.level !== 'warning') a.onlyWarnings = false;
      acc.set(id, a);
    }
  }

  const entryInfo = m.entryById;
  const candidates: Candidate[] = [];
  for (const [id, a] of acc) {
    const info = entryInfo.get(id);
    if (!info) continue;
    // A symptom counts once, at its strongest signal: a symptom with three phrasings of the
    // same error must not outweigh a symptom with one.
    const symptomScore = new Map<string, number>();
    for (const [si, list] of a.signals) {
      const best = list.reduce((x, h) => Math.max(x, LEVEL_FACTOR[h.level]), 0);
      const w = m.signals[si]!.weight * best;
      const sym = m.signals[si]!.symptom;
      symptomScore.set(sym, Math.max(symptomScore.get(sym) ?? 0, w));
    }
    let raw = [...symptomScore.values()].reduce((x, y) => x + y, 0);
    const lines: MatchedLine[] = [];
    for (const [si, list] of a.signals) {
      for (const h of list.slice(0, 2)) {
        lines.push({ n: h.line, text: h.text, start: h.start, end: h.end, symptom: m.signals[si]!.symptom, pattern: m.signals[si]!.source, kind: 'signal', rank: h.rank });
      }
    }
    let cues = 0;
    for (const ci of m.cuesByEntry.get(id) ?? []) {
      const hit = cueHits.get(ci);
      if (!hit) continue;
      if (cues >= MAX_CUES) break;
      cues++;
      lines.push({ n: hit.line, text: hit.text, start: hit.start, end: hit.end, pattern: m.cues[ci]!.source, kind: 'cue', rank: hit.rank });
    }
    raw += cues * CUE_WEIGHT;
    if (anyError && a.onlyWarnings) raw *= 0.5;
    const ranks = [...new Set([...a.signals.values()].flat().map((h) => h.rank).filter((r): r is number => r !== undefined))].sort((x, y) => x - y);
    candidates.push({
      id,
      title: info.title,
      url: info.url,
      score: 0,
      raw,
      symptoms: [...symptomScore.entries()].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([s]) => s),
      lines: dedupeLines(lines).sort((x, y) => x.n - y.n).slice(0, LINES_PER_CANDIDATE),
      collateral: a.onlyCollateral,
      initiating: false,
      ranks,
    });
  }

  const collateralWeight = (id: string) => {
    const a = acc.get(id);
    if (!a) return 0;
    const bySymptom = new Map<string, number>();
    for (const [si, list] of a.signals) {
      if (!collateralSignal(si)) continue;
      const w = m.signals[si]!.weight * list.reduce((x, h) => Math.max(x, LEVEL_FACTOR[h.level]), 0);
      const sym = m.signals[si]!.symptom;
      bySymptom.set(sym, Math.max(bySymptom.get(sym) ?? 0, w));
    }
    return [...bySymptom.values()].reduce((x, y) => x + y, 0);
  };

  let summary: string | undefined;
  let initiating: Diagnosis['initiating'];
  if (first && collateralHits.length) {
    const firstSymptom = m.signals[first.signal]!.symptom;
    // The initiating entry: among the entries the first failure's signal supports, the one
    // best explained by non-collateral evidence (an entry that merely also lists the timeout
    // must not win on the timeout's weight).
    // An entry whose defining symptom is itself collateral (the watchdog timeout, the
    // launcher's ChildFailedError) describes the aftermath, never the initiating failure.
    const supported = new Set(m.signals[first.signal]!.entries);
    const definesCollateral = (id: string) => symptomInfo.get(entryInfo.get(id)?.symptom ?? '')?.collateral === true;
    const lead = candidates
      .filter((c) => supported.has(c.id) && !definesCollateral(c.id))
      .map((c) => ({ c, own: c.raw - collateralWeight(c.id) }))
      .sort((x, y) => y.own - x.own || compareIds(x.c.id, y.c.id))[0]?.c;
    if (lead) {
      const top = Math.max(...candidates.map((c) => c.raw));
      lead.raw = Math.max(lead.raw, top + 0.5);
      lead.initiating = true;
      for (const c of candidates) if (c.collateral) c.raw *= 0.6;
      initiating = { entry: lead.id, symptom: firstSymptom, rank: first.rank, line: first.line };
      const label = (id: string) => symptomInfo.get(id)?.label ?? id;
      const collLabels = [...new Set(collateralHits.map((h) => label(m.signals[h.signal]!.symptom)))];
      const collRanks = collateralHits.map((h) => h.rank).filter((r): r is number => r !== undefined && r !== first!.rank);
      const who = first.rank !== undefined ? `Rank ${first.rank}` : `Line ${first.line}`;
      const where = collRanks.length ? ` on ${describeRanks(collRanks)}` : ' after it';
      summary = `${who} failed first, with ${label(firstSymptom)} (${lead.id}); the ${collLabels.join(', ')}${where} ${collLabels.length === 1 ? 'is' : 'are'} collateral.`;
    }
  }

  for (const c of candidates) c.score = Math.round((1 - Math.exp(-c.raw / SCALE)) * 100) / 100;
  // At equal scores, an entry that the matched symptom defines (its first symptom) comes before
  // one that lists it among others, then the order of ids.
  const defines = (c: Candidate) => (c.symptoms.length === 1 && entryInfo.get(c.id)?.symptom === c.symptoms[0] ? 0 : 1);
  candidates.sort((a, b) => b.raw - a.raw || defines(a) - defines(b) || compareIds(a.id, b.id));
  let shared: Diagnosis['shared'];
  const tied = candidates.filter((c) => c.raw === candidates[0]!.raw);
  const tiedSymptoms = new Set(tied.flatMap((c) => c.symptoms));
  if (!summary && tied.length > 1 && tiedSymptoms.size === 1) {
    const [symptom] = tiedSymptoms as Set<string>;
    const info = symptomInfo.get(symptom!);
    if (info) shared = { symptom: info.id, label: info.label, url: info.url, entries: tied.length };
  }
  const matchedLines = new Set(hits.map((h) => h.line)).size;
  return { candidates, summary, initiating, ...(shared ? { shared } : {}), stats: { ...stats, matchedLines } };
}

/** One row per log line: the first signal that matched it (signals come before cues). */
function dedupeLines(lines: MatchedLine[]): MatchedLine[] {
  const seen = new Set<number>();
  return lines.filter((l) => {
    if (seen.has(l.n)) return false;
    seen.add(l.n);
    return true;
  });
}

const compiled = new WeakMap<Fingerprints, Matcher>();

/** Indexes of the signals that fire on a text: what buildFingerprints uses to weigh them. */
export function triggeredSignals(fp: Fingerprints, text: string): Set<number> {
  let m = compiled.get(fp);
  if (!m) compiled.set(fp, (m = compileMatcher(fp)));
  const scan = startScan(m);
  // a closing newline makes the scan take the last line; ranking (finish) is not needed here
  scan.push(text.endsWith('\n') ? text : `${text}\n`);
  return scan.fired();
}
