/**
 * Raw HTML and link targets in entry bodies, held to the allow-lists of src/lib/schema/body.ts.
 * Markdown passes raw HTML through to the page untouched: without this, a body could give every
 * reader a <meta http-equiv="refresh"> that takes them to another site, a <form> that posts
 * elsewhere, an <iframe>, an <object>, a <style> that rewrites the page, or an event handler;
 * the Content-Security-Policy stops scripts, not the others.
 *
 * checkBodyHtml names every tag and link that breaks the rules, with its line, for the content
 * check. neutraliseBody escapes the same tags (they show as text) and empties the same links
 * before a body is rendered, so that a body that reaches the renderer unchecked (dev renders on
 * save whatever the check says) cannot inject anything either.
 *
 * Capitalised tags are components: body.ts reports the ones that do not exist. The renderer
 * still escapes them here, since a browser reads <Img> as <img>.
 */
import { BODY_HTML, BODY_LINK_SCHEMES } from '../schema/body.ts';
import { blankCodeSpans, isComponentLine, type BodyProblem } from './body.ts';
import { scanBody } from './fences.ts';

interface Finding {
  /** offset in the body of the tag's `<`, or of the link's target */
  at: number;
  /** the link target's length (a tag's `<` is one character) */
  length: number;
  kind: 'tag' | 'link';
  message: string;
  /** a capitalised tag: body.ts reports it, as a component that does not exist */
  component?: boolean;
}

const ALLOWED = `the raw HTML an entry body may use is ${Object.keys(BODY_HTML)
  .map((n) => `<${n}>`)
  .join(', ')}; put code and placeholders such as <pad> in backticks`;
/** A tag's name, where HTML or Markdown would start a tag (not `a <b` without a name end). */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/gm;
/** A whole opening tag as CommonMark reads one, from its `<` on. */
const OPEN_TAG =
  /^<[A-Za-z][A-Za-z0-9-]*((?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*)\s*\/?>/;
const CLOSE_TAG = /^<\/[A-Za-z][A-Za-z0-9-]*\s*>/;
const ATTR_NAME = /\s+([A-Za-z_:][\w.:-]*)(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?/g;
/** Declarations, processing instructions and CDATA: raw HTML Markdown passes through. */
const DECLARATION = /<(?:![A-Za-z[]|\?)/g;
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:)[^\s<>]*>/g;
/** The target of an inline link or image, [text](target "title"), with balanced parentheses. */
const INLINE_TARGET = /\]\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)/g;
/** The target of a reference definition: [label]: target */
const REFERENCE_TARGET = /^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(<[^<>\n]*>|\S+)/gm;

/**
 * The body with everything that is not Markdown prose blanked out, offsets and lines kept:
 * fenced code, inline code spans and closed HTML comments, where a `<` is text or hidden.
 */
