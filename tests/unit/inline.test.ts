// The inline Markdown of frontmatter strings (summaries, cause and fix titles, symptom
// wordings): three constructs are rendered, everything else is escaped, so an entry's
// frontmatter can never put HTML on a page.
import { describe, expect, test } from 'vitest';
import { escapeHtml, inlineToText, renderInline } from '../../src/lib/inline.ts';

describe('renderInline', () => {
  test('plain text comes back as it is, and markup characters are escaped', () => {
    expect(renderInline('Set the flag before the first allocation')).toBe('Set the flag before the first allocation');
    expect(renderInline(`<img src=x onerror=alert(1)> & "quoted" 'single'`)).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;',
    );
  });

  test('code spans, bold and https links are rendered; the text around them is escaped', () => {
    expect(renderInline('Set `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` <now>')).toBe(
      'Set <code>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True</code> &lt;now&gt;',
    );
    expect(renderInline('**Do not** call `.item()` in the loop')).toBe(
      '<strong>Do not</strong> call <code>.item()</code> in the loop',
    );
    expect(renderInline('See [the notes](https://docs.pytorch.org/docs/stable/notes/cuda.html) & more')).toBe(
      'See <a href="https://docs.pytorch.org/docs/stable/notes/cuda.html">the notes</a> &amp; more',
    );
  });

  test('nothing inside a code span is interpreted, and its HTML is escaped', () => {
    expect(renderInline('`**not bold** <b>` and **bold**')).toBe(
      '<code>**not bold** &lt;b&gt;</code> and <strong>bold</strong>',
    );
  });

  test('links that are not https, and markup that does not close, stay text', () => {
    expect(renderInline('[click](javascript:alert(1))')).toBe('[click](javascript:alert(1))');
    expect(renderInline('[page](http://example.com)')).toBe('[page](http://example.com)');
    expect(renderInline('a * b ** c and a lone ` tick [x')).toBe('a * b ** c and a lone ` tick [x');
    expect(renderInline(`[x](https://e.com/"onmouseover="alert(1))`)).toBe(
      '<a href="https://e.com/&quot;onmouseover=&quot;alert(1">x</a>)',
    );
  });
});

describe('escapeHtml and inlineToText', () => {
  test('escapeHtml returns a string with nothing to escape unchanged, and escapes all five characters', () => {
    expect(escapeHtml('nothing to escape — even “quotes”')).toBe('nothing to escape — even “quotes”');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  test('inlineToText keeps the words and drops the markup', () => {
    expect(inlineToText('**Set** `CUDA_LAUNCH_BLOCKING=1` per [the docs](https://docs.pytorch.org/)')).toBe(
      'Set CUDA_LAUNCH_BLOCKING=1 per the docs',
    );
  });
});
