// Entry bodies: the three components expand into HTML blocks with Markdown between them, and
// every misuse is reported with its line.
import { describe, expect, test } from 'vitest';
import { addHeadingLinks, blankCodeSpans, checkBody, codeSpans, expandComponents } from '../../src/lib/content/body.ts';

const body = `## Fix

<Tabs>
<Tab label="PyTorch">

\`\`\`python
x = "<Tabs>"  # a tag inside code is code
\`\`\`

</Tab>
<Tab label="HF <Trainer>">
Use \`<AddBackward0>\` in text.
</Tab>
</Tabs>

<Callout type="warning">
Careful.
</Callout>
`;

describe('entry body components', () => {
  test('a well-formed body has no problems, code and inline code included', () => {
    expect(checkBody(body)).toEqual([]);
  });

  test('expands tabs into a hidden tablist and one panel per tab, with blank lines around every block', () => {
    const md = expandComponents(body);
    const tablist =
      /<fl-tabs data-prefix="(tabs-[a-z0-9]+)">\n<div role="tablist" hidden[^>]*>(.*?)<\/div><div class="panels" data-pagefind-weight="0.5">/.exec(
        md,
      );
    expect(tablist).not.toBeNull();
    const prefix = tablist![1]!;
    expect(
      [...tablist![2]!.matchAll(/<button[^>]*id="([^"]+)"[^>]*aria-selected="(true|false)"[^>]*>([^<]*)</g)].map(
        (m) => [m[1], m[2], m[3]],
      ),
    ).toEqual([
      [`${prefix}-tab-0`, 'true', 'PyTorch'],
      [`${prefix}-tab-1`, 'false', 'HF &lt;Trainer&gt;'],
    ]);
    expect(md).toContain(
      '\n\n<div class="tab-panel" data-tab-label="HF &lt;Trainer&gt;"><p class="tab-heading" data-tab-heading data-pagefind-ignore>HF &lt;Trainer&gt;</p>\n\nUse `<AddBackward0>` in text.\n\n</div>\n\n',
    );
    expect(md).toContain('x = "<Tabs>"  # a tag inside code is code');
    expect(md).toContain(
      '\n\n<div class="callout warning" role="note"><p class="callout-title">Warning</p>\n\nCareful.\n\n</div>\n\n',
    );
    // the same body gives the same ids: they survive rebuilds
    expect(expandComponents(body)).toBe(md);
  });

  test('reports unknown components, stray tags, bad nesting, labels and types, each with its line', () => {
    const bad = [
      '<Steps>',
      '<Tab label="x">',
      '</Tab>',
      '<Tabs>',
      'loose text',
      '<Tab>',
      '</Tab>',
      '</Tabs>',
      '<Callout type="danger">',
      '</Callout>',
      'import X from "y"',
      '<Callout>',
    ].join('\n');
    expect(checkBody(bad).map((p) => `${p.line}: ${p.message}`)).toEqual([
      '1: <Steps…: entry bodies can use <Tabs>, <Tab label="…"> inside it, and <Callout type="note|tip|warning">, each tag on a line of its own',
      '2: <Tab> must be directly inside <Tabs>; entry bodies can use <Tabs>, <Tab label="…"> inside it, and <Callout type="note|tip|warning">, each tag on a line of its own',
      '5: text directly inside <Tabs> belongs in a <Tab label="…">',
      '6: <Tab> needs a label, e.g. <Tab label="PyTorch">',
      '9: <Callout type="danger"> is not a callout type; use "note", "tip", "warning"',
      '11: "import" is not supported: entry bodies can use <Tabs>, <Tab label="…"> inside it, and <Callout type="note|tip|warning">, each tag on a line of its own',
      '12: <Callout> opened here is never closed',
    ]);
  });

  test('gives body h2s the same self-link as the page sections', () => {
    expect(addHeadingLinks('<h2 id="fix">Fix</h2><h3 id="x">X</h3>')).toBe(
      '<div class="heading-row"><h2 id="fix">Fix</h2><a class="anchor-link no-print" href="#fix" data-pagefind-ignore><span aria-hidden="true">#</span><span class="visually-hidden">Link to this section</span></a></div><h3 id="x">X</h3>',
    );
  });

  test('finds inline code spans as CommonMark does: a run of backticks closes only on a run of the same length', () => {
    expect(codeSpans('a `<b>` c')).toEqual([[2, 7]]);
    expect(codeSpans('``a ` b`` then `c`')).toEqual([
      [0, 9],
      [15, 18],
    ]);
    expect(codeSpans('one ` unmatched, then ``two``')).toEqual([[22, 29]]);
    expect(codeSpans('```')).toEqual([]);
    expect(blankCodeSpans('x `<Steps>` y')).toBe('x  y');
    expect(blankCodeSpans('x `<Steps>` y', ' ')).toBe('x           y');
    // a long run of backticks, each run unmatched but one: the old back-reference pattern
    // backtracked over the whole line from every run
    const line = `${'`'.repeat(40_000)} a \`b\``;
    expect(codeSpans(line)).toEqual([[40_003, 40_006]]);
  });
});
