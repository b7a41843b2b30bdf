/**
 * Required words of a regular expression, for a cheap prefilter: a line can only match a
 * pattern if it contains one of the pattern's required words as a whole word. Scanning a
 * 10 MB log then costs a word split and a few map look-ups per line, instead of every
 * pattern against every line.
 *
 * The analysis is conservative: when in doubt (alternation at the top, optional parts,
 * classes, groups), a word is not required, and a pattern with no required word is tested
 * against every line.
 */

type Boundary = 'nonword' | 'unknown';
interface Run {
  text: string;
  left: Boundary;
  right: Boundary;
}

const ESCAPED_LITERAL = /[.()[\]{}\\/|?*+^$:\-=!<>,'"#&%@~`;_ ]/;

/** Splits a source at top-level `|`. */
function topLevelAlternatives(src: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(src.slice(start, i));
      start = i + 1;
    }
  }
  out.push(src.slice(start));
  return out;
}

function literalRuns(alt: string): Run[] {
  const runs: Run[] = [];
  let buf = '';
  // The edges of the pattern count as word boundaries: error text starts and ends at spaces,
  // colons or brackets in practice, and a word glued to the pattern would only cost a missed
  // prefilter hit for that line.
  let left: Boundary = 'nonword';
  const flush = (right: Boundary) => {
    if (buf) runs.push({ text: buf, left, right });
    buf = '';
  };
  const isQuant = (c: string | undefined) => c === '?' || c === '*' || c === '+' || c === '{';
  for (let i = 0; i < alt.length; i++) {
    const c = alt[i]!;
    let lit: string | undefined;
    let next = i + 1;
    if (c === '\\') {
      const e = alt[i + 1];
      next = i + 2;
      if (e !== undefined && ESCAPED_LITERAL.test(e)) lit = e;
      else {
        // \b \s \n \t are boundaries a word cannot cross; \d \w \u… may continue a word. One
        // that may match nothing (`\s*`, `\s?`) still ends a word when what follows cannot go
        // on with it (`loss\s*[:=]`), but not before a letter: "graphs\s*with" matches "graphswith".
        const end = isQuant(alt[next]) ? skipQuantifier(alt, next) : next;
        const space = e === 'b' || e === 's' || e === 'n' || e === 't' || e === 'r';
        // the text on each side: the run so far, or the element before it when the run is empty
        const joins: boolean = buf ? /\w/.test(buf.at(-1)!) : left !== 'nonword';
        const nonword: boolean = space && !(isOptional(alt.slice(next, end)) && joins && mayStartWord(alt, end));
        flush(nonword ? 'nonword' : 'unknown');
        left = nonword ? 'nonword' : 'unknown';
        i = end - 1;
        continue;
      }
    } else if (c === '(' || c === '[') {
      // skip the whole group or class; it is never required text here
      let depth = 0;
      let j = i;
      for (; j < alt.length; j++) {
        const d = alt[j];
        if (d === '\\') {
          j++;
          continue;
        }
        if (c === '[') {
          if (d === ']' && j > i) break;
          continue;
        }
        if (d === '(') depth++;
        else if (d === ')' && --depth === 0) break;
      }
      flush('unknown');
      left = 'unknown';
      i = j;
      if (isQuant(alt[i + 1])) i = skipQuantifier(alt, i + 1) - 1;
      continue;
    } else if (c === '^' || c === '$') {
      flush('nonword');
      left = 'nonword';
      continue;
    } else if (c === '.' || c === '|') {
      flush('unknown');
      left = 'unknown';
      continue;
    } else if (isQuant(c)) {
      // a stray quantifier: the previous element is already handled
      i = skipQuantifier(alt, i) - 1;
      continue;
    } else lit = c;

    const q = alt[next];
    if (isQuant(q)) {
      const end = skipQuantifier(alt, next);
      const quant = alt.slice(next, end);
      if (!isOptional(quant)) buf += lit; // required at least once, but may repeat: the run ends after it
      flush('unknown');
      left = 'unknown';
      i = end - 1;
      continue;
    }
    buf += lit;
    i = next - 1;
  }
  flush('nonword');
  return runs;
}

