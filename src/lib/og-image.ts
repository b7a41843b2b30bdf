/**
 * Link-preview images (Open Graph, 1200×630): id, title and category, drawn as SVG and
 * rendered to PNG with resvg. Fonts come from an npm package (DejaVu), so the images are the
 * same on every machine and no font is fetched at build time.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { escapeHtml } from './inline.ts';

export interface OgCard {
  id: string;
  title: string;
  category: string;
}

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const OG_FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono-Bold.ttf'].map((f) => join(FONT_DIR, f));

/** Greedy word wrap by an average glyph width; good enough for a title card. */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/)) {
    if (cur && (cur + ' ' + word).length > maxChars) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s*\S*$/, '')}…`;
    return kept;
  }
  return lines;
}

export function ogSvg(card: OgCard): string {
  const size = card.title.length > 60 ? 58 : 68;
  const lines = wrap(card.title, size > 60 ? 26 : 30, 4);
  const title = lines.map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : size * 1.18}">${escapeHtml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#0f1217"/>
<rect x="0" y="0" width="1200" height="10" fill="#ff8f52"/>
<path d="M80 90h30l14-40 28 80 14-40h30" fill="none" stroke="#ff8f52" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
<text x="216" y="104" font-family="DejaVu Sans" font-weight="bold" font-size="38" fill="#e4e8ee">Faultline</text>
<rect x="80" y="170" rx="10" width="${card.id.length * 26 + 36}" height="58" fill="#ff8f52"/>
<text x="98" y="211" font-family="DejaVu Sans Mono" font-weight="bold" font-size="36" fill="#1a0d05">${escapeHtml(card.id)}</text>
<text x="${80 + card.id.length * 26 + 60}" y="211" font-family="DejaVu Sans" font-size="34" fill="#a2acb9">${escapeHtml(card.category)}</text>
<text x="80" y="${320}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#ffffff">${title}</text>
<text x="80" y="585" font-family="DejaVu Sans" font-size="28" fill="#a2acb9">Cause, symptoms, checks and the fix, free</text>
</svg>`;
}

/** width 800 keeps unfurls sharp and renders in about a third of the time of 1200 */
export const OG_WIDTH = 800;

/**
 * Draws a card and encodes it, synchronously: the build runs this in a worker thread of its
 * own (src/integrations/og-worker.ts), on the second core while the main thread renders pages.
 * resvg's own asPng() took 19 ms an image, more than drawing it; see encodePng.
 */
export function renderPng(svg: string): Buffer {
  const image = new Resvg(svg, { font: { fontFiles: OG_FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'width', value: OG_WIDTH } }).render();
  return encodePng(image.pixels, image.width, image.height);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG (8-bit RGBA, no interlace) from resvg's RGBA pixels. Each row takes filter 0 (none)
 * and zlib level 6: measured on our cards, that is both the fastest and the smallest choice
 * (7 ms and about 20 KB, against 19 ms and 48 KB from asPng), because a card is flat colour
 * and text.
 */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`encodePng: ${rgba.length} bytes is not ${width}×${height} RGBA`);
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
