/**
 * The one reader of an entry body, for every check that must tell code from prose: the
 * component and HTML checks, the section headings, the Python check and the prose lint. The
 * body is parsed by Sätteri, the Markdown processor the site renders bodies with, so a check
 * sees exactly the code blocks and headings the page will have: fenced code (backticks or
 * tildes, closed by the same character at least as many times, or running to the end of the
 * body) and indented code, as CommonMark has them.
 *
 * A body is parsed once: the validation's checks of one entry run one after the other, so the
 * last parse is kept for the next caller with the same text.
 */
import { markdownToMdast, type MdastNode } from 'satteri';

export interface FencedBlock {
  /** the info string's first word, lower case; `text` when there is none */
  lang: string;
  code: string;
  /** 0-based index of the block's first line of code in the body */
  start: number;
}

export interface BodyHeading {
  depth: number;
  /** the heading's text, without its markers and inline formatting */
  text: string;
  /** 0-based index of its line in the body */
  line: number;
}

export interface ScannedBody {
  lines: string[];
  /** for each line: whether it belongs to a code block (a fence's markers included) */
  inFence: boolean[];
  blocks: FencedBlock[];
  headings: BodyHeading[];
}

type Node = MdastNode & { children?: Node[]; value?: string; lang?: string | null; depth?: number };

/** The text a reader sees in a node: its own value, or its children's. */
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');

let last: { body: string; scanned: ScannedBody } | undefined;

export function scanBody(body: string): ScannedBody {
  if (last?.body === body) return last.scanned;
  const lines = body.split('\n');
  const inFence = new Array<boolean>(lines.length).fill(false);
  const blocks: FencedBlock[] = [];
  const headings: BodyHeading[] = [];
  const visit = (node: Node) => {
    const from = (node.position?.start.line ?? 1) - 1;
    if (node.type === 'code') {
      const to = (node.position?.end.line ?? lines.length) - 1;
      for (let k = from; k <= Math.min(to, lines.length - 1); k++) inFence[k] = true;
      // a fence's code starts on the line after its opening marker; indented code on its own
      const fenced = /^\s*(?:`{3,}|~{3,})/.test(lines[from] ?? '');
      blocks.push({
        lang: (node.lang || 'text').toLowerCase(),
        code: node.value ?? '',
        start: fenced ? from + 1 : from,
      });
    } else if (node.type === 'heading') {
      headings.push({ depth: node.depth ?? 1, text: textOf(node).trim(), line: from });
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(markdownToMdast(body) as Node);
  const scanned = { lines, inFence, blocks, headings };
  last = { body, scanned };
  return scanned;
}
