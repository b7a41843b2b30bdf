// Code blocks of rendered Markdown are highlighted in place; the code itself must come through
// unchanged, whatever it contains. Highlighting on Shiki's JavaScript regex engine must give
// what Shiki writes on its default (Oniguruma) engine.
import { describe, expect, test } from 'vitest';
import { createHighlighter } from 'shiki';
import { highlight, highlightCodeBlocks, HTML_OPTIONS, THEMES } from '../../src/lib/highlight.ts';
import { escapeHtml, unescapeHtml } from '../../src/lib/inline.ts';

/** The text a reader sees in a highlighted block. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;|&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x26;|&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;|&#x22;/g, '"');

describe('highlightCodeBlocks', () => {
  test('highlights a Python block, keeps the surrounding HTML and every character of the code', async () => {
    const html =
      '<p>Before</p><pre><code class="language-python">if a &lt; b &amp;&amp; c &gt;= 8:\n    print(&quot;x&#39;s&quot;)\n</code></pre><p>After</p>';
    const out = await highlightCodeBlocks(html);
    expect(
      out.startsWith(
        '<p>Before</p><pre class="astro-code shiki shiki-themes github-light-high-contrast github-dark-high-contrast"',
      ),
    ).toBe(true);
    expect(out.endsWith('</pre><p>After</p>')).toBe(true);
    expect(out).toContain('tabindex="0"');
    // the keyword and the builtin are tokens of their own, with both themes' colours
    expect(out).toMatch(/<span style="color:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">\s*print<\/span>/);
    expect(out).toMatch(/<span style="color:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">if<\/span>/);
    expect(text(out.slice(out.indexOf('<pre'), out.indexOf('</pre>')))).toBe('if a < b && c >= 8:\n    print("x\'s")');
  });

  test('a block without a language, or in one Shiki does not know, is plain text; several blocks keep their order', async () => {
    const out = await highlightCodeBlocks(
      '<pre><code>plain &lt;text&gt;</code></pre><pre><code class="language-nosuchlang">x = 1</code></pre><pre><code class="language-bash">echo hi</code></pre>',
    );
    const blocks = [...out.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => text(m[1]!));
    expect(blocks).toEqual(['plain <text>', 'x = 1', 'echo hi']);
    expect((out.match(/class="astro-code/g) ?? []).length).toBe(3);
  });

  test('HTML without code blocks comes back as it was', async () => {
    const html = '<p>No <code>inline</code> block here.</p>';
    expect(await highlightCodeBlocks(html)).toBe(html);
  });
});

describe('unescapeHtml', () => {
  test('undoes escapeHtml and decodes the numeric forms other HTML writers use', () => {
    const text = `a < b && c > "d" it's`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml('&#x3C;tag&#x3E; &#60; &#X26; &apos;')).toBe("<tag> < & '");
    expect(unescapeHtml('&nosuch; stays')).toBe('&nosuch; stays');
  });
});

describe('highlight: one tokenisation for both themes', () => {
  // Shiki's own two-theme output on its default engine, with the options our blocks are written with
  const shikiTwoThemes = async (code: string, lang: string) => {
    const h = await createHighlighter({ themes: Object.values(THEMES), langs: [lang] });
    return h.codeToHtml(code, { lang, ...HTML_OPTIONS });
  };
  const samples: [string, string][] = [
    [
      'python',
      'import torch  # comment <b> & "q"\n\n    def f(a: int) -> str:\n        return f"{a!r}" if a > 1 else None\n',
    ],
    ['bash', 'export CUDA_LAUNCH_BLOCKING=1\ntorchrun --nproc_per_node=8 train.py 2>&1 | tee "log $(date)"'],
    ['yaml', 'zero_optimization:\n  stage: 3 # shard\n  offload_param: { device: cpu }'],
    ['json', '{"fp16": {"enabled": true, "loss_scale": 0}, "x": [1, null]}'],
    // font styles (italic, bold, strike-through, underline) and a language loaded on first use
    ['markdown', '*it* **bold** ~~gone~~ [link](https://example.com)\n# Heading\n  - item <b>&amp;</b>'],
    ['diff', '- old\n+ new\n! changed'],
    ['text', 'plain <x> & y\n\n  indented'],
  ];
  test.each(samples)('%s: byte for byte what Shiki writes with both themes', async (lang, code) => {
    expect(await highlight(code, lang)).toBe(await shikiTwoThemes(code, lang));
  });
});