function prose(body: string): string {
  const { lines, inFence } = scanBody(body);
  const out = lines.map((line, i) => (inFence[i] ? ' '.repeat(line.length) : blankCodeSpans(line, ' ')));
  return out.join('\n').replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** A link target Markdown would turn into an href that runs or embeds something. */
function unsafeTarget(raw: string): boolean {
  const target = raw.startsWith('<') ? raw.slice(1, -1) : raw;
  const lower = target.toLowerCase();
  if (BODY_LINK_SCHEMES.some((s) => lower.startsWith(s))) return false;
  // a path of this site: nothing before its first / ? # can be a scheme, an entity that
  // decodes to one (java&#115;cript:) or an escaped colon (javascript\:)
  return /[:&\\\s\p{Cc}]/u.test(target.split(/[/?#]/)[0]!);
}

function scan(body: string): Finding[] {
  if (!body.includes('<') && !body.includes('](') && !body.includes(']:')) return [];
  const text = prose(body);
  const escaped = (at: number) => {
    let n = 0;
    while (text[at - 1 - n] === '\\') n++;
    return n % 2 === 1;
  };
  return [
    ...commentsAndDeclarations(text, escaped),
    ...tags(text, escaped, componentLines(body)),
    ...autolinks(text, escaped),
    ...linkTargets(text),
  ].sort((a, b) => a.at - b.at);
}

type Escaped = (at: number) => boolean;
const tagFinding = (at: number, message: string, component?: boolean): Finding => ({
  at,
  length: 1,
  kind: 'tag',
  message,
  ...(component ? { component } : {}),
});

/** `<!--` (which hides the rest of the page when never closed) and `<!DOCTYPE`-like declarations. */
function commentsAndDeclarations(text: string, escaped: Escaped): Finding[] {
  const found: Finding[] = [];
  for (const m of text.matchAll(/<!--/g)) {
    found.push(
      tagFinding(
        m.index,
        `an HTML comment "<!--" that is never closed hides the rest of the page; close it with "-->" or remove it`,
      ),
    );
  }
  for (const m of text.matchAll(DECLARATION)) {
    if (!escaped(m.index) && !text.startsWith('<!--', m.index))
      found.push(tagFinding(m.index, `raw HTML "${m[0]}…" is not allowed in an entry body; ${ALLOWED}`));
  }
  return found;
}

/** Each tag: a component outside a component line, a tag off the allow-list, an incomplete tag, an attribute not allowed. */
function tags(text: string, escaped: Escaped, lineStarts: ReadonlySet<number>): Finding[] {
  const found: Finding[] = [];
  for (const m of text.matchAll(TAG)) {
    if (escaped(m.index)) continue;
    const [, slash, name] = m as unknown as [string, string, string];
    if (/^[A-Z]/.test(name)) {
      if (!lineStarts.has(m.index)) found.push(tagFinding(m.index, `<${slash}${name}> is not a component`, true));
      continue;
    }
    const shown = `<${slash}${name}>`;
    const attrs = BODY_HTML[name.toLowerCase()];
    if (!attrs) {
      found.push(tagFinding(m.index, `raw HTML ${shown} is not allowed in an entry body; ${ALLOWED}`));
      continue;
    }
    const rest = text.slice(m.index, m.index + 2000);
    if (slash) {
      if (!CLOSE_TAG.test(rest))
        found.push(tagFinding(m.index, `${shown} is not a complete closing tag; write </${name}>`));
      continue;
    }
    const tag = OPEN_TAG.exec(rest);
    if (!tag) {
      found.push(
        tagFinding(m.index, `<${name} is not a complete tag; write <${name}>…</${name}>, with attributes in quotes`),
      );
      continue;
    }
    for (const a of (tag[1] ?? '').matchAll(ATTR_NAME)) {
      const attr = a[1]!.toLowerCase();
      if (attrs.includes(attr)) continue;
      const allowed = attrs.length ? `it may carry only ${attrs.join(', ')}` : 'it takes no attributes';
      found.push(
        tagFinding(
          m.index,
          attr.startsWith('on')
            ? `<${name}> has an event-handler attribute "${a[1]}"; entry bodies run no code (${allowed})`
            : `<${name}> has the attribute "${a[1]}"; ${allowed}`,
        ),
      );
    }
  }
  return found;
}

/** `<scheme:…>` autolinks whose scheme is not allowed. */
function autolinks(text: string, escaped: Escaped): Finding[] {
  const found: Finding[] = [];
  for (const m of text.matchAll(AUTOLINK)) {
    if (!BODY_LINK_SCHEMES.includes(m[1]!.toLowerCase() as (typeof BODY_LINK_SCHEMES)[number]) && !escaped(m.index))
      found.push(tagFinding(m.index, `the link ${m[0]} has the scheme "${m[1]}"; ${linkRule()}`));
  }
  return found;
}

/** Inline and reference link targets that are not allowed. */
function linkTargets(text: string): Finding[] {
  const found: Finding[] = [];
  for (const re of [INLINE_TARGET, REFERENCE_TARGET]) {
    for (const m of text.matchAll(re)) {
      const target = m[1]!;
      if (!target || !unsafeTarget(target)) continue;
      found.push({
        at: m.index + m[0].length - target.length,
        length: target.length,
        kind: 'link',
        message: `the link target "${target.slice(0, 60)}" is not allowed; ${linkRule()}`,
      });
    }
  }
  return found;
}

const linkRule = () =>
  `links and images point at ${BODY_LINK_SCHEMES.join(', ')} URLs or at paths of this site, spelled without entities or backslashes`;

/** Offsets of the `<` of component tags that stand on a line of their own (body.ts expands them). */
function componentLines(body: string): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const line of body.split('\n')) {
    if (isComponentLine(line)) out.add(at + line.indexOf('<'));
    at += line.length + 1;
  }
  return out;
}

/** Every raw HTML tag and link target in a body that the allow-lists refuse, with its line. */
export function checkBodyHtml(body: string): BodyProblem[] {
  const found = scan(body).filter((f) => !f.component);
  if (!found.length) return [];
  const starts = [0];
  for (let i = 0; i < body.length; i++) if (body[i] === '\n') starts.push(i + 1);
  let line = 0;
  return found.map((f) => {
    while (line + 1 < starts.length && starts[line + 1]! <= f.at) line++;
    return { line: line + 1, message: f.message };
  });
}

/**
 * The body with every refused tag escaped, so that it renders as text, and every refused link
 * target replaced by "#". The content check has named each of them; this only makes sure that
 * none reaches a page when the check was not run.
 */
export function neutraliseBody(body: string): string {
  const found = scan(body);
  if (!found.length) return body;
  let out = '';
  let from = 0;
  for (const f of found) {
    if (f.at < from) continue; // one tag with several refused attributes: escaped once
    out += body.slice(from, f.at) + (f.kind === 'tag' ? '&lt;' : '#');
    from = f.at + f.length;
  }
  return out + body.slice(from);
}
