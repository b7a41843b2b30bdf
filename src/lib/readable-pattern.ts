/**
 * A log pattern as a reader would say it: `CUDA out of memory\. Tried to allocate \d+ MiB`
 * becomes `CUDA out of memory. Tried to allocate <number> MiB`. Shown on symptom pages next to
 * the exact regular expression, which stays available for those who want it.
 *
 * The pattern is parsed with regexpp (the parser ESLint's regular-expression rules use) and its
 * tree written out in a small notation (NOTATION below): `[x]` is optional, `(a | b)` is a
 * choice, `…` is any text, placeholders such as `<number>` stand for a kind of text, and `⏎`
 * ends a line. Punctuation that a line may or may not have is shown as its
 * first form (`:` for `:?`, `_` for `[_ ]?`), or left out when it is a quote or a sign; the line
 * the reader holds reads the same either way.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

const parser = new RegExpParser();

/** The notation, for a legend under the patterns: each mark with what it stands for. */
export const NOTATION: readonly { mark: string; means: string }[] = [
  { mark: '[', means: '[x] may be absent' },
  { mark: ' | ', means: '(a | b) one of them' },
  { mark: '…', means: '… any text' },
  { mark: '<number>', means: '<number> a number' },
  { mark: '<digit>', means: '<digit> one digit' },
  { mark: '<char>', means: '<char> one letter or digit' },
  { mark: '<name>', means: '<name> a name or dotted path' },
  { mark: '<word>', means: '<word> a word' },
  { mark: '⏎', means: '⏎ the end of a line' },
];

// Marks resolved once the whole pattern is written: optional whitespace is a space except next to
// a space, an edge, an opening bracket or the punctuation that follows a word, and optional
// punctuation shows unless it is a quote or a sign.
const MAY_SPACE = '\u0001';
const MAY_PUNCTUATION = '\u0002';
/** any part of a word: `…` with no space around it */
const WORD_PART = '\u0003';