/** Whether a quantifier (`?`, `*`, `+`, `{2,}`, …) lets its element match nothing. */
const isOptional = (quant: string) => quant.startsWith('?') || quant.startsWith('*') || /^\{0[,}]/.test(quant);

/** Whether the element of `src` at `i` can begin with a word character (conservative: yes when unsure). */
function mayStartWord(src: string, i: number): boolean {
  const c = src[i];
  if (c === undefined || c === '|' || c === ')' || c === '$') return false;
  if (c === '\\') {
    const e = src[i + 1];
    if (e === undefined) return false;
    return ESCAPED_LITERAL.test(e) ? /\w/.test(e) : !'sWbntr'.includes(e);
  }
  if (c === '[') {
    const close = src.indexOf(']', i + 2);
    const body = src.slice(i + 1, close < 0 ? undefined : close);
    return body.startsWith('^') || /\w/.test(body.replace(/\\[sWbntr.]/g, ''));
  }
  return /\w/.test(c) || c === '(' || c === '.';
}

function skipQuantifier(src: string, i: number): number {
  if (src[i] === '{') {
    const close = src.indexOf('}', i);
    i = close === -1 ? i + 1 : close + 1;
  } else i++;
  if (src[i] === '?') i++; // lazy
  return i;
}

const WORD = /\w+/g;

/** The longest whole word in a run that the line's word split would produce unchanged. */
function wholeWords(run: Run): string[] {
  const out: string[] = [];
  for (const m of run.text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    const leftOk = start > 0 || run.left === 'nonword';
    const rightOk = end < run.text.length || run.right === 'nonword';
    if (leftOk && rightOk) out.push(m[0]);
  }
  return out;
}

/**
 * Every required word of each top-level alternative, or undefined when some alternative has
 * none and the pattern must be tried on every line. A line can match the pattern only if it
 * holds all the words of one alternative.
 */
export function requiredWordSets(source: string, minLength = 3): string[][] | undefined {
  const sets: string[][] = [];
  for (const alt of topLevelAlternatives(source)) {
    const words = literalRuns(alt)
      .flatMap(wholeWords)
      .filter((w) => w.length >= minLength && !/^\d+$/.test(w));
    if (!words.length) return undefined;
    sets.push([...new Set(words)]);
  }
  return sets;
}

/**
 * One required word per top-level alternative (the longest), or undefined when some
 * alternative has none and the pattern must be tried on every line.
 */
export function requiredWords(source: string, minLength = 3): string[] | undefined {
  return requiredWordSets(source, minLength)?.map((set) => set.reduce((a, b) => (b.length > a.length ? b : a)));
}

/**
 * For a pattern with no required whole word: the longest literal text of each top-level
 * alternative, in lower case (`cudnn_status_`, `loss `), or undefined when some alternative has
 * none of two characters or more. A line can match only if it contains one of them, so the
 * pattern is tried only on such lines.
 */
export function requiredLiterals(source: string, minLength = 2): string[] | undefined {
  const out: string[] = [];
  for (const alt of topLevelAlternatives(source)) {
    const runs = literalRuns(alt)
      .map((r) => r.text.toLowerCase())
      .filter((t) => t.length >= minLength);
    if (!runs.length) return undefined;
    out.push(runs.reduce((a, b) => (b.length > a.length ? b : a)));
  }
  return out;
}

/**
 * Whether a line passes a pattern's prefilter: it holds every required word of one of the
 * pattern's alternatives as a whole word (or the pattern has none). A pattern that matches a
 * line mid-word at its edge (`Trainer\.log` in "DPOTrainer.log") fails here, and so never
 * reaches the pattern in the matcher.
 */
export function passesPrefilter(source: string, line: string): boolean {
  const sets = requiredWordSets(source);
  if (!sets) return true;
  const words = new Set(line.toLowerCase().match(WORD) ?? []);
  return sets.some((set) => set.every((w) => words.has(w.toLowerCase())));
}
