/**
 * Log normalisation. A line goes through three forms:
 * - original: as pasted (shown to the reader, ANSI colours removed);
 * - clean: without the launcher's prefixes (rank tags, timestamps, glog headers), which is what
 *   patterns are matched against, so a pattern never has to know how a launcher decorates lines;
 * - masked: clean, with numbers, sizes, addresses, shapes, PIDs, hosts and directories replaced
 *   by placeholders, used to fold repeated lines together and to pick the line worth searching.
 */

// CSI sequences, and OSC ones up to BEL, ST or the next escape (so that no match can run on)
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?/g;
/**
 * Colour codes that lost their escape character on the way to the clipboard, as a notebook's or
 * a web terminal's coloured traceback often does: `[0;31mRuntimeError[0m: …`. Taken for colours
 * only on a line that holds a reset (`[0m`) or a code that starts with one (`[0;31m`).
 */
const BARE_SGR = /\[[0-9;]{0,12}m/g;

/** A line without its colours, escaped or bare. */
export function stripAnsi(line: string): string {
  const plain = line.includes('\x1b') ? line.replace(ANSI, '') : line;
  return plain.includes('[0m') || plain.includes('[0;') ? plain.replace(BARE_SGR, '') : plain;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&', '#39': "'", '#x27': "'", '#34': '"' };
const ENTITY = /&(lt|gt|quot|amp|#39|#x27|#34);/g;

/** A line copied from HTML source or an escaped export: its character references decoded. */
export function decodeEntities(line: string): string {
  return line.includes('&') ? line.replace(ENTITY, (_, name: string) => ENTITIES[name]!) : line;
}

// typographic quotes: ‘ ’ ‚ ‛ ′ and “ ” „ ‟ ″
const CURLY_SINGLE = /[\u2018\u2019\u201a\u201b\u2032]/g;
const CURLY_DOUBLE = /[\u201c\u201d\u201e\u201f\u2033]/g;

/**
 * A line with straight quotes where a chat tool, a wiki or a word processor put typographic ones
 * (`‘NoneType’ object`): programs print straight quotes, and patterns are written as they print.
 * One character for one, so offsets into the line stay valid.
 */
export function straightenQuotes(line: string): string {
  return line.replace(CURLY_SINGLE, "'").replace(CURLY_DOUBLE, '"');
}

const JSON_START = /^\s*[{["]/;
const ESCAPED_CHAR = /\\(["\\t]|u001[bB])/g;
// the end of a JSON string and of its record, or the next key: "} or ",
const RECORD_END = /^"\s*[,}\]]/;
// a line break written as an escape (\n, \r\n), not preceded by another backslash
const ESCAPED_BREAK = /(?<!\\)(?:\\r)?\\n/g;

/**
 * A log kept as one JSON string (a logging agent's record, an API's output, a notebook's saved
 * output) holds its lines as `\n` escapes: such a line is split into its lines, with `\"`, `\t`,
 * `\\` and the escape character of colour codes (`\u001b`) undone. A line is taken for one when
 * it starts as JSON does (`{`, `[` or `"`) and holds an escaped break or quote, or else holds two
 * escaped breaks and an escaped quote, so that a Windows path such as `C:\Users\name\torch\nn`
 * stays as it is.
 */
export function splitEscapedLines(line: string): string[] {
  if (!line.includes('\\')) return [line];
  const breaks = line.match(ESCAPED_BREAK)?.length ?? 0;
  const quoted = line.includes('\\"');
  const json = JSON_START.test(line) ? breaks > 0 || quoted : breaks >= 2 && quoted;
  if (!json) return [line];
  const parts = line.split(ESCAPED_BREAK);
  // after the last break, the record's end and its other fields ("}, or ","stream":"stderr",…)
  if (parts.length > 1 && RECORD_END.test(parts.at(-1)!)) parts.pop();
  return parts.map((part) =>
    part.replace(ESCAPED_CHAR, (_, c: string) => (c === 't' ? '\t' : c.length > 1 ? '\x1b' : c)),
  );
}

// a frame or the start of a traceback, somewhere in a line (IPython's header, `ValueError
// Traceback (most recent call last)`, has no colon and is one line)
const FLAT_MARK = /File "[^"]{0,400}", line \d|Traceback \(most recent call last\):/;
// a space where one of a traceback's lines began: a frame, the traceback's first line, the
// sentences that chain two tracebacks, an exception's name and colon
const FLAT_BREAK =
  /\s(?=File "[^"]{0,400}", line \d|Traceback \(most recent call last\):|During handling of the above exception|The above exception was the direct cause|(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Interrupt|Exit): |(?:[a-z_]\w*\.)+[A-Z]\w*: )/g;

/**
 * A Jupyter or IPython frame (`File ~/x.py:26, in f(…)`, `Cell In[3], line 5`, `Input In [3], in
 * <cell line: 1>()`, `x.py in f(`), and the numbered source lines printed under it (`     24
 * import torch`, `---> 26 from …`, `     [27] from …`), which are frames too however many follow.
 */
export const NOTEBOOK_FRAME =
  /^\s*(?:File [^\s"]+\.py:\d+|Cell In ?\[\d+\], line \d+|Input In ?\[\d+\], in )|^\S*\.py in [\w<>]+\(/;
export const NOTEBOOK_SOURCE = /^\s*(?:-+>\s*)?(?:\d+|\[\d+\])(?:\s|$)/;

// a traceback's source line (`    raise ValueError(f"…")`, `Variable._execution_engine.run_backward(`),
// which a paste often begins with, its frame cut off; and an exception's name and colon after it
const CALL_START = /^\s*(?:(?:return|raise|yield|await|assert) )?[\w.]+(?:\[[^\]]*\])?\(/;
const RAISED_AFTER = /\s(?:(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Interrupt|Exit)|(?:[a-z_]\w*\.)+[A-Z]\w*): /;

/**
 * A traceback whose line breaks were lost on the way (pasted through a one-line field, a chat
 * or a ticket that joined them) is split where its lines began, so that a frame is read as a
 * frame and the exception as the exception. Only a line that holds a frame or a traceback's
 * first line is split, or one that begins with a traceback's source line or a notebook's frame or
 * numbered source line and goes on with an exception; a frame's own indentation is no place to
 * split it.
 */
export function splitFlattenedTraceback(line: string): string[] {
  const flattened =
    FLAT_MARK.test(line) ||
    ((CALL_START.test(line) || NOTEBOOK_FRAME.test(line) || NOTEBOOK_SOURCE.test(line)) && RAISED_AFTER.test(line));
  if (!flattened) return [line];
  const pieces = line.split(FLAT_BREAK).filter((piece) => piece.trim());
  return pieces.length > 1 ? pieces : [line];
}

const LEADING_SPACES = /^ */;

/**
 * The indentation every non-empty line shares, when it is a tab or four spaces or more, as a
 * log indented to make a Markdown code block has; otherwise none. Tracebacks indent their frames
 * by two spaces, which a log on its own never shares on every line.
 */
export function commonIndent(lines: readonly string[]): string {
  const filled = lines.filter((l) => l.trim());
  if (filled.length < 2) return '';
  if (filled.every((l) => l.startsWith('\t'))) return '\t';
  const spaces = Math.min(...filled.map((l) => LEADING_SPACES.exec(l)![0].length));
  return spaces >= 4 ? ' '.repeat(spaces) : '';
}

export interface LinePrefix {
  /** characters of the (ANSI-stripped) line taken by prefixes */
  length: number;
  rank?: number;
  /** milliseconds since the epoch, when the prefix carried a full date and time */
  time?: number;
  /** host name, when a launcher or NCCL prefixed one */
  host?: string;
}

// Prefixes are peeled one at a time, in any order, because launchers stack them:
// "[rank3]:[E1114 09:12:03.123456 1234 ProcessGroupNCCL.cpp:616] ..." or
// "2026-03-14 09:12:03,551 - INFO - [default0]:...".
const PREFIXES: {
  re: RegExp;
  test?: (m: RegExpExecArray) => boolean;
  apply?: (m: RegExpExecArray, p: LinePrefix) => void;
}[] = [
  // torchrun --tee / --log-dir and torch.distributed: [rank3]: [default3]: [Rank 3]; Lightning's [rank: 3]
  { re: /^\[(?:rank|default|Rank |rank: )(\d+)\]:?\s?/, apply: (m, p) => (p.rank = Number(m[1])) },
  // vLLM's logger: INFO 07-24 14:07:40 [engine.py:448] (older releases: … worker.py:226])
  { re: /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \[?[\w.]+:\d+\] / },
  // a Ray worker's or a vLLM process's tag: (RayTrainWorker pid=2735, ip=10.0.0.1) (EngineCore_0 pid=12)
  { re: /^\((?:[\w.:-]+ )?pid=\d+(?:, ip=[\w.:-]+)?\) ?/ },
  // torchrun's "3: " local-rank prefix and mpirun's [1,3]<stderr>:
  { re: /^\[\d+,(\d+)\]<(?:stdout|stderr)>:\s?/, apply: (m, p) => (p.rank = Number(m[1])) },
  // ISO-ish timestamps, optionally bracketed: 2026-03-14 09:12:03,551 / 2026-03-14T09:12:03.551Z
  {
    re: /^\[?(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?\]?\s*(?:-\s*)?/,
    apply: (m, p) => {
      const ms = m[3] ? Number(`0.${m[3]}`) * 1000 : 0;
      const t = Date.parse(`${m[1]}T${m[2]}${m[4] ?? 'Z'}`);
      if (!Number.isNaN(t)) p.time = t + ms;
    },
  },
  // glog headers from PyTorch's C++ side: [E1114 09:12:03.123456 1234 ProcessGroupNCCL.cpp:616]
  { re: /^\[?[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+\s+(?=[\w.]+:\d+\])/ },
  // the older form: [E ProcessGroupNCCL.cpp:475]  (keep the file name, drop the level)
  { re: /^\[[IWEF] (?=[\w.]+:\d+\])/ },
  // NCCL's own: host-7:12345:12399 [3] NCCL INFO ...
  { re: /^([\w.-]+):\d+:\d+ \[(\d+)\] (?=NCCL )/, apply: (m, p) => ((p.host = m[1]), (p.rank ??= Number(m[2]))) },
  // a host name in front of a rank tag, as pdsh and some schedulers write: node-2: [rank5]: ...
  // (a host name has a digit; checked here rather than in the pattern, which stays linear)
  {
    re: /^([a-zA-Z][\w.-]*):\s(?=\[(?:rank|default)\d+\])/,
    test: (m) => /\d/.test(m[1]!),
    apply: (m, p) => (p.host = m[1]),
  },
  // pdsh's host name on every line of a multi-node launch, hyphenated or an address: worker-1:
  // node-07: 10.0.0.12: (an exception's dotted name, `cv2.error:`, has no hyphen)
  {
    re: /^([a-zA-Z][a-zA-Z0-9]*(?:-[a-zA-Z0-9]+)+(?:\.[\w-]+)*|\d{1,3}(?:\.\d{1,3}){3}): /,
    test: (m) => /\d/.test(m[1]!),
    apply: (m, p) => (p.host = m[1]),
  },
  // syslog's and journald's: May 01 10:00:00 node-3 python[2735]: (journalctl -o short-iso writes
  // an ISO time instead, peeled above, then the host and the process; without the date, only a
  // host name with a digit, dot or hyphen, so that "Expected input[0]: " stays text)
  {
    re: /^(?:([A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}) )?([\w.-]+) [\w./-]+\[\d+\]: /,
    test: (m) => m[1] !== undefined || /[\d.-]/.test(m[2]!),
    apply: (m, p) => (p.host = m[2]),
  },
  // Python logging levels at the start: INFO:root: / WARNING:__main__:
  { re: /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]+:(?=\S)/ },
  // after a timestamp, logging's common formats: "root - ERROR - ", DeepSpeed's "[INFO]
  // [engine.py:1072:_configure] ", loguru's "| ERROR    | __main__:<module>:5 - "
  { re: /^(?:[\w.]+ - )?(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) - / },
  { re: /^\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] (?:\[[\w.]+:\d+:[\w<>]+\] )?/ },
  { re: /^\| ?(?:TRACE|DEBUG|INFO|SUCCESS|WARNING|ERROR|CRITICAL) *\| ?[\w.<>]+:[\w.<>]+:\d+ - / },
  // a container runtime's stream and tag after its timestamp (kubectl logs, CRI files): stderr F
  { re: /^(?:stdout|stderr) [FP] / },
  // srun --label's task number, or a line number copied with the text: 0: Traceback ...
  { re: /^\d{1,5}: / },
  // a Markdown quote, as logs are pasted into issue comments: > RuntimeError: ...
  { re: /^> ?/ },
  // Docker's json-file log driver writes each line as {"log":"…\n","stream":"stderr",…}; the
  // line, split at its escaped break, starts with the record's key
  { re: /^\{"log":"/ },
];

export function parsePrefix(line: string): LinePrefix {
  const p: LinePrefix = { length: 0 };
  let rest = line;
  for (let guard = 0; guard < 6; guard++) {
    let matched = false;
    for (const { re, test, apply } of PREFIXES) {
      const m = re.exec(rest);
      if (!m || m[0].length === 0 || (test && !test(m))) continue;
      apply?.(m, p);
      p.length += m[0].length;
      rest = rest.slice(m[0].length);
      matched = true;
      break;
    }
    if (!matched) break;
  }
  return p;
}

const MASKS: [RegExp, string][] = [
  [/0x[0-9a-fA-F]+/g, '<hex>'],
  [/\b[0-9a-f]{12,}\b/g, '<hex>'],
  [/\b\d+(?:\.\d+)?\s?(?:[KMGT]i?B|bytes|B)\b/g, '<size>'],
  [/torch\.Size\(\[[^\][]*\]\)/g, 'torch.Size(<shape>)'],
  [/\[\s*\d+(?:\s*,\s*\d+)+\s*\]/g, '<shape>'],
  [/(?:\/[\w.+@-]+)+\/([\w.+@-]+)/g, '<path>/$1'],
  [/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g, '<ip>'],
  [/\b(?:pid|PID)(?:\(s\)|s)?[\s=:]*\d+/g, 'pid <n>'],
  [/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/g, '<n>'],
];

/** Masked form of a clean line: variable parts replaced, file and function names kept. */
export function maskLine(clean: string): string {
  let s = clean;
  for (const [re, rep] of MASKS) s = s.replace(re, rep);
  return s.replace(/\s+/g, ' ').trim();
}

/** Lines that look like an error, as opposed to a warning or progress output. */
const ERRORISH =
  /\b(?:[A-Z]\w*(?:Error|Exception)\b|Traceback \(most recent call last\)|CUDA error|NCCL error|SIGKILL|SIGTERM|SIGSEGV|SIGABRT|exitcode\s*:\s*-?\d|Killed\b|timed out|timing out|Segmentation fault|core dumped|FAILED|fatal)/;
const WARNINGISH = /(?:\b\w*Warning\b|^WARNING\b|\bWARN(?:ING)?\b|^\[?W\d{4} )/;

/** `frame`: a traceback frame or the source line printed under one (set by the matcher). */
export type Level = 'error' | 'warning' | 'info' | 'frame';

export function lineLevel(clean: string, original: string): Level {
  if (WARNINGISH.test(clean) || /^\[?W\d{4} /.test(original.replace(/^\[(?:rank|default)\d+\]:/, ''))) return 'warning';
  if (ERRORISH.test(clean) || (clean.includes('Assertion') && clean.includes('failed'))) return 'error';
  return 'info';
}

/**
 * The line most worth searching for when nothing matched: the last exception line of the
 * last traceback, else the last error-looking line, masked and cut to a searchable length.
 */
export function informativeLine(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  let best: string | undefined;
  let bestScore = 0;
  for (let i = 0; i < lines.length; i++) {
    const original = stripAnsi(lines[i]!);
    const clean = original.slice(parsePrefix(original).length).trim();
    if (!clean || clean.length > 2000) continue;
    let score = 0;
    if (/^[A-Za-z_][\w.]*(?:Error|Exception)\b:?/.test(clean)) score = 3;
    else if (lineLevel(clean, original) === 'error') score = 2;
    if (score && score >= bestScore) {
      bestScore = score;
      best = clean;
    }
  }
  if (!best) return undefined;
  // Keep the words a search index knows: drop paths, numbers, addresses and punctuation runs.
  const words = maskLine(best)
    .replace(/<path>\//g, '')
    .replace(/<[a-z]+>/g, ' ')
    .replace(/[()[\]{}'"`,;]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > 120 ? words.slice(0, 120).replace(/\s\S*$/, '') : words;
}

/**
 * Every regular expression this module runs on a log's lines, for the test that holds each to
 * linear time (tests/unit/hostile.test.ts): they run on JavaScript's backtracking engine, on
 * every line, before any prefilter.
 */
export const LINE_REGEXES: readonly RegExp[] = [
  ANSI,
  BARE_SGR,
  ENTITY,
  CURLY_SINGLE,
  CURLY_DOUBLE,
  ESCAPED_BREAK,
  JSON_START,
  ESCAPED_CHAR,
  RECORD_END,
  FLAT_MARK,
  FLAT_BREAK,
  NOTEBOOK_FRAME,
  NOTEBOOK_SOURCE,
  CALL_START,
  RAISED_AFTER,
  LEADING_SPACES,
  ...PREFIXES.map((p) => p.re),
  ...MASKS.map(([re]) => re),
  ERRORISH,
  WARNINGISH,
];
