// Link-preview images: our PNG encoder, read back by an independent decoder (resvg's, through an
// SVG <image>), must give back exactly the pixels it was given; a card drawn from glyph masks
// must look like resvg's drawing of the card's SVG; cards are laid out within bounds.
import { describe, expect, test } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { inflateSync } from 'node:zlib';
import {
  cardPixels,
  encodePng,
  OG_HEIGHT,
  OG_WIDTH,
  ogSvg,
  renderCard,
  textWidth,
  wrapText,
} from '../../src/build/og-image.ts';

/** Decodes a PNG with resvg by drawing it 1:1 into an SVG of the same size. */
function decode(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}
/** The PNG colour type, from the IHDR chunk. */
const colourType = (png: Buffer) => png[25];
const hasChunk = (png: Buffer, type: string) => png.includes(Buffer.from(type, 'latin1'));
/** The data of a PNG's IDAT chunks, joined: one zlib stream. */
function idat(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let o = 8; o < png.length;) {
    const length = png.readUInt32BE(o);
    if (png.toString('latin1', o + 4, o + 8) === 'IDAT') parts.push(png.subarray(o + 8, o + 8 + length));
    o += 12 + length;
  }
  return Buffer.concat(parts);
}

describe('preview images', () => {
  test('encodePng round-trips an image of more than 256 colours exactly, as RGBA', () => {
    const width = 37;
    const height = 11;
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([i & 255, i >> 8, (i * 29) % 256, 255], i * 4); // 407 colours
    const png = encodePng(rgba, width, height);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(colourType(png)).toBe(6);
    expect(decode(png, width, height).equals(rgba)).toBe(true);
  });

  test('encodePng writes an image of at most 256 colours as a palette, and it round-trips exactly', () => {
    const width = 64;
    const height = 16;
    const rgba = Buffer.alloc(width * height * 4);
    // 256 colours in runs of four pixels, the way flat fills and anti-aliased edges come
    for (let i = 0; i < width * height; i++)
      rgba.set([(i >> 2) % 256, 255 - ((i >> 2) % 256), ((i >> 2) * 37) % 256, 255], i * 4);
    const png = encodePng(rgba, width, height);
    expect(colourType(png)).toBe(3);
    expect(hasChunk(png, 'PLTE')).toBe(true);
    expect(hasChunk(png, 'tRNS')).toBe(false);
    expect(decode(png, width, height).equals(rgba)).toBe(true);
  });

  test('a palette image with transparent pixels carries their alpha', () => {
    const width = 8;
    const height = 2;
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) if (i % 3) rgba.set([200, 10, 60, 255], i * 4);
    const png = encodePng(rgba, width, height);
    expect(colourType(png)).toBe(3);
    expect(hasChunk(png, 'tRNS')).toBe(true);
    expect(decode(png, width, height).equals(rgba)).toBe(true);
  });

  test('encodePng reads pixels at any offset in memory', () => {
    const pool = Buffer.alloc(2 * 2 * 4 + 1);
    const rgba = pool.subarray(1);
    rgba.set([1, 2, 3, 255, 4, 5, 6, 255, 1, 2, 3, 255, 9, 9, 9, 255]);
    expect(decode(encodePng(rgba, 2, 2), 2, 2).equals(rgba)).toBe(true);
  });

  test('encodePng refuses pixels that do not match the size', () => {
    expect(() => encodePng(Buffer.alloc(10), 2, 2)).toThrow(/10 bytes is not 2×2 RGBA/);
  });

  test('a card is drawn from outlines alone, and renderCard draws what resvg draws from its SVG', () => {
    const card = { id: 'MEM-003', title: 'Activation distillation memory', category: 'Memory' };
    const svg = ogSvg(card);
    // no <text>: resvg is given no font, so any text element would silently draw nothing
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toContain(`<title>MEM-003 · Memory · ${card.title}</title>`);
    const png = renderCard(card);
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

  test('renderCard gives the same bytes for a card whatever was drawn before it', () => {
    const a = { id: 'DIST-012', title: 'NCCL watchdog timeout after a rank falls behind', category: 'Distributed' };
    const first = renderCard(a);
    renderCard({
      id: 'NUM-7',
      title: 'Loss becomes NaN after a bf16 overflow in the attention scores of a very long sequence',
      category: 'Numerics',
    });
    expect(renderCard(a).equals(first)).toBe(true);
    expect(renderCard({ ...a, title: 'NCCL watchdog timeout after a rank falls behind!' }).equals(first)).toBe(false);
  });

  test('a card encoded over the frame decodes to exactly the pixels drawn, its checksum intact', () => {
    const cards = [
      { id: 'MEM-003', title: 'Activation distillation memory', category: 'Memory' },
      {
        id: 'DIST-012',
        title: 'NCCL watchdog timeout after a rank falls behind in the all-reduce of a very large bucket of gradients',
        category: 'Distributed',
      },
      {
        id: 'CFG-100',
        title:
          'A title so long that it has to be cut: it runs on past the fourth line of the card with words and words and words and more words until the ellipsis',
        category: 'Configuration',
      },
    ];
    const first = cardPixels(cards[0]!);
    for (const card of cards) {
      const png = renderCard(card);
      expect(colourType(png)).toBe(3);
      // Node's zlib checks the stream's Adler-32 (resvg's decoder does not): the head compressed
      // once and the rest of each card make one stream with one checksum
      const rows = inflateSync(idat(png));
      expect(rows.length).toBe((OG_WIDTH + 1) * OG_HEIGHT);
      expect(decode(png, OG_WIDTH, OG_HEIGHT).equals(cardPixels(card))).toBe(true);
    }
    // the frame is put back after each card: the first card, drawn again after the others, is as it was
    expect(cardPixels(cards[0]!).equals(first)).toBe(true);
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
