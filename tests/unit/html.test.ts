// Raw HTML in entry bodies: the allow-list passes what authors need, the check names every tag
// and link target it refuses, and the renderer escapes the same ones even when the check was
// not run. The bad-entry corpus (tests/fixtures/bad-entries/raw-html-*.mdx) pins each message
// in the content check's own output.
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { markdownToHtml } from 'satteri';
import { checkBodyHtml, neutraliseBody } from '../../src/lib/content/html.ts';
import { expandComponents } from '../../src/lib/content/body.ts';
import { BODY_HTML } from '../../src/lib/schema/body.ts';

const allowed = `## Why it happens

Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; an <abbr title="out of memory">OOM</abbr> follows.<br>
H<sub>2</sub>O and x<sup>2</sup>, <mark>this</mark>, <del>old</del> <ins>new</ins>.

<!-- a note to other authors, <script> inside is hidden -->

<details>
<summary>The whole trace</summary>

Text.

</details>

Inline code may say \`<script>alert(1)</script>\` and \`<pad>\`; an escaped \\<pad> is text.

\`\`\`python
html = '<iframe src="x"></iframe><img src=x onerror=alert(1)>'
\`\`\`

See [the docs](https://pytorch.org/docs/stable/notes/cuda.html), [MEM-003](/entries/activation-distillation-memory/),
[the fix](#fix), [write to us](mailto:oncall@example.com), <https://github.com/pytorch/pytorch> and
[a relative path](../symptoms/), with a [reference][ref].

[ref]: https://docs.nvidia.com/deploy/nccl/

<Callout type="note">
A component on its own line.
</Callout>
`;

const hostile = `## Why it happens

<meta http-equiv="refresh" content="0;url=https://attacker.example/">

<form action="https://attacker.example/"><input name="q"></form>

<iframe src="https://attacker.example/"
  width="1" height="1"></iframe>

<object data="x.swf"></object><embed src="x.swf"><style>body{display:none}</style>

Text <script>alert(1)</script> and <img src=x onerror=alert(1)> and <Img src=x onerror=alert(2)>
and <kbd onclick="alert(3)">K</kbd> and <svg onload=alert(4)> and <!DOCTYPE html>.

[a](javascript:alert(5)) [b](java&#115;cript:alert(6)) [c](JAVASCRIPT:alert(7)) [d](data:text/html,x)
[e](javascript\\:alert(8)) <javascript:alert(9)> ![f](javascript:alert(10)) [g][g]

[g]: vbscript:msgbox(11)

<!-- never closed
`;

describe('raw HTML in entry bodies', () => {
  test('the allowed elements, comments, code, escaped tags and safe links pass', () => {
    expect(checkBodyHtml(allowed)).toEqual([]);
    expect(neutraliseBody(allowed)).toBe(allowed);
  });

  test('every refused tag and link target is named with its line', () => {
    const problems = checkBodyHtml(hostile);
    const at = (line: number) => problems.filter((p) => p.line === line).map((p) => p.message.replace(/;.*/, ''));
    expect(at(3)).toEqual(['raw HTML <meta> is not allowed in an entry body']);
    expect(at(5)).toEqual([
      'raw HTML <form> is not allowed in an entry body',
      'raw HTML <input> is not allowed in an entry body',
      'raw HTML </form> is not allowed in an entry body',
    ]);
    expect(at(7)).toEqual(['raw HTML <iframe> is not allowed in an entry body']);
    expect(at(8)).toEqual(['raw HTML </iframe> is not allowed in an entry body']);
    expect(at(10)).toEqual(
      ['<object>', '</object>', '<embed>', '<style>', '</style>'].map(
        (t) => `raw HTML ${t} is not allowed in an entry body`,
      ),
    );
    expect(at(12)).toEqual([
      'raw HTML <script> is not allowed in an entry body',
      'raw HTML </script> is not allowed in an entry body',
      'raw HTML <img> is not allowed in an entry body',
      // <Img> is reported by body.ts, as a component that does not exist
    ]);
    expect(at(13)).toEqual([
      '<kbd> has an event-handler attribute "onclick"',
      'raw HTML <svg> is not allowed in an entry body',
      'raw HTML "<!D…" is not allowed in an entry body',
    ]);
    expect(at(15)).toEqual([
      'the link target "javascript:alert(5)" is not allowed',
      'the link target "java&#115',
      'the link target "JAVASCRIPT:alert(7)" is not allowed',
      'the link target "data:text/html,x" is not allowed',
    ]);
    expect(at(16)).toEqual([
      'the link target "javascript\\:alert(8)" is not allowed',
      'the link <javascript:alert(9)> has the scheme "javascript:"',
      'the link target "javascript:alert(10)" is not allowed',
    ]);
    expect(at(18)).toEqual(['the link target "vbscript:msgbox(11)" is not allowed']);
    expect(at(20)).toEqual(['an HTML comment "<!--" that is never closed hides the rest of the page']);
    expect(problems).toHaveLength(26);
  });

  test("the renderer, given a hostile body, writes only Markdown's elements and the allowed ones, with no handler or script URL", () => {
    const { html } = markdownToHtml(expandComponents(neutraliseBody(hostile)), { features: { gfm: true } });
    const elements = new Set<string>();
    const attributes: string[] = [];
    const walk = (node: { type: string; name?: string; attribs?: Record<string, string>; children?: unknown[] }) => {
      if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        elements.add(node.name!);
        for (const [k, v] of Object.entries(node.attribs ?? {})) attributes.push(`${k}=${v}`);
      }
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk(parseDocument(html) as unknown as Parameters<typeof walk>[0]);
    const markdown = ['h2', 'p', 'a', 'img', 'code', 'pre', 'em', 'strong', 'ul', 'ol', 'li', 'blockquote'];
    expect([...elements].filter((e) => !markdown.includes(e) && !(e in BODY_HTML))).toEqual([]);
    expect(attributes.filter((a) => /^on/i.test(a) || /^(href|src)=\s*(?!#|https?:|mailto:|\/)/i.test(a))).toEqual([]);
    expect(html).toContain('&lt;meta http-equiv="refresh"');
  });
});
