/**
 * The log matcher: pure, no DOM, shared by the browser worker, the CLI and the tests.
 *
 *   const matcher = compileMatcher(fingerprints);
 *   const scan = startScan(matcher);
 *   scan.push(chunk); …            // any number of chunks, split anywhere
 *   const result = scan.finish();  // ranked candidates, matched lines, multi-rank summary
 *
 * This module finds which signals and cues fire on which lines; rank.ts turns that into ranked
 * candidates. Every pattern runs on RE2 (engine.ts), in time linear in the line, and only on
 * the lines that hold its required words (found by tokens.ts when the fingerprints are built, and
 * carried in them), so a 10 MB log costs a word split per line and no line, however crafted, can
 * make a pattern backtrack.
 */
import type { Fingerprints, Signal } from './fingerprints.ts';
import { BOILERPLATE } from './boilerplate.ts';
import type { Prefilter } from './tokens.ts';
import { lazyPattern, type LogPattern } from './engine.ts';
import {
  commonIndent,
  decodeEntities,
  lineLevel,
  NOTEBOOK_FRAME,
  NOTEBOOK_SOURCE,
  parsePrefix,
  splitEscapedLines,
  splitFlattenedTraceback,
  straightenQuotes,
  stripAnsi,
  type Level,
} from './normalize.ts';
import { rank, type Diagnosis, type Hit, type CueHit, type Lead } from './rank.ts';
import { versionReader } from './versions.ts';
import { closestEntries, PROFILE_TAIL, type WordProfiles } from './profiles.ts';

export type { Candidate, Confidence, Diagnosis, Lead, MatchedLine } from './rank.ts';

/**
 * Lines are matched in windows of this many characters; a longer line (minified JSON, a
 * tensor printed whole, a log without newlines) is matched window by window, each overlapping
 * the last by WINDOW_OVERLAP so that a message cut by a window's edge is still seen whole.
 */
export const MAX_LINE = 4000;
const WINDOW_OVERLAP = 1000;
/** The hits kept of each signal: enough to show and to order the ranks of a multi-rank log. */
const MAX_HITS = 4;

/** A pattern with its prefilter (`words` or `literals`, from the fingerprints) and its place. */
interface CompiledPattern extends Prefilter {
  re: LogPattern;
  /** signal index, or cue index */
  index: number;
}

export interface Matcher {
  fp: Fingerprints;
  signals: (Signal & { re: LogPattern })[];
  /** lower-case word → single-line signals that require it */
  byWord: Map<string, CompiledPattern[]>;
  /** single-line signals with no required word: tried on every line */
  always: CompiledPattern[];
  multiline: { index: number; re: LogPattern; words: string[] | undefined; span: number }[];
  cues: { entry: string; re: LogPattern; source: string }[];
  cueByWord: Map<string, CompiledPattern[]>;
  cueAlways: CompiledPattern[];
  /** the widest multi-line signal, in lines */
  maxSpan: number;
  /**
   * Which line last tried each signal and cue, by a line id unique across every scan of this
   * matcher, so that a scan needs no arrays of its own as long as the site's signals: building
   * the fingerprints scans every example log.
   */
  tried: { signal: Int32Array; cue: Int32Array; lastId: number };
}

/** The longest word of each alternative: the key a pattern is looked up by. */
const keys = (sets: string[][]) => sets.map((set) => set.reduce((a, b) => (b.length > a.length ? b : a)));

function index(patterns: { re: LogPattern; i: number; prefilter: Prefilter }[]) {
  const byWord = new Map<string, CompiledPattern[]>();
  const always: CompiledPattern[] = [];
  for (const { re, i, prefilter } of patterns) {
    const { words, literals } = prefilter;
    const compiled: CompiledPattern = { re, index: i, ...(words ? { words } : { literals }) };
    if (!words) always.push(compiled);
    else
      for (const w of new Set(keys(words))) {
        const list = byWord.get(w);
        if (list) list.push(compiled);
        else byWord.set(w, [compiled]);
      }
  }
  return { byWord, always };
}

/**
 * Patterns are compiled the first time a line passes their prefilter (lazyPattern): a short log
 * needs a handful of the site's patterns, and compiling them all took most of a diagnosis in a
 * new process. The fingerprints come from validated content, where every pattern was compiled.
 */
