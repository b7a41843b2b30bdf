// The body reader every content check uses: code blocks and headings as the renderer sees them.
import { describe, expect, test } from 'vitest';
import { scanBody } from '../../src/lib/content/fences.ts';
import { bodyHeadings } from '../../src/lib/content/validate.ts';

describe('scanBody', () => {
  test('a fenced block: its language, its code and the line its code starts on', () => {
    const body = ['## Fix', '', '```Python title="fix.py"', 'import torch', '  x = 1', '```', '', 'After.'].join('\n');
    const { blocks, inFence } = scanBody(body);
    expect(blocks).toEqual([{ lang: 'python', code: 'import torch\n  x = 1', start: 3 }]);
    expect(inFence).toEqual([false, false, true, true, true, true, false, false]);
  });

  test('a tilde fence closes only on a marker at least as long; an unclosed one runs to the end', () => {
    const body = ['~~~~', '~~~', 'still code', '~~~~~', 'prose', '```bash', 'echo open'].join('\n');
    const { blocks, inFence } = scanBody(body);
    expect(blocks.map((b) => [b.lang, b.code, b.start])).toEqual([
      ['text', '~~~\nstill code', 1],
      ['bash', 'echo open', 6],
    ]);
    expect(inFence[4]).toBe(false);
    expect(inFence[6]).toBe(true);
  });

  test('indented code is code, as the page renders it', () => {
    const body = ['Run this:', '', '    ## not a heading', '    torchrun train.py', '', '## Fix'].join('\n');
    const { blocks, inFence } = scanBody(body);
    expect(blocks).toEqual([{ lang: 'text', code: '## not a heading\ntorchrun train.py', start: 2 }]);
    expect(inFence.slice(2, 4)).toEqual([true, true]);
    expect(bodyHeadings(body)).toEqual([{ text: 'Fix', line: 5 }]);
  });

  test('headings: their text without markers or formatting, none from inside a fence', () => {
    const body = [
      '## Why it happens ##',
      '',
      '```md',
      '## Fix',
      '```',
      '',
      '### A `subsection`',
      '',
      'Fix',
      '---',
    ].join('\n');
    expect(scanBody(body).headings).toEqual([
      { depth: 2, text: 'Why it happens', line: 0 },
      { depth: 3, text: 'A subsection', line: 6 },
      { depth: 2, text: 'Fix', line: 8 },
    ]);
  });
});
