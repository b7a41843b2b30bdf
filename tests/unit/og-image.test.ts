// Link-preview images: a card's PNG, read back by an independent decoder (resvg's, through an
// SVG <image>), must give back exactly the pixels drawn; a card drawn from glyph masks must look
// like resvg's drawing of the card's SVG; cards are laid out within bounds.
import { describe, expect, test } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { cardPixels, OG_HEIGHT, OG_WIDTH, ogSvg, renderCard, textWidth, wrapText } from '../../src/build/og-image.ts';

/** Decodes a PNG with resvg by drawing it 1:1 into an SVG of the same size. */
function decode(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

describe('preview images', () => {
  test('a card is drawn from outlines alone, and renderCard draws what resvg draws from its SVG', async () => {
    const card = { id: 'MEM-003', title: 'Activation distillation memory', category: 'Memory' };
    const svg = ogSvg(card);
    // no <text>: resvg is given no font, so any text element would silently draw nothing
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toContain(`<title>MEM-003 · Memory · ${card.title}</title>`);
    const png = await renderCard(card);
    expect(png.readUInt32BE(16)).toBe(OG_WIDTH);
    expect(png.readUInt32BE(20)).toBe(OG_HEIGHT);
    const drawn = decode(png, OG_WIDTH, OG_HEIGHT);
    const reference = new Resvg(svg, {
      font: { loadSystemFonts: false },
      fitTo: { mode: 'width', value: OG_WIDTH },
    }).render().pixels;
    // glyphs are placed to a quarter of a pixel, so anti-aliased edges may differ a little;
    // a glyph missing, misplaced by a pixel or in the wrong colour would differ on hundreds
    let sum = 0;
    let far = 0;
    for (let i = 0; i < reference.length; i++) {
      const d = Math.abs(reference[i]! - drawn[i]!);
      sum += d;
      if (d > 64) far++;
    }
    expect(sum / reference.length).toBeLessThan(0.25);
    expect(far).toBe(0);
    // the title is drawn: white pixels in the title band, none in the empty band below it
    const white = (y0: number, y1: number) => {
      let n = 0;
      for (let i = y0 * OG_WIDTH * 4; i < y1 * OG_WIDTH * 4; i += 4)
        if (drawn[i]! > 240 && drawn[i + 1]! > 240 && drawn[i + 2]! > 240) n++;
      return n;
    };
    expect(white(170, 230)).toBeGreaterThan(500);
    expect(white(300, 360)).toBe(0);
  });

  test('renderCard gives the same bytes for a card whatever was drawn before it', async () => {
    const a = { id: 'DIST-012', title: 'NCCL watchdog timeout after a rank falls behind', category: 'Distributed' };
    const first = await renderCard(a);
    await renderCard({
      id: 'NUM-7',
      title: 'Loss becomes NaN after a bf16 overflow in the attention scores of a very long sequence',
      category: 'Numerics',
    });
    expect((await renderCard(a)).equals(first)).toBe(true);
    // cards encoded at the same time each keep their own pixels
    const [again, other] = await Promise.all([renderCard(a), renderCard({ ...a, id: 'DIST-013' })]);
    expect(again!.equals(first)).toBe(true);
    expect(other!.equals(first)).toBe(false);
    expect((await renderCard({ ...a, title: 'NCCL watchdog timeout after a rank falls behind!' })).equals(first)).toBe(
      false,
    );
  });

  test('a card is written losslessly: the PNG decodes to exactly the pixels drawn', async () => {
    const cards = [
      { id: 'MEM-003', title: 'Activation distillation memory', category: 'Memory' },
      {
        id: 'CFG-100',
        title:
          'A title so long that it has to be cut: it runs on past the fourth line of the card with words and words and words and more words until the ellipsis',
        category: 'Configuration',
      },
    ];
    for (const card of cards) {
      const png = await renderCard(card);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(decode(png, OG_WIDTH, OG_HEIGHT).equals(cardPixels(card))).toBe(true);
    }
  });

  test('titles wrap by measured width, at most four lines, the last cut with an ellipsis', () => {
    const title =
      'CUDA out of memory from allocator fragmentation during long-sequence training with expandable segments disabled and a very long tail of words that cannot fit';
    const lines = wrapText('bold', title, 58, 1040, 4);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(textWidth('bold', line, 58)).toBeLessThanOrEqual(1040);
    expect(lines[3]).toMatch(/…$/);
    expect(lines.join(' ').replace('…', '')).toBe(title.slice(0, lines.join(' ').length - 1));
    expect(wrapText('bold', 'Short title', 68, 1040, 4)).toEqual(['Short title']);
    // wider glyphs take more room: "W" is wider than "i" in DejaVu Sans Bold
    expect(textWidth('bold', 'WWWW', 40)).toBeGreaterThan(textWidth('bold', 'iiii', 40) * 2);
  });
});
