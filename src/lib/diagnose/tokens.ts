/**
 * Required words of a regular expression, for a cheap prefilter: a line can only match a
 * pattern if it contains one of the pattern's required words as a whole word. Scanning a
 * 10 MB log then costs a word split and a few map look-ups per line, instead of every
 * pattern against every line.
 *
 * The pattern is parsed with regexpp (the parser ESLint's regular-expression rules use, also
 * behind the symptom pages' readable patterns), and each top-level alternative read as runs of
 * literal text. The analysis is conservative: groups, classes and optional parts end a run and
 * require nothing, and a pattern with no required word (or one regexpp cannot parse) is tested
 * against every line.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

const parser = /* @__PURE__ */ new RegExpParser();

/** What is on one side of a run: a character that cannot be part of a word, or anything. */
type Boundary = 'nonword' | 'unknown';
interface Run {
  text: string;
  left: Boundary;
  right: Boundary;
}

/** `\n`, `\t` and `\r` are literal characters to regexpp; to a line's word split they are spaces. */
const isSpaceEscape = (el: AST.Element) => el.type === 'Character' && /^\\[ntr]$/.test(el.raw);

/** Whitespace or a word boundary: nothing a word can run across. */
const isSpace = (el: AST.Element) =>
  isSpaceEscape(el) ||
  (el.type === 'CharacterSet' && el.kind === 'space' && !el.negate) ||
  (el.type === 'Assertion' && el.kind === 'word' && !el.negate);

function literalRuns(elements: readonly AST.Element[]): Run[] {
  const runs: Run[] = [];
  let text = '';
  // The edges of the pattern count as word boundaries: error text starts and ends at spaces,
  // colons or brackets in practice, and a word glued to the pattern would only cost a missed
  // prefilter hit for that line.
  let left: Boundary = 'nonword';
  const cut = (boundary: Boundary) => {
    if (text) runs.push({ text, left, right: boundary });
    text = '';
    left = boundary;
  };
  elements.forEach((el, i) => {
    if (el.type === 'Quantifier') {
      const { element, min } = el;
      if (isSpace(element)) {
        // Whitespace that may be empty (`\s*`) still ends a word when what follows cannot go on
        // with it (`loss\s*[:=]`), but not before a letter: "graphs\s*with" matches "graphswith".
        const joins = text ? /\w/.test(text.at(-1)!) : left !== 'nonword';
        cut(min === 0 && joins && mayStartWord(elements[i + 1]) ? 'unknown' : 'nonword');
      } else {
        // a character required at least once may repeat: the run ends after it
        if (element.type === 'Character' && min > 0) text += String.fromCodePoint(element.value);
        cut('unknown');
      }
    } else if (isSpace(el)) cut('nonword');
    else if (el.type === 'Character') text += String.fromCodePoint(el.value);
    else if (el.type === 'Assertion' && (el.kind === 'start' || el.kind === 'end')) cut('nonword');
    else cut('unknown'); // a group, a class, `.`, `\d`, `\w`, `\S`, `\B`: never required text here
  });
  cut('nonword');
  return runs;
}

const WORD_CHAR = /\w/;

/** Whether an element can begin with a word character (conservative: yes when unsure). */
function mayStartWord(el: AST.Element | undefined): boolean {
  if (!el) return false;
  switch (el.type) {
    case 'Quantifier':
      return mayStartWord(el.element);
    case 'Character':
      return !isSpaceEscape(el) && WORD_CHAR.test(String.fromCodePoint(el.value));
    case 'CharacterSet':
      if (el.kind === 'space') return el.negate;
      if (el.kind === 'word') return !el.negate;
      return true;
    case 'Assertion':
      return el.kind === 'word' && el.negate; // `\B`; `^`, `$` and `\b` begin nothing
    case 'CharacterClass':
      return el.negate || el.elements.some(classMayHoldWord);
    default:
      return true;
  }
}

function classMayHoldWord(el: AST.CharacterClassElement): boolean {
  if (el.type === 'Character') return WORD_CHAR.test(String.fromCodePoint(el.value));
  if (el.type === 'CharacterClassRange') {
    // a range holds a word character if it overlaps 0-9, A-Z, _ or a-z
    const [lo, hi] = [el.min.value, el.max.value];
    return [
      [48, 57],
      [65, 90],
      [95, 95],
      [97, 122],
    ].some(([a, b]) => lo <= b! && hi >= a!);
  }
  if (el.type === 'CharacterSet') return el.kind === 'space' ? el.negate : el.kind !== 'word' || !el.negate;
  return true;
}

/** Each top-level alternative as literal runs, or undefined when regexpp cannot parse the source. */
function alternatives(source: string): Run[][] | undefined {
  try {
    return parser.parsePattern(source).alternatives.map((alt) => literalRuns(alt.elements));
  } catch {
    return undefined;
  }
}

const WORD = /\w+/g;

/** The whole words in a run that the line's word split would produce unchanged. */
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
  for (const runs of alternatives(source) ?? [[]]) {
    const words = runs.flatMap(wholeWords).filter((w) => w.length >= minLength && !/^\d+$/.test(w));
    if (!words.length) return undefined;
    sets.push([...new Set(words)]);
  }
  return sets;
}

const longest = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a));

/**
 * One required word per top-level alternative (the longest), or undefined when some
 * alternative has none and the pattern must be tried on every line.
 */
export function requiredWords(source: string, minLength = 3): string[] | undefined {
  return requiredWordSets(source, minLength)?.map(longest);
}

/**
 * For a pattern with no required whole word: the longest literal text of each top-level
 * alternative, in lower case (`cudnn_status_`, `loss `), or undefined when some alternative has
 * none of two characters or more. A line can match only if it contains one of them, so the
 * pattern is tried only on such lines.
 */
export function requiredLiterals(source: string, minLength = 2): string[] | undefined {
  const out: string[] = [];
  for (const runs of alternatives(source) ?? [[]]) {
    const texts = runs.map((r) => r.text.toLowerCase()).filter((t) => t.length >= minLength);
    if (!texts.length) return undefined;
    out.push(longest(texts));
  }
  return out;
}

/**
 * Whether a line passes a pattern's prefilter (`prefilterOf`): it holds every required word of
 * one of the pattern's alternatives as a whole word (or the pattern has none). A pattern that
 * matches a line mid-word at its edge (`Trainer\.log` in "DPOTrainer.log") fails here, and so
 * never reaches the pattern in the matcher.
 */
export function passesPrefilter({ words }: Prefilter, line: string): boolean {
  if (!words) return true;
  const held = new Set(line.toLowerCase().match(WORD) ?? []);
  return words.some((set) => set.every((w) => held.has(w)));
}

/** What a line must hold for a pattern to match it; neither field: the pattern is tried on every line. */
export interface Prefilter {
  /** the lower-case words of each top-level alternative, all of which a line must hold as whole words */
  words?: string[][];
  /** with no required words: one of these lower-case texts must be in the line */
  literals?: string[];
}

/**
 * A pattern's prefilter, worked out when the fingerprints are built so that the browser and
 * the command line need no parser. A multi-line pattern (`\n` between lines) is read as one
 * line with spaces for its line ends, and gets words only.
 */
export function prefilterOf(source: string, multiline = false): Prefilter {
  const words = requiredWordSets(multiline ? source.replace(/\\n/g, ' ') : source)?.map((set) =>
    set.map((w) => w.toLowerCase()),
  );
  if (words) return { words };
  const literals = multiline ? undefined : requiredLiterals(source);
  return literals ? { literals } : {};
}