export function readablePattern(source: string): string {
  let pattern: AST.Pattern;
  try {
    pattern = parser.parsePattern(source);
  } catch {
    return source;
  }
  return choice(pattern.alternatives, true)
    .replace(/^(?:\s|\u0001|\u0002.)+|(?:\s|\u0001|\u0002.)+$/g, '') // what a line may start or end with
    .replace(/\u0002(.)/g, (_, c: string) => (/['"`+-]/.test(c) ? '' : c))
    .replace(/(^|[\s([])\u0001+|\u0001+(?=$|[\s:;,.)\]])/g, '$1')
    .replace(/\u0001+/g, ' ')
    .replace(/(\w)…/g, '$1 …')
    .replace(/…([\w(])/g, '… $1')
    .replaceAll(WORD_PART, '…')
    .replace(/ *⏎ */g, ' ⏎ ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const NUMBER = '<number>';
const PUNCTUATION = /^[\s'"`_.,:;=<>!~/\\|+-]+$/;
const shows = (text: string) => text.replace(/[\u0001\u0002]/g, '').trim() !== '';

/** A choice between alternatives; an alternative that shows nothing makes the rest optional. */
function choice(alternatives: AST.Alternative[], top = false): string {
  const seen = new Set<string>();
  let optional = false;
  const parts: string[] = [];
  for (const alt of alternatives) {
    const text = sequence(alt.elements);
    const key = text.trim().toLowerCase();
    if (!shows(text)) optional = true;
    else if (!seen.has(key)) {
      seen.add(key);
      parts.push(text);
    }
  }
  // a digit or a number: a number
  const shown = parts.includes(NUMBER) ? parts.filter((p) => p !== '<digit>') : parts;
  if (!shown.length) return '';
  if (shown.length === 1 && !optional) return shown[0]!;
  // a space the alternatives begin or end with stays outside the brackets: "[a] second"
  const edge = (at: 0 | -1) => {
    const chars = shown.map((p) => p.at(at));
    return chars.includes(' ') ? ' ' : chars.includes(MAY_SPACE) ? MAY_SPACE : '';
  };
  const inner = shown.map((p) => p.replace(/^[\s\u0001]+|[\s\u0001]+$/g, '')).join(top ? ' or ' : ' | ');
  if (optional) return mayBe(inner, edge(0), edge(-1));
  return top ? inner : `${edge(0)}(${inner})${edge(-1)}`;
}

/** Text a line may or may not have, with the spaces that stand outside it. */
function mayBe(text: string, lead = '', trail = ''): string {
  if (!shows(text)) return MAY_SPACE;
  if (PUNCTUATION.test(text)) return text.length === 1 ? MAY_PUNCTUATION + text : '';
  return `${lead}[${text}]${trail}`;
}

function sequence(elements: AST.Element[]): string {
  let s = '';
  let last = '';
  for (const el of elements) {
    const part = element(el);
    // two optional lines in a row read as one
    if (part === last && part.includes('[')) continue;
    last = part;
    s += part;
  }
  // digits written one after another are one number
  return s.replace(/(?:<digit>|<number>){2,}/g, NUMBER);
}

function element(el: AST.Element): string {
  switch (el.type) {
    case 'Assertion':
      return ''; // where, not what
    case 'Quantifier':
      return quantified(el);
    default:
      return atom(el, false);
  }
}

function quantified(q: AST.Quantifier): string {
  const many = q.max > 1;
  const inner = atom(q.element, many);
  if (q.min > 0 || !inner) return inner;
  if (isWhitespace(q.element)) return MAY_SPACE;
  // "any text" or a separator that may be empty is still shown
  if (many && (inner === '…' || inner === ' ')) return inner;
  // digits or word characters that may be absent: still a number, or any part of a word
  if (many && inner.startsWith('<')) return inner === NUMBER ? NUMBER : WORD_PART;
  if (inner === '…' || inner === WORD_PART) return WORD_PART;
  const m = /^([\s\u0001]*)([\s\S]*?)([\s\u0001]*)$/.exec(inner)!;
  return mayBe(m[2]!, m[1], m[3]);
}

function isWhitespace(el: AST.QuantifiableElement): boolean {
  return (
    (el.type === 'CharacterSet' && el.kind === 'space' && !el.negate) ||
    (el.type === 'Character' && /^\s$/.test(String.fromCodePoint(el.value)) && el.value !== 10)
  );
}

/** One element; `many` when a quantifier lets it repeat. */
function atom(el: AST.QuantifiableElement, many: boolean): string {
  switch (el.type) {
    case 'Character':
      return character(el.value);
    case 'CharacterSet':
      return set(el, many);
    case 'CharacterClass':
      return characterClass(el, many);
    case 'Group':
    case 'CapturingGroup':
      return choice(el.alternatives);
    default:
      return el.raw;
  }
}

function character(code: number): string {
  const c = String.fromCodePoint(code);
  if (c === '\n') return ' ⏎ ';
  return /\s/.test(c) ? ' ' : c;
}

function set(el: AST.CharacterSet, many: boolean): string {
  switch (el.kind) {
    case 'space':
      return el.negate ? (many ? '<word>' : '') : ' ';
    case 'digit':
      return el.negate ? '' : many ? NUMBER : '<digit>';
    case 'word':
      return el.negate ? ' ' : many ? '<word>' : '';
    default:
      // one character, any: part of a word ("can.t")
      return many ? '…' : WORD_PART;
  }
}

function characterClass(el: AST.CharacterClass, many: boolean): string {
  // "none of these": the text around it says what it stands between
  if (el.negate) return many ? '…' : '';
  const chars: string[] = [];
  let digits = false;
  let words = false;
  for (const m of el.elements) {
    if (m.type === 'Character') chars.push(String.fromCodePoint(m.value));
    else if (m.type === 'CharacterClassRange' && /^\d$/.test(String.fromCodePoint(m.min.value))) digits = true;
    else if (m.type === 'CharacterSet' && m.kind === 'digit' && !m.negate) digits = true;
    else if ((m.type === 'CharacterSet' && m.kind === 'word' && !m.negate) || m.type === 'CharacterClassRange')
      words = true;
    else return '…';
  }
  const punctuation = chars.every((c) => PUNCTUATION.test(c));
  if (words) return many ? '<name>' : '<char>';
  if (digits) return !punctuation ? '…' : many ? NUMBER : '<digit>';
  // one letter in both cases, or punctuation that varies: its first form
  if (new Set(chars.map((c) => c.toLowerCase())).size === 1 || punctuation) return character(chars[0]!.codePointAt(0)!);
  return many ? '…' : `(${chars.join(' | ')})`;
}