export function compileMatcher(fp: Fingerprints): Matcher {
  const signals = fp.signals.map((s) => ({ ...s, re: lazyPattern(s.source) }));
  const { byWord, always } = index(
    signals.map((s, i) => ({ re: s.re, i, prefilter: s, multi: s.multiline })).filter((s) => !s.multi),
  );
  const multiline = signals
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.multiline)
    .map(({ s, i }) => ({ index: i, re: s.re, words: s.words && keys(s.words), span: s.source.split('\\n').length }));
  const cues = fp.cues.map((c) => ({ entry: c.entry, re: lazyPattern(c.source), source: c.source }));
  const cueIndex = index(cues.map((c, i) => ({ re: c.re, i, prefilter: fp.cues[i]! })));
  return {
    fp,
    signals,
    byWord,
    always,
    multiline,
    cues,
    cueByWord: cueIndex.byWord,
    cueAlways: cueIndex.always,
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

/**
 * A piece of a boilerplate sentence shorter than this is left as it is: too short to be told
 * from text of the log's own, and too short to hold what a pattern or cue looks for.
 */
const PIECE = 24;
/** Each boilerplate sentence as printed, with its first and last PIECE characters. */
const SENTENCES = BOILERPLATE.flatMap((b) =>
  (b.wrapped?.texts ?? []).map((text) => ({
    text,
    holds: b.wrapped!.holds,
    head: text.slice(0, PIECE),
    tail: text.slice(-PIECE),
  })),
);

/**
 * Blanks out boilerplate sentences (same length, so offsets into the line stay valid).
 * The rest of the line is still matched: PyTorch puts the fragmentation hint on the same line
 * as the out-of-memory error itself.
 */
function blankBoilerplate(clean: string): string {
  let out = clean;
  for (const b of BOILERPLATE)
    if (out.includes(b.key)) out = out.replace(new RegExp(b.re.source, 'gu'), (m) => ' '.repeat(m.length));
  return out.length >= PIECE ? blankPieces(out) : out;
}

const blank = (line: string, from: number, to: number) =>
  `${line.slice(0, from)}${' '.repeat(to - from)}${line.slice(to)}`;

/**
 * A boilerplate sentence a terminal or a program wrapped leaves a piece on each line: the
 * sentence's start at the end of one line, its middle as a whole line of several words, its
 * end at the start of the next. Each piece is blanked, so the out-of-memory message's
 * `expandable_segments` hint never reads as the reader's own setting however it was wrapped.
 */
function blankPieces(line: string): string {
  let out = line;
  const whole = out.trim();
  const start = out.indexOf(whole);
  // a whole line from the sentence's middle; one word alone (`PYTORCH_CUDA_ALLOC_CONF=
  // expandable_segments:True`, a reader's own setting) is not taken for a piece
  const words = whole.length >= PIECE && whole.includes(' ');
  for (const { text, holds, head, tail } of SENTENCES) {
    if (!out.includes(holds)) continue;
    if (words && whole.length <= text.length && text.includes(whole)) return blank(out, start, start + whole.length);
    // the line ends with the sentence's start
    const at = out.lastIndexOf(head);
    if (at !== -1 && text.startsWith(out.slice(at).trimEnd())) out = blank(out, at, out.trimEnd().length);
    // the line starts with the sentence's end
    const end = out.indexOf(tail);
    if (end !== -1 && text.endsWith(out.slice(start, end + PIECE))) out = blank(out, start, end + PIECE);
  }
  return out;
}

const WORDS = /\w+/g;
/** Levels from the most severe. */
const SEVERITY: readonly Level[] = ['error', 'info', 'warning', 'frame'];
/**
 * Where an error passed rather than what it said: a traceback frame (`File "x.py", line 3, in
 * f`, IPython's `x.py in f(` and `---> 12` lines, `at f (x.js:3)`), and the source lines
 * printed under frames (`    return Variable._execution_engine.run_backward(`), which a paste
 * may begin with, its frame line cut off (but not C++'s `  what():  CUDA error: …`).
 */
const FRAME = /^\s*(?:File "[^"]*", line \d+|at [\w$.<>]+ \(|-+>\s*\d+\s)|^\S*\.py in [\w<>]+\(/;
/**
 * An exception line (`    ValueError: Expected more than …`): never the source line printed
 * under a frame, even indented right after one, as a traceback copied from a web page is.
 */
const RAISED = /^\s*[A-Za-z_][\w.]*(?:Error|Exception)\b: /;
/** A Python frame and a traceback's first line: their order tells which way a log was listed. */
const PY_FRAME = /^\s*File "[^"]*", line \d+/;
const TRACEBACK_HEAD = /^\s*Traceback \(most recent call last\):/;
const CODE =
  /^ {2,}(?:(?:return|raise|yield|await|assert) |[\w.[\]'"]+(?:, ?[\w.[\]'"*]+)* = )?[\w.]+(?:\[[^\]]*\])?\((?!\):)|^\s*(?:return )?[\w.]+\( *(?:#.*)?$/;

/**
 * A line this long may have been wrapped: a terminal at 80 columns, or a program or page that
 * breaks its lines, leaves a message in pieces. Shorter lines are taken as whole.
 */
const WRAPPED_FROM = 40;

/**
 * How many non-empty lines are read ahead of the scan, to decide whether the whole log is
 * indented and at which widths its lines were cut.
 */
const READ_AHEAD = 64;

/**
 * How the second half of a wrapped line starts when the first was too wide for a terminal:
 * indented (pip's continuation lines) or in the middle of a sentence, in lower case.
 */
const CONTINUES = /^(?:\s|[a-z])/;
/** A line left open: it ends in an opening bracket, so the next goes on whatever it starts with (`KV cache (` then `3984).`). */
const LEFT_OPEN = /[([{]\s*$/;
/**
 * A line that may go on a word cut in two: it starts in lower case. Without a width that other
 * lines of the log share, only such a line is tried joined with nothing between the halves.
 */
const IN_WORD = /^[a-z]/;

/**
 * A message wrapped over several lines is joined up to this many characters; then the next
 * line starts a join of its own. Long enough for any message a pattern reads, and a bound on
 * the work each line adds.
 */
const WRAP_CHAIN = 400;
/** …and over at most this many lines, which bounds the work a log of short lines adds. */
const WRAP_LINES = 4;
/**
 * The first word of a line. A line that starts with the word the last line, or the first line of
 * its chain, started with is the next record of its kind (`step 12 loss …`, `Epoch 3: …`), not
 * the rest of the last: a training log of such lines is never joined.
 */
const LEAD = /^\s*([A-Za-z][\w.-]*)/;
/** Lines timestamped this many milliseconds apart or less may be one message printed at once. */
const SAME_MOMENT = 1000;

/**
 * A line cut at a fixed width, as a terminal, a pager or a mail client cuts it, goes on in the
 * next line whatever that starts with. A width counts as a cut once two lines of the log, of
 * at least this many characters, have exactly that length.
 */
const HARD_WRAP_FROM = 60;
/** No terminal is wider than this: a longer line was not cut by one. */
const HARD_WRAP_TO = 400;
/** A rule drawn with one character, such as torchrun's summary draws: `=====`, `-----`. */
const RULE = /^\s*(\S)\1*\s*$/;

/**
 * NCCL's watchdog line, read for the collective each rank timed out in. Ranks that time out in
 * different collectives (another op type at the same sequence number, or sequence numbers far
 * apart) ran different code: the matcher states that as a derived line, which the registry's
 * patterns can match like any other (`ranks timed out in different collectives`).
 */
const WATCHDOG = /WorkNCCL\(SeqNum=(\d+), OpType=(\w+)/;
const DESYNC_GAP = 100;

/**
 * A two-dimensional shape as PyTorch and Accelerate print it. When a line gives two of them (a
 * checkpoint's weight and the model's) with the same second dimension and first dimensions of
 * vocabulary size, only the rows of an embedding or LM head differ: the vocabulary was resized
 * on one side. The matcher states that as a derived line, which the registry's patterns can
 * match (`only the vocabulary rows differ`). Classifier heads have fewer rows than any
 * vocabulary this is meant for, and so do the MLP projections of common models.
 */
const TWO_D_SHAPE = /torch\.Size\(\[(\d+), (\d+)\]\)/g;
const VOCABULARY_ROWS = 30_000;

/** This module's own line regexes, held to linear time like normalize.ts's LINE_REGEXES. */
export const SHAPE_REGEXES: readonly RegExp[] = [
  WORDS,
  RULE,
  FRAME,
  CODE,
  RAISED,
  PY_FRAME,
  TRACEBACK_HEAD,
  CONTINUES,
  LEFT_OPEN,
  IN_WORD,
  LEAD,
  WATCHDOG,
  TWO_D_SHAPE,
];

/**
 * Whether a log's lines (without their prefixes, blank lines left out) were listed newest
 * first, as Kibana, Loki or a cloud console list them: a Python traceback then reads upwards,
 * its exception line above the frames that raised it and its "Traceback (most recent call
 * last):" below them. Only a log with that evidence and none of a traceback read downwards
 * counts; a JavaScript stack, which prints its error above its frames, is not read here.
 */
export function listedNewestFirst(lines: readonly string[]): boolean {
  const frameAt = (i: number) => PY_FRAME.test(lines[i] ?? '');
  // a frame on the next line, or on the one after with its source line between
  const frameNear = (i: number, step: 1 | -1) => frameAt(i + step) || (frameAt(i + 2 * step) && !frameAt(i + step));
  let newest = 0;
  let oldest = 0;
  for (let i = 0; i < lines.length; i++) {
    if (TRACEBACK_HEAD.test(lines[i]!)) {
      if (frameAt(i + 1)) oldest++;
      else if (frameNear(i, -1)) newest++;
    } else if (RAISED.test(lines[i]!)) {
      if (frameNear(i, -1)) oldest++;
      else if (frameNear(i, 1)) newest++;
    }
  }
  return newest > 0 && oldest === 0;
}

/**
 * How much of a log listed newest line first is held, to be scanned oldest line first: logs
 * pasted from a console are short, and beyond this the rest is scanned in the order given.
 */
const HOLD_NEWEST_FIRST = 8 * 2 ** 20;

export interface Scan {
  push(chunk: string): void;
  finish(): Diagnosis;
  /** After finish, when nothing matched: the entries whose profiles the log's tail shares words with. */
  closest(profiles: WordProfiles): Lead[];
  /** indexes of every signal that fired so far */
  fired(): Set<number>;
}

export function startScan(m: Matcher): Scan {
  return new LogScan(m);
}

type WindowLine = {
  clean: string;
  original: string;
  prefixLen: number;
  line: number;
  level: Level;
  rank?: number;
  time?: number;
};
type Prefix = { length: number; rank?: number; time?: number };

/**
 * A line that may go on in the next, with the lines it already went on in: a message wrapped
 * over several lines, joined.
 */
type Wrapped = {
  /** the lines' text joined, without their prefixes */
  clean: string;
  /** each line's part of `clean` (from, to), where that part starts on the line as printed, and its level */
  pieces: { from: number; to: number; line: number; original: string; offset: number; level: Level }[];
  /**
   * the width of the first line's prefix without the spaces after it: a line goes on only
   * behind the same decoration, however far its own text is indented
   */
  decoration: number;
  /** the first word of the first line and of the last (LEAD) */
  leads: [string | undefined, string | undefined];
  rank?: number;
  time?: number;
  /** the last line's length as printed (prefix included, colours not); none for a rule */
  width?: number;
};

/**
 * Where a match of a text is shown (its line, the line's text and the span) and at which level;
 * none when the match is not new.
 */
type Place = (found: {
  start: number;
  end: number;
}) => { line: number; text: string; start: number; end: number; level: Level } | undefined;

/** One scan of a log, line by line, as chunks arrive: the hits, the cues and the versions it finds. */
class LogScan implements Scan {
  #m: Matcher;
  #carry = '';
  /** the chunks holding the last PROFILE_TAIL characters pushed, from #tailStart, for closest() */
  #tail: string[] = [];
  #tailStart = 0;
  #tailLength = 0;
  #lineNo = 0;
  #bytes = 0;
  #longLines = 0;
  #afterFrame = false;
  /** the last line was a notebook frame or one of the source lines under it */
  #inNotebookFrame = false;
  /** the first lines, held until the log's indentation and cut widths are known (#takeLine) */
  #firstLines: string[] | undefined = [];
  #filledAhead = 0;
  /** what every line of the log is indented by, when it is pasted as an indented block */
  #indent = '';
  /** how many lines of each length of HARD_WRAP_FROM or more the log has (the first lines counted ahead) */
  #widths = new Map<number, number>();
  /** the lines counted ahead, before they were scanned */
  #countedAhead = 0;
  /** a log listed newest line first (listedNewestFirst): its lines, held until the last */
  #held: string[] | undefined;
  #heldLength = 0;
  #newestFirst = false;
  /** the last line, when it may have been wrapped onto this one (WRAPPED_FROM), with the lines it went on from */
  #wrapped: Wrapped | undefined;
  /** the line being carried is already longer than a window (counted once, when it ends) */
  #carryLong = false;
  #hits: Hit[] = [];
  #hitCount = new Map<number, number>();
  #cueHits = new Map<number, CueHit>();
  /** the last lines, for the patterns that span several */
  #window: WindowLine[] = [];
  #lastWordSeen = new Map<number, number>();
  #watchdog: { seq: number; op: string }[] = [];
  #desyncSaid = false;
  #versions: ReturnType<typeof versionReader>;

  constructor(m: Matcher) {
    this.#m = m;
    this.#versions = versionReader(m.fp.packages ?? []);
  }

  push(chunk: string) {
    this.#bytes += chunk.length;
    this.#keepTail(chunk);
    const text = this.#carry + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      this.#takeLine(text.slice(start, nl));
      start = nl + 1;
    }
    this.#carry = text.slice(start);
    // a line with no end in sight is matched as it comes, window by window
    if (this.#carry.length > 4 * MAX_LINE) {
      this.#settleReadAhead();
      this.#releaseHeld(false);
    }
    while (this.#carry.length > 4 * MAX_LINE) {
      const piece = this.#carry.slice(0, 2 * MAX_LINE);
      this.#carry = this.#carry.slice(2 * MAX_LINE - WINDOW_OVERLAP);
      this.#scanPiece(piece.slice(0, MAX_LINE), this.#lineNo + 1);
      this.#scanPiece(piece.slice(MAX_LINE - WINDOW_OVERLAP), this.#lineNo + 1);
      this.#carryLong = true;
    }
  }

  finish(): Diagnosis {
    if (this.#carry) this.#takeLine(this.#carry);
    this.#carry = '';
    this.#settleReadAhead();
    this.#releaseHeld(true);
    return rank(
      this.#m,
      this.#hits,
      this.#cueHits,
      {
        lines: this.#lineNo,
        bytes: this.#bytes,
        longLines: this.#longLines,
        ...(this.#newestFirst ? { newestFirst: true as const } : {}),
      },
      this.#versions.found(),
    );
  }

  fired() {
    // the lines held for read-ahead are complete: scan them before saying what fired
    this.#settleReadAhead();
    this.#releaseHeld(true);
    return new Set(this.#hitCount.keys());
  }

  /** Keeps the chunks that hold the last PROFILE_TAIL characters; amortised constant time a push. */
  #keepTail(chunk: string) {
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    while (this.#tailLength - this.#tail[this.#tailStart]!.length >= PROFILE_TAIL)
      this.#tailLength -= this.#tail[this.#tailStart++]!.length;
    if (this.#tailStart > 1024) {
      this.#tail = this.#tail.slice(this.#tailStart);
      this.#tailStart = 0;
    }
  }

  closest(profiles: WordProfiles): Lead[] {
    const entries = new Map(this.#m.fp.entries.map((e) => [e.id, e]));
    const tail = this.#tail.slice(this.#tailStart).join('').slice(-PROFILE_TAIL);
    return closestEntries(tail, profiles).flatMap((c) => {
      const e = entries.get(c.id);
      return e
        ? [{ id: c.id, title: e.title, url: e.url, score: c.score, confidence: 'low' as const, words: c.words }]
        : [];
    });
  }

  /** Keeps the first few hits of each signal: enough to show and to order ranks. */
  #record(h: Hit) {
    const c = this.#hitCount.get(h.signal) ?? 0;
    this.#hitCount.set(h.signal, c + 1);
    if (c < MAX_HITS) this.#hits.push(h);
  }

  /**
   * The first lines wait until the scan knows whether the whole log is indented, as a log pasted
   * as a Markdown code block by indenting it is, and at which widths its lines were cut; then
   * every line is scanned in order.
   */
  #takeLine(raw: string) {
    if (this.#held) return this.#hold(raw);
    if (!this.#firstLines) return this.#scanLine(raw);
    this.#firstLines.push(raw);
    if (raw.trim() && ++this.#filledAhead >= READ_AHEAD) this.#settleReadAhead();
  }

  #settleReadAhead() {
    const lines = this.#firstLines;
    if (!lines) return;
    this.#firstLines = undefined;
    this.#indent = commonIndent(lines);
    // a cut in the first lines is known before they are scanned
    for (const l of lines) this.#countWidth(stripAnsi(this.#printed(l)).length);
    this.#countedAhead = lines.length;
    const texts = lines.flatMap((l) => {
      const printed = stripAnsi(this.#printed(l));
      const text = printed.slice(parsePrefix(printed).length);
      return text.trim() ? [text] : [];
    });
    if (listedNewestFirst(texts)) {
      this.#held = [];
      for (const l of lines) this.#hold(l);
    } else for (const l of lines) this.#scanLine(l);
  }

  #hold(raw: string) {
    this.#held!.push(raw);
    this.#heldLength += raw.length + 1;
    if (this.#heldLength > HOLD_NEWEST_FIRST) this.#releaseHeld(false);
  }

  /**
   * Scans the held lines of a log listed newest first: oldest first when the whole log was held
   * (`reversed`), as given when it was too long or a line never ended. A line keeps its number
   * in the log as pasted, and ranking reads the log's order backwards (`stats.newestFirst`).
   */
  #releaseHeld(reversed: boolean) {
    const lines = this.#held;
    if (!lines) return;
    this.#held = undefined;
    if (!reversed) {
      for (const l of lines) this.#scanLine(l);
      return;
    }
    this.#newestFirst = true;
    // every line's width is known before the first is scanned, as for the lines read ahead
    for (let i = this.#countedAhead; i < lines.length; i++)
      this.#countWidth(stripAnsi(this.#printed(lines[i]!)).length);
    this.#countedAhead = Infinity;
    for (let i = lines.length - 1; i >= 0; i--) this.#scanLine(lines[i]!, i + 1);
    this.#lineNo = lines.length;
  }

  #countWidth(width: number) {
    if (width >= HARD_WRAP_FROM && width <= HARD_WRAP_TO) this.#widths.set(width, (this.#widths.get(width) ?? 0) + 1);
  }

  /** A line as it was printed: without the indentation the whole log shares or a line end's \r. */
  #printed(raw: string): string {
    const line = this.#indent && raw.startsWith(this.#indent) ? raw.slice(this.#indent.length) : raw;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  #scanLine(raw: string, n = ++this.#lineNo) {
    const full = this.#printed(raw);
    if (n > this.#countedAhead) this.#countWidth(stripAnsi(full).length);
    if (full.length > MAX_LINE || this.#carryLong) this.#longLines++;
    this.#carryLong = false;
    // the lines of a log pasted as one JSON string keep the number of the line that held them
    for (const escaped of splitEscapedLines(full))
      for (const part of splitFlattenedTraceback(escaped))
        for (let at = 0; at === 0 || at < part.length - WINDOW_OVERLAP; at += MAX_LINE - WINDOW_OVERLAP)
          this.#scanPiece(part.slice(at, at + MAX_LINE), n);
  }

  #scanPiece(line: string, n: number) {
    if (!line) return;
    const plain = stripAnsi(line);
    const original = decodeEntities(plain);
    const prefix = parsePrefix(original);
    const clean = blankBoilerplate(straightenQuotes(original.slice(prefix.length)));
    if (!clean.trim()) return;
    // a frame, or the source line printed under one, is where an error passed, not the error
    const notebook = NOTEBOOK_FRAME.test(clean) || (this.#inNotebookFrame && NOTEBOOK_SOURCE.test(clean));
    const frameLine = FRAME.test(clean);
    const frame =
      notebook || frameLine || CODE.test(clean) || (this.#afterFrame && /^\s/.test(clean) && !RAISED.test(clean));
    this.#afterFrame = frameLine;
    this.#inNotebookFrame = notebook;
    let level: Level | undefined;
    const levelOf = () => (level ??= frame ? 'frame' : lineLevel(clean, original));
    const words = this.#matchText(clean, prefix, (found) => ({
      line: n,
      text: original,
      start: prefix.length + found.start,
      end: prefix.length + found.end,
      level: levelOf(),
    }));
    const last = this.#wrapped;
    // a prefixed line continues the last only behind the same decoration (a quote's "> ",
    // srun's "0: ", a rank tag torchrun writes on every line of a message, a timestamp a
    // container runtime writes on every line): another rank, or a later time, starts a record
    const decoration = prefix.length && original.slice(0, prefix.length).trimEnd().length;
    const sameDecoration =
      !prefix.length ||
      (decoration === last?.decoration &&
        prefix.rank === last.rank &&
        (prefix.time === undefined || (last.time !== undefined && Math.abs(prefix.time - last.time) <= SAME_MOMENT)));
    // a line of text cut at a fixed width goes on in the next whatever that starts with
    const cut = last?.width !== undefined && (this.#widths.get(last.width) ?? 0) >= 2;
    let joined: Wrapped | undefined;
    const lead = LEAD.exec(clean)?.[1];
    const nextRecord = lead !== undefined && last !== undefined && last.leads.includes(lead);
    if (last && sameDecoration && !frame && !nextRecord) {
      // a line as wide as a terminal or a page may have been wrapped at a space, and goes on in
      // the next whatever that starts with (a bracket, a capital, a number); only a match that
      // needs both lines is new, so two records side by side add nothing
      const wrappable = last.width !== undefined && last.width <= HARD_WRAP_TO;
      const atSpace =
        wrappable || CONTINUES.test(clean)
          ? this.#matchWrapped(last, clean, n, original, levelOf(), prefix, false)
          : undefined;
      // a long line that goes on in lower case may have been cut inside a word, even when no
      // other line of the log shows the width; a line left open goes on with nothing between
      const open = LEFT_OPEN.test(last.clean);
      const inWord =
        cut || open || (wrappable && IN_WORD.test(clean) && last.width! >= HARD_WRAP_FROM)
          ? this.#matchWrapped(last, clean, n, original, levelOf(), prefix, true)
          : undefined;
      joined = cut || open ? inWord : atSpace;
    }
    // this line as the wrapped candidate and the multi-line window keep it
    const kept = (): WindowLine => ({
      clean,
      original,
      prefixLen: prefix.length,
      line: n,
      level: levelOf(),
      rank: prefix.rank,
      time: prefix.time,
    });
    // a rule of one repeated character (===, ---) is as wide as the lines around it, not cut
    const width = RULE.test(clean) ? undefined : plain.length;
    this.#wrapped = frame
      ? undefined
      : joined && joined.clean.length <= WRAP_CHAIN && joined.pieces.length < WRAP_LINES
        ? { ...joined, width, leads: [joined.leads[0], lead] }
        : plain.trimEnd().length < WRAPPED_FROM
          ? undefined
          : {
              clean,
              pieces: [{ from: 0, to: clean.length, line: n, original, offset: prefix.length, level: levelOf() }],
              decoration,
              leads: [lead, lead],
              rank: prefix.rank,
              time: prefix.time,
              width,
            };
    this.#readWatchdog(clean, n, original, prefix);
    this.#readShapes(clean, n, original, prefix);
    this.#versions.read(clean, n);
    if (this.#m.multiline.length) {
      this.#window.push(kept());
      if (this.#window.length > this.#m.maxSpan) this.#window.shift();
      this.#matchMultiline(n, words);
    }
  }

  /**
   * Tries the single-line signals and the cues whose required words `text` holds; `place` says
   * where a match is shown, or that it is not new. A signal already seen MAX_HITS times is not
   * tried again: ranking keeps only that many.
   */
  #matchText(text: string, prefix: Omit<Prefix, 'length'>, place: Place) {
    const m = this.#m;
    const { signal: stamp, cue: cueStamp } = m.tried;
    const lower = text.toLowerCase();
    const words = lower.match(WORDS) ?? [];
    const id = nextLineId(m);
    let wordSet: Set<string> | undefined;
    const holds = (p: CompiledPattern) =>
      p.words
        ? p.words.some((set) => set.every((w) => (wordSet ??= new Set(words)).has(w)))
        : !p.literals || p.literals.some((l) => lower.includes(l));
    const test = (p: CompiledPattern) => {
      if (stamp[p.index] === id || (this.#hitCount.get(p.index) ?? 0) >= MAX_HITS) return;
      stamp[p.index] = id;
      if (!holds(p)) return;
      const found = p.re.find(text);
      const at = found && place(found);
      if (at) this.#record({ signal: p.index, ...at, rank: prefix.rank, time: prefix.time });
    };
    const testCue = (p: CompiledPattern) => {
      if (cueStamp[p.index] === id || this.#cueHits.has(p.index)) return;
      cueStamp[p.index] = id;
      if (!holds(p)) return;
      const found = p.re.find(text);
      const at = found && place(found);
      if (at)
        this.#cueHits.set(p.index, { line: at.line, text: at.text, start: at.start, end: at.end, rank: prefix.rank });
    };
    for (const w of words) {
      const ps = m.byWord.get(w);
      if (ps) for (const p of ps) test(p);
      const cs = m.cueByWord.get(w);
      if (cs) for (const p of cs) testCue(p);
    }
    for (const p of m.always) test(p);
    for (const p of m.cueAlways) testCue(p);
    return words;
  }

  #matchMultiline(n: number, words: string[]) {
    const wordSet = new Set(words);
    for (const ml of this.#m.multiline) {
      if (!ml.words || ml.words.some((w) => wordSet.has(w))) this.#lastWordSeen.set(ml.index, n);
      const seen = this.#lastWordSeen.get(ml.index);
      if (seen === undefined || Math.abs(n - seen) >= ml.span) continue;
      const win = this.#window.slice(-ml.span);
      const found = ml.re.find(win.map((w) => w.clean).join('\n'));
      if (!found) continue;
      // report the line where the match starts
      let offset = found.start;
      let k = 0;
      while (k < win.length - 1 && offset > win[k]!.clean.length) {
        offset -= win[k]!.clean.length + 1;
        k++;
      }
      const first = win[k]!;
      if (this.#hits.some((h) => h.signal === ml.index && h.line === first.line)) continue;
      // shown on the line where the match starts, at the most severe level of the lines it spans
      // (a KeyError under a collator's frame is an error, though the frame is not)
      const level = win
        .slice(k)
        .reduce<Level>((a, w) => (SEVERITY.indexOf(w.level) < SEVERITY.indexOf(a) ? w.level : a), 'frame');
      this.#record({
        signal: ml.index,
        line: first.line,
        text: first.original,
        start: first.prefixLen + offset,
        end: first.prefixLen + Math.min(first.clean.length, offset + found.end - found.start),
        level,
        rank: first.rank,
        time: first.time,
      });
    }
  }

  /**
   * A line wrapped onto the next, by the terminal, the program (pip indents its continuation
   * lines) or the page it was copied from: the lines so far and this one are matched joined by a
   * space (with nothing between them when the line was cut at a fixed width). A signal or cue
   * whose match needs this line and the one before is found on the line where the match starts,
   * at the most severe level of the lines it covers. Returns the lines joined, for the next line
   * to go on from.
   */
  #matchWrapped(
    last: Wrapped,
    clean: string,
    n: number,
    original: string,
    level: Level,
    prefix: Prefix,
    cut: boolean,
  ): Wrapped {
    // a line cut at a fixed width goes on exactly where it was cut, even inside a word
    const head = cut ? last.clean : last.clean.trimEnd();
    const tail = cut ? clean : clean.trimStart();
    const from = cut ? head.length : head.length + 1;
    // a boilerplate sentence may be whole only once its lines are joined
    const joined = blankBoilerplate(cut ? `${head}${tail}` : `${head} ${tail}`);
    const pieces = [
      ...last.pieces.slice(0, -1),
      { ...last.pieces.at(-1)!, to: head.length },
      { from, to: joined.length, line: n, original, offset: prefix.length + clean.length - tail.length, level },
    ];
    this.#matchText(joined, { rank: last.rank ?? prefix.rank, time: last.time }, (found) => {
      if (found.start >= head.length || found.end <= from) return undefined;
      let first = pieces.length - 1;
      while (first > 0 && pieces[first]!.from > found.start) first--;
      const piece = pieces[first]!;
      let severe = piece.level;
      for (const p of pieces.slice(first + 1))
        if (SEVERITY.indexOf(p.level) < SEVERITY.indexOf(severe)) severe = p.level;
      return {
        line: piece.line,
        text: piece.original,
        start: piece.offset + Math.min(found.start, piece.to) - piece.from,
        end: piece.offset + Math.min(found.end, piece.to) - piece.from,
        level: severe,
      };
    });
    return { ...last, clean: joined, pieces };
  }

  /** States when this line's two shapes differ only in rows of vocabulary size. */
  #readShapes(clean: string, n: number, original: string, prefix: Prefix) {
    if (!clean.includes('torch.Size([')) return;
    const [a, b] = [...clean.matchAll(TWO_D_SHAPE)];
    if (!a || !b || a[2] !== b[2] || a[1] === b[1]) return;
    if (Number(a[1]) < VOCABULARY_ROWS || Number(b[1]) < VOCABULARY_ROWS) return;
    const derived = `only the vocabulary rows differ: ${a[0]} against ${b[0]}`;
    // the reader sees the two shapes, and what lies between them, highlighted
    this.#matchDerived(derived, { n, original, prefix, from: a.index, to: b.index + b[0].length });
  }

  /** Compares this watchdog line with the earlier ones; the first disagreement is stated once. */
  #readWatchdog(clean: string, n: number, original: string, prefix: Prefix) {
    const w = WATCHDOG.exec(clean);
    if (!w || this.#desyncSaid) return;
    const seq = Number(w[1]);
    const op = w[2]!;
    const other = this.#watchdog.find((x) => (x.seq === seq && x.op !== op) || Math.abs(x.seq - seq) > DESYNC_GAP);
    if (this.#watchdog.length < 64) this.#watchdog.push({ seq, op });
    if (!other) return;
    this.#desyncSaid = true;
    const derived = `ranks timed out in different collectives: SeqNum=${other.seq} OpType=${other.op} and SeqNum=${seq} OpType=${op}`;
    // the reader sees the watchdog's own words highlighted on this line
    this.#matchDerived(derived, { n, original, prefix, from: w.index, to: w.index + w[0].length });
  }

  /**
   * Tries the registry's patterns on a line the matcher derived from line `n`; a match is shown
   * on that line, as the span from `from` to `to` of its text without the prefix.
   */
  #matchDerived(derived: string, at: { n: number; original: string; prefix: Prefix; from: number; to: number }) {
    this.#matchText(derived, at.prefix, () => ({
      line: at.n,
      text: at.original,
      start: at.prefix.length + at.from,
      end: at.prefix.length + at.to,
      level: 'error',
    }));
  }
}

/** A whole log at once; with profiles, a log that matched nothing gets its closest entries. */
export function diagnose(text: string, m: Matcher, profiles?: WordProfiles): Diagnosis {
  const scan = startScan(m);
  scan.push(text);
  return withClosest(scan, profiles);
}

/** Finishes a scan, adding the closest entries when nothing matched and profiles are given. */
export function withClosest(scan: Scan, profiles: WordProfiles | undefined): Diagnosis {
  const d = scan.finish();
  if (d.candidates.length || !profiles) return d;
  const closest = scan.closest(profiles);
  return closest.length ? { ...d, closest } : d;
}

/** A matcher per set of fingerprints, compiled the first time it is asked for. */
function compiledOnce(): (fp: Fingerprints) => Matcher {
  const cache = new WeakMap<Fingerprints, Matcher>();
  return (fp) => {
    let m = cache.get(fp);
    if (!m) cache.set(fp, (m = compileMatcher(fp)));
    return m;
  };
}

/**
 * The matcher of a finished set of fingerprints, compiled once however often it is asked for:
 * compiling takes a few hundred milliseconds, and a scan leaves the matcher as it found it.
 * The matcher keeps the weights it was compiled with, so the fingerprints must not change after.
 */
export const matcherFor = compiledOnce();

/** Matchers of fingerprints still being weighed: kept apart, since their weights change after. */
const weighingMatcher = compiledOnce();

/** Indexes of the signals that fire on a text: what buildFingerprints uses to weigh them. */
export function triggeredSignals(fp: Fingerprints, text: string): Set<number> {
  const m = weighingMatcher(fp);
  const scan = startScan(m);
  // a closing newline makes the scan take the last line; ranking (finish) is not needed here
  scan.push(text.endsWith('\n') ? text : `${text}\n`);
  return scan.fired();
}
