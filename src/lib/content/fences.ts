/**
 * The one reader of fenced code in an entry body, for every check that must tell code from
 * prose: the component and HTML checks, the section headings, the Python check and the prose
 * lint. A fence opens with three or more backticks or tildes (and an info string: the
 * language), and closes with the same character, at least as many, and nothing after them but
 * spaces, as CommonMark has it. An unclosed fence runs to the end of the body.
 *
 * A body is scanned once: the validation's checks of one entry run one after the other, so the
 * last scan is kept for the next caller with the same text.
 */
export interface FencedBlock {
  /** the info string's first word, lower case; `text` when there is none */
  lang: string;
  code: string;
  /** 0-based index of the block's first line of code in the body */
  start: number;
}

export interface ScannedBody {
  lines: string[];
  /** for each line: whether it belongs to a fenced block (its markers included) */
  inFence: boolean[];
  blocks: FencedBlock[];
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/;

let last: { body: string; scanned: ScannedBody } | undefined;

export function scanBody(body: string): ScannedBody {
  if (last?.body === body) return last.scanned;
  const lines = body.split('\n');
  const inFence = new Array<boolean>(lines.length).fill(false);
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) continue;
    const [, indent, marker, lang] = open;
    const close = new RegExp(`^\\s*\\${marker![0]}{${marker!.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j]!)) j++;
    for (let k = i; k <= Math.min(j, lines.length - 1); k++) inFence[k] = true;
    const code = lines
      .slice(i + 1, j)
      .map((l) => (l.startsWith(indent!) ? l.slice(indent!.length) : l))
      .join('\n');
    blocks.push({ lang: (lang || 'text').toLowerCase(), code, start: i + 1 });
    i = j;
  }
  const scanned = { lines, inFence, blocks };
  last = { body, scanned };
  return scanned;
}
