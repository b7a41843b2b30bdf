/**
 * Entry bodies: Markdown with three components, `<Tabs>`, `<Tab label="…">` and
 * `<Callout type="note|tip|warning" title="…">`, each tag on a line of its own.
 *
 * The bodies are rendered once, in the content layer (src/build/loader.ts), by Astro's
 * Markdown processor with the site's settings, and cached there by content digest. The
 * components are expanded here into HTML blocks with Markdown between them, so code fences,
 * tables and emphasis inside a tab or callout render as usual. Compiling every entry as an MDX
 * module instead made the bundler hold all of them at once, most of a build's time and memory.
 *
 * Pure functions, shared by the loader and the content check (which reports misuse).
 */
import { scanBody } from './fences.ts';
import { escapeHtml } from '../inline.ts';

export const CALLOUT_TYPES = ['note', 'tip', 'warning'] as const;
const CALLOUT_LABEL: Record<(typeof CALLOUT_TYPES)[number], string> = { note: 'Note', tip: 'Tip', warning: 'Warning' };

export interface BodyProblem {
  /** 1-based line within the body */
  line: number;
  message: string;
}

type Token =
  | { kind: 'text'; line: string; n: number }
  | { kind: 'open'; name: 'Tabs' | 'Tab' | 'Callout'; attrs: Record<string, string>; n: number }
  | { kind: 'close'; name: 'Tabs' | 'Tab' | 'Callout'; n: number };

const OPEN = /^\s*<(Tabs|Tab|Callout)((?:\s+[a-z]+="[^"]*")*)\s*>\s*$/;
const CLOSE = /^\s*<\/(Tabs|Tab|Callout)>\s*$/;
const ATTR = /([a-z]+)="([^"]*)"/g;
/** A capitalised tag outside code: a component we do not have, or one not on a line of its own. */
const STRAY = /<\/?[A-Z][A-Za-z]*\b/;
/** A component tag standing on a line of its own: the only place a component is expanded. */
export const isComponentLine = (line: string): boolean => OPEN.test(line) || CLOSE.test(line);
const ATTRS: Record<string, string[]> = { Tabs: [], Tab: ['label'], Callout: ['type', 'title'] };
const USAGE =
  'entry bodies can use <Tabs>, <Tab label="…"> inside it, and <Callout type="note|tip|warning">, each tag on a line of its own';

/**
 * The inline code spans of a line, as [start, end) offsets, found as CommonMark finds them: a
 * run of backticks opens a span that the next run of exactly the same length closes. Linear in
 * the line: the regular expression with a back-reference used before took quadratic time on a
 * long run of backticks, seconds for one line of an entry.
 */
