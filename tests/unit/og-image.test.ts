// Link-preview images: our PNG encoder, read back by an independent decoder (resvg's, through an
// SVG <image>), must give back exactly the pixels it was given.
import { describe, expect, test } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { encodePng, OG_FONTS, OG_WIDTH, ogSvg, renderPng } from '../../src/lib/og-image.ts';

/** Decodes a PNG with resvg by drawing it 1:1 into an SVG of the same size. */
function decode(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

describe('preview images', () => {
  test('encodePng round-trips opaque RGBA pixels exactly', () => {
    const width = 37;
    const height = 11;
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i * 4);
    const png = encodePng(rgba, width, height);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(decode(png, width, height).equals(rgba)).toBe(true);
  });

  test('encodePng refuses pixels that do not match the size', () => {
    expect(() => encodePng(Buffer.alloc(10), 2, 2)).toThrow(/10 bytes is not 2×2 RGBA/);
  });

  test('a card renders to an 800×420 PNG whose pixels are what resvg drew', () => {
    const svg = ogSvg({ id: 'MEM-003', title: 'Activation distillation memory', category: 'Memory' });
    const png = renderPng(svg);
    expect(png.readUInt32BE(16)).toBe(800);
    expect(png.readUInt32BE(20)).toBe(420);
    const drawn = new Resvg(svg, { font: { fontFiles: OG_FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'width', value: OG_WIDTH } }).render().pixels;
    expect(decode(png, 800, 420).equals(drawn)).toBe(true);
  });
});