export function codeSpans(line: string): [number, number][] {
  const runs = [...line.matchAll(/`+/g)].map((m) => [m.index, m[0].length] as const);
  if (runs.length < 2) return [];
  // for each run, the next run of the same length
  const next = new Int32Array(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    next[i] = seen.get(runs[i]![1]) ?? -1;
    seen.set(runs[i]![1], i);
  }
  const spans: [number, number][] = [];
  for (let i = 0; i < runs.length;) {
    const j = next[i]!;
    if (j === -1) {
      i++; // an unmatched run is literal backticks
      continue;
    }
    spans.push([runs[i]![0], runs[j]![0] + runs[j]![1]]);
    i = j + 1;
  }
  return spans;
}

/** The line with each inline code span replaced by `fill` of its length ('' removes it). */
export function blankCodeSpans(line: string, fill = ''): string {
  const spans = codeSpans(line);
  if (!spans.length) return line;
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += line.slice(from, start) + fill.repeat(end - start);
    from = end;
  }
  return out + line.slice(from);
}

function tokenize(body: string): { tokens: Token[]; problems: BodyProblem[] } {
  const tokens: Token[] = [];
  const problems: BodyProblem[] = [];
  const { lines, inFence } = scanBody(body);
  lines.forEach((line, i) => {
    const n = i + 1;
    if (inFence[i]) {
      tokens.push({ kind: 'text', line, n });
      return;
    }
    const open = OPEN.exec(line);
    if (open) {
      const name = open[1] as 'Tabs' | 'Tab' | 'Callout';
      const attrs: Record<string, string> = {};
      for (const m of (open[2] ?? '').matchAll(ATTR)) {
        if (!ATTRS[name]!.includes(m[1]!))
          problems.push({ line: n, message: `<${name}> has no attribute "${m[1]}"; ${USAGE}` });
        attrs[m[1]!] = m[2]!;
      }
      tokens.push({ kind: 'open', name, attrs, n });
      return;
    }
    const close = CLOSE.exec(line);
    if (close) {
      tokens.push({ kind: 'close', name: close[1] as 'Tabs' | 'Tab' | 'Callout', n });
      return;
    }
    // inline code may mention anything (`<AddBackward0>`); outside it, a capitalised tag is misuse
    const stray = STRAY.exec(blankCodeSpans(line));
    if (stray) problems.push({ line: n, message: `${stray[0]}…: ${USAGE}` });
    else if (/^(import|export)\s/.test(line))
      problems.push({ line: n, message: `"${line.split(/\s/)[0]}" is not supported: ${USAGE}` });
    tokens.push({ kind: 'text', line, n });
  });
  return { tokens, problems };
}

/** Misused components in a body: unknown or unclosed tags, a tab outside tabs, missing labels. */
export function checkBody(body: string): BodyProblem[] {
  const { tokens, problems } = tokenize(body);
  const stack: Extract<Token, { kind: 'open' }>[] = [];
  for (const t of tokens) {
    if (t.kind === 'open') {
      const parent = stack.at(-1)?.name;
      if (t.name === 'Tab' && parent !== 'Tabs')
        problems.push({ line: t.n, message: `<Tab> must be directly inside <Tabs>; ${USAGE}` });
      if (t.name !== 'Tab' && parent === 'Tabs')
        problems.push({ line: t.n, message: `<Tabs> may only contain <Tab> blocks, not <${t.name}>` });
      if (t.name === 'Tab' && !t.attrs.label?.trim())
        problems.push({ line: t.n, message: '<Tab> needs a label, e.g. <Tab label="PyTorch">' });
      if (
        t.name === 'Callout' &&
        t.attrs.type !== undefined &&
        !(CALLOUT_TYPES as readonly string[]).includes(t.attrs.type)
      ) {
        problems.push({
          line: t.n,
          message: `<Callout type="${t.attrs.type}"> is not a callout type; use ${CALLOUT_TYPES.map((c) => `"${c}"`).join(', ')}`,
        });
      }
      stack.push(t);
    } else if (t.kind === 'close') {
      const top = stack.pop();
      if (!top) problems.push({ line: t.n, message: `</${t.name}> closes nothing` });
      else if (top.name !== t.name)
        problems.push({ line: t.n, message: `</${t.name}> closes <${top.name}> opened on line ${top.n}` });
    } else if (stack.at(-1)?.name === 'Tabs' && t.line.trim()) {
      problems.push({ line: t.n, message: 'text directly inside <Tabs> belongs in a <Tab label="…">' });
    }
  }
  for (const t of stack) problems.push({ line: t.n, message: `<${t.name}> opened here is never closed` });
  return problems.sort((a, b) => a.line - b.line);
}

/** A stable id prefix for a tab group, from its labels and contents: ids survive rebuilds. */
function tabsPrefix(source: string): string {
  let h = 0;
  for (let i = 0; i < source.length; i++) h = (Math.imul(31, h) + source.charCodeAt(i)) | 0;
  return `tabs-${(h >>> 0).toString(36)}`;
}

/**
 * The body as plain Markdown: each component tag becomes an HTML block (always with blank
 * lines around it, so the Markdown between tags renders). Call checkBody first: this assumes a
 * well-formed body. The tablist is rendered hidden; the fl-tabs element reveals it and hides
 * the other panels, so without JavaScript (and in print) every panel shows under its heading.
 */
export function expandComponents(body: string): string {
  const { tokens } = tokenize(body);
  const out: string[] = [];
  const block = (html: string) => out.push('', html, '');
  let group: { at: number; labels: string[]; source: string[] } | undefined;
  for (const t of tokens) {
    if (group) group.source.push(t.kind === 'text' ? t.line : t.kind);
    if (t.kind === 'text') {
      out.push(t.line);
      continue;
    }
    if (t.name === 'Tabs' && t.kind === 'open') {
      group = { at: out.length, labels: [], source: [] };
      block('');
    } else if (t.name === 'Tabs') {
      const g = group!;
      const prefix = tabsPrefix(`${g.labels.join('|')}\n${g.source.join('\n')}`);
      const buttons = g.labels
        .map(
          (label, i) =>
            `<button type="button" role="tab" id="${prefix}-tab-${i}" aria-controls="${prefix}-panel-${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${escapeHtml(label)}</button>`,
        )
        .join('');
      // the custom element's open tag alone on its line, so Markdown takes the lines as one HTML block
      out[g.at + 1] =
        `<fl-tabs data-prefix="${prefix}">\n<div role="tablist" hidden class="tablist no-print" aria-label="Framework" data-pagefind-ignore>${buttons}</div><div class="panels" data-pagefind-weight="0.5">`;
      block('</div></fl-tabs>');
      group = undefined;
    } else if (t.name === 'Tab' && t.kind === 'open') {
      const label = t.attrs.label ?? '';
      group?.labels.push(label);
      block(
        `<div class="tab-panel" data-tab-label="${escapeHtml(label)}"><p class="tab-heading" data-tab-heading data-pagefind-ignore>${escapeHtml(label)}</p>`,
      );
    } else if (t.name === 'Callout' && t.kind === 'open') {
      const type = (CALLOUT_TYPES as readonly string[]).includes(t.attrs.type ?? '')
        ? (t.attrs.type as (typeof CALLOUT_TYPES)[number])
        : 'note';
      block(
        `<div class="callout ${type}" role="note"><p class="callout-title">${escapeHtml(t.attrs.title ?? CALLOUT_LABEL[type])}</p>`,
      );
    } else {
      block('</div>');
    }
  }
  return out.join('\n');
}

/** The link a heading has to itself, placed beside the heading (Heading.astro, addHeadingLinks). */
export function selfLink(id: string, label: string): string {
  return `<a class="anchor-link no-print" href="#${escapeHtml(id)}" data-pagefind-ignore><span aria-hidden="true">#</span><span class="visually-hidden">${escapeHtml(label)}</span></a>`;
}

/** Gives every h2 with an id the self-link the frontmatter sections have (Heading.astro). */
export function addHeadingLinks(html: string): string {
  return html.replace(
    /<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g,
    (_, id: string, inner: string) =>
      `<div class="heading-row"><h2 id="${id}">${inner}</h2>${selfLink(id, 'Link to this section')}</div>`,
  );
}
