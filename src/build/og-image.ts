/**
 * Link-preview images (Open Graph, laid out at 1200×630, written 800 wide): id, title and
 * category on a dark card. Text is laid out here with the DejaVu fonts (an npm package, so
 * the images are the same on every machine). `ogSvg` is the card as SVG, its text as glyph
 * outlines (handing resvg the font files made it load and parse every font for every image).
 * The build draws cards with `renderCard`: resvg draws the frame every card shares once, and
 * each glyph once per size and sub-pixel offset, and a card is the frame with its glyphs
 * painted on, instead of resvg filling every outline of every card.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { endianness } from 'node:os';
import { constants, crc32, deflateRawSync, deflateSync, type ZlibOptions } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import opentype from 'opentype.js';
import { escapeHtml } from '../lib/inline.ts';
import type { OgCard } from '../lib/og-card.ts';

export type { OgCard };

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = { sans: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', mono: 'DejaVuSansMono-Bold.ttf' } as const;
type FaceName = keyof typeof FONT_FILES;

interface Face {
  font: opentype.Font;
  /** outline of a glyph at the origin, by size and glyph index */
  outlines: Map<string, string>;
  kerning: Map<string, number>;
}

let faces: Record<FaceName, Face> | undefined;

/** The fonts are parsed once per thread (about 0.25 s for the three), on first use. */
function face(name: FaceName): Face {
  faces ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([key, file]) => {
      const bytes = readFileSync(join(FONT_DIR, file));
      const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      return [key, { font, outlines: new Map(), kerning: new Map() }];
    }),
  ) as Record<FaceName, Face>;
  return faces[name];
}

/**
 * Walks a run of text glyph by glyph (advance widths and the font's kerning; no ligatures,
 * which a title card does not need) and calls `place` with each glyph's pen position.
 */
function walk(f: Face, text: string, size: number, place?: (glyph: opentype.Glyph, x: number) => void): number {
  const scale = size / f.font.unitsPerEm;
  let x = 0;
  let prev: opentype.Glyph | undefined;
  for (const ch of text) {
    const glyph = f.font.charToGlyph(ch);
    if (prev) {
      const key = `${prev.index}:${glyph.index}`;
      let k = f.kerning.get(key);
      if (k === undefined) f.kerning.set(key, (k = f.font.getKerningValue(prev, glyph)));
      x += k * scale;
    }
    place?.(glyph, x);
    x += (glyph.advanceWidth ?? 0) * scale;
    prev = glyph;
  }
  return x;
}

/** The width of a run of text, in card pixels. */
export function textWidth(name: FaceName, text: string, size: number): number {
  return walk(face(name), text, size);
}

/** A glyph's outline as SVG path data, at `size`, with its pen position at the origin. */
function outline(f: Face, glyph: opentype.Glyph, size: number): string {
  const key = `${size}:${glyph.index}`;
  let d = f.outlines.get(key);
  if (d === undefined) f.outlines.set(key, (d = glyph.getPath(0, 0, size).toPathData(1)));
  return d;
}

/** A run of text as filled glyph outlines with its baseline starting at (x, y). */
function textRun(name: FaceName, text: string, x: number, y: number, size: number, fill: string): string {
  const f = face(name);
  let out = '';
  walk(f, text, size, (glyph, gx) => {
    const d = outline(f, glyph, size);
    if (d) out += `<path transform="translate(${(x + gx).toFixed(1)} ${y})" d="${d}"/>`;
  });
  return `<g fill="${fill}">${out}</g>`;
}

/** Greedy word wrap by measured width; the last kept line ends with "…" when text is cut. */
export function wrapText(name: FaceName, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && textWidth(name, next, size) > maxWidth) {
      lines.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (last.includes(' ') && textWidth(name, last, size) > maxWidth)
    last = `${last.slice(0, -1).replace(/\s*\S*$/, '')}…`;
  kept[maxLines - 1] = last;
  return kept;
}

const MARGIN = 80;
const TEXT_WIDTH = 1200 - 2 * MARGIN;
const BG = '#0f1217';
const ACCENT = '#ff8f52';
let frame: string | undefined;

/** The parts every card shares: background, accent bar, logo, name and the tag line. */
function frameSvg(): string {
  frame ??= [
    `<rect width="1200" height="630" fill="${BG}"/>`,
    `<rect x="0" y="0" width="1200" height="10" fill="${ACCENT}"/>`,
    `<path d="M${MARGIN} 90h30l14-40 28 80 14-40h30" fill="none" stroke="${ACCENT}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
    textRun('bold', 'Faultline', 216, 104, 38, '#e4e8ee'),
    textRun('sans', 'Cause, symptoms, checks and the fix, free', MARGIN, 585, 28, '#a2acb9'),
  ].join('\n');
  return frame;
}

/** What a card holds besides the frame, in the 1200×630 space: one list for the SVG and the compositor. */
function cardLayout(card: OgCard) {
  const size = card.title.length > 60 ? 58 : 68;
  const idWidth = textWidth('mono', card.id, 36);
  const badge = { x: MARGIN, y: 170, width: idWidth + 36, height: 58, rx: 10 };
  const runs: { face: FaceName; text: string; x: number; y: number; size: number; fill: string }[] = [
    { face: 'mono', text: card.id, x: MARGIN + 18, y: 211, size: 36, fill: '#1a0d05' },
    { face: 'sans', text: card.category, x: MARGIN + idWidth + 60, y: 211, size: 34, fill: '#a2acb9' },
    ...wrapText('bold', card.title, size, TEXT_WIDTH, 4).map((line, i) => ({
      face: 'bold' as const,
      text: line,
      x: MARGIN,
      y: Math.round(320 + i * size * 1.18),
      size,
      fill: '#ffffff',
    })),
  ];
  return { badge, runs };
}

/**
 * The card as SVG, text included as outlines; `<title>` carries the text for inspection. This
 * is the card's definition: the build draws it faster with `renderCard`, which a test holds to
 * what resvg draws from this.
 */
export function ogSvg(card: OgCard): string {
  const { badge, runs } = cardLayout(card);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<title>${escapeHtml(`${card.id} · ${card.category} · ${card.title}`)}</title>
${frameSvg()}
<rect x="${badge.x}" y="${badge.y}" rx="${badge.rx}" width="${badge.width.toFixed(1)}" height="${badge.height}" fill="${ACCENT}"/>
${runs.map((r) => textRun(r.face, r.text, r.x, r.y, r.size, r.fill)).join('\n')}
</svg>`;
}

/** width 800 keeps unfurls sharp and renders in about a third of the time of 1200 */
export const OG_WIDTH = 800;

/** Card pixels per layout unit: a card is laid out at 1200×630 and drawn 800 wide. */
const SCALE = OG_WIDTH / 1200;
export const OG_HEIGHT = Math.round(630 * SCALE);
/** A glyph's pen lands on a quarter of a pixel across, and a baseline on a twelfth down (thirds, at 2/3 scale). */
const X_STEPS = 4;
const Y_STEPS = 12;

/** Coverage (0–255) of a shape, placed at (left, top) on the card. */
interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** Draws SVG shapes in white on a transparent canvas of card pixels and keeps the alpha. */
function coverage(shapes: string, width: number, height: number): Uint8Array {
  const pixels = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`,
    { font: { loadSystemFonts: false } },
  ).render().pixels;
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[i * 4 + 3]!;
  return alpha;
}

/** Glyph masks by face, size, glyph and sub-pixel offset: each is drawn once per thread. */
const glyphMasks = new Map<string, Mask | null>();

function glyphMask(name: FaceName, glyph: opentype.Glyph, size: number, xStep: number, yStep: number): Mask | null {
  const key = `${name}:${size}:${glyph.index}:${xStep}:${yStep}`;
  let mask = glyphMasks.get(key);
  if (mask !== undefined) return mask;
  const f = face(name);
  const d = outline(f, glyph, size);
  const box = glyph.getBoundingBox();
  const unit = (size / f.font.unitsPerEm) * SCALE;
  const dx = xStep / X_STEPS;
  const dy = yStep / Y_STEPS;
  // font units point up, pixels down; a pixel of margin takes the anti-aliased edge
  const left = Math.floor(box.x1 * unit + dx) - 1;
  const top = Math.floor(-box.y2 * unit + dy) - 1;
  const width = Math.ceil(box.x2 * unit + dx) + 1 - left;
  const height = Math.ceil(-box.y1 * unit + dy) + 1 - top;
  mask =
    d && width > 0 && height > 0
      ? {
          left,
          top,
          width,
          height,
          alpha: coverage(
            `<path transform="translate(${dx - left} ${dy - top}) scale(${SCALE})" d="${d}" fill="#fff"/>`,
            width,
            height,
          ),
        }
      : null;
  glyphMasks.set(key, mask);
  return mask;
}

const badgeMasks = new Map<string, Mask>();

/** The identifier's rounded box: one mask per width (identifiers are monospaced, so few widths). */
function badgeMask(b: { x: number; y: number; width: number; height: number; rx: number }): Mask {
  const w = Number(b.width.toFixed(1)); // as the SVG has it
  const key = `${b.x}:${b.y}:${w}:${b.height}:${b.rx}`;
  let mask = badgeMasks.get(key);
  if (mask) return mask;
  const [x, y, width, height] = [b.x * SCALE, b.y * SCALE, w * SCALE, b.height * SCALE];
  const left = Math.floor(x);
  const top = Math.floor(y);
  const cw = Math.ceil(x + width) - left;
  const ch = Math.ceil(y + height) - top;
  mask = {
    left,
    top,
    width: cw,
    height: ch,
    alpha: coverage(
      `<rect x="${x - left}" y="${y - top}" width="${width}" height="${height}" rx="${b.rx * SCALE}" fill="#fff"/>`,
      cw,
      ch,
    ),
  };
  badgeMasks.set(key, mask);
  return mask;
}

const rgb = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];

/** The rows of the canvas painted since it was last the bare frame: [top, bottom). */
let dirtyTop = OG_HEIGHT;
let dirtyBottom = 0;

/** Paints a colour through a mask at (x, y) over the opaque RGBA pixels of the canvas (source over). */
function paint(rgba: Uint8Array, mask: Mask, x: number, y: number, [r, g, b]: [number, number, number]) {
  dirtyTop = Math.max(0, Math.min(dirtyTop, y));
  dirtyBottom = Math.min(OG_HEIGHT, Math.max(dirtyBottom, y + mask.height));
  for (let row = 0; row < mask.height; row++) {
    const py = y + row;
    if (py < 0 || py >= OG_HEIGHT) continue;
    for (let col = 0; col < mask.width; col++) {
      const a = mask.alpha[row * mask.width + col]!;
      const px = x + col;
      if (a === 0 || px < 0 || px >= OG_WIDTH) continue;
      const o = (py * OG_WIDTH + px) * 4;
      if (a === 255) {
        rgba[o] = r;
        rgba[o + 1] = g;
        rgba[o + 2] = b;
      } else {
        const k = 255 - a;
        rgba[o] = (r * a + rgba[o]! * k + 127) / 255;
        rgba[o + 1] = (g * a + rgba[o + 1]! * k + 127) / 255;
        rgba[o + 2] = (b * a + rgba[o + 2]! * k + 127) / 255;
      }
    }
  }
}

/**
 * What every card starts from, made once per thread: the frame's pixels, the frame as palette
 * rows with the palette they built, and the rows above the identifier box (which no card
 * paints) compressed.
 */
interface Frame {
  pixels: Uint8Array;
  rows: Buffer;
  palette: Palette;
  /** the rows above any card's content: how many bytes of `rows` they are, deflated (raw, ending on a flush), and their Adler-32 */
  head: { bytes: number; deflated: Buffer; adler: number };
}

let frameState: Frame | undefined;
let canvas: Buffer | undefined;

/** Rows above the identifier box, the highest thing a card paints (its mask has a pixel of margin). */
const HEAD_ROWS = Math.floor(170 * SCALE) - 2;

function theFrame(): Frame {
  if (frameState) return frameState;
  const pixels = new Uint8Array(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${frameSvg()}</svg>`,
      { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: OG_WIDTH } },
    ).render().pixels,
  );
  const palette = newPalette();
  const rows = Buffer.alloc((OG_WIDTH + 1) * OG_HEIGHT);
  if (
    !palettiseRows(
      new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2),
      OG_WIDTH,
      0,
      OG_HEIGHT,
      rows,
      palette,
    )
  )
    throw new Error('preview images: the frame alone has more than 256 colours');
  const bytes = (OG_WIDTH + 1) * HEAD_ROWS;
  const head = rows.subarray(0, bytes);
  frameState = {
    pixels,
    rows,
    palette,
    head: {
      bytes,
      deflated: deflateRawSync(head, { ...PALETTE_DEFLATE, finishFlush: constants.Z_SYNC_FLUSH }),
      adler: adler32(head),
    },
  };
  return frameState;
}

/** Paints a card's identifier box and text onto the canvas, which holds the bare frame. */
function draw(card: OgCard, rgba: Buffer): void {
  const { badge, runs } = cardLayout(card);
  const box = badgeMask(badge);
  paint(rgba, box, box.left, box.top, rgb(ACCENT));
  for (const run of runs) {
    const y = run.y * SCALE;
    let top = Math.floor(y);
    let yStep = Math.round((y - top) * Y_STEPS);
    if (yStep === Y_STEPS) [top, yStep] = [top + 1, 0];
    const colour = rgb(run.fill);
    walk(face(run.face), run.text, run.size, (glyph, gx) => {
      const x = (run.x + gx) * SCALE;
      let left = Math.floor(x);
      let xStep = Math.round((x - left) * X_STEPS);
      if (xStep === X_STEPS) [left, xStep] = [left + 1, 0];
      const mask = glyphMask(run.face, glyph, run.size, xStep, yStep);
      if (mask) paint(rgba, mask, left + mask.left, top + mask.top, colour);
    });
  }
}

/** Puts the frame back where the last card painted. */
function clearCanvas(rgba: Buffer, f: Frame): void {
  if (dirtyBottom > dirtyTop)
    rgba.set(f.pixels.subarray(dirtyTop * OG_WIDTH * 4, dirtyBottom * OG_WIDTH * 4), dirtyTop * OG_WIDTH * 4);
  dirtyTop = OG_HEIGHT;
  dirtyBottom = 0;
}

/** Draws a card on the canvas, hands it to `use`, and puts the frame back. */
function onCanvas<T>(card: OgCard, use: (rgba: Buffer, f: Frame) => T): T {
  const f = theFrame();
  canvas ??= Buffer.from(f.pixels);
  draw(card, canvas);
  try {
    return use(canvas, f);
  } finally {
    clearCanvas(canvas, f);
  }
}

/** A card's pixels (RGBA, OG_WIDTH × OG_HEIGHT), as renderCard encodes them. */
export function cardPixels(card: OgCard): Buffer {
  return onCanvas(card, (rgba) => Buffer.from(rgba));
}

/**
 * Draws a card and encodes it, synchronously: the build runs this in a worker thread
 * (src/integrations/og-worker.ts) while the main thread renders pages. The frame every card
 * shares is drawn by resvg once per thread, and each glyph once per size and sub-pixel offset;
 * a card is the frame with its glyphs painted on through their masks. Only the rows a card
 * painted are palettised anew, the others are the frame's palette rows, and the rows above the
 * identifier box are compressed once.
 */
export function renderCard(card: OgCard): Buffer {
  return onCanvas(card, (rgba, f) => encodeOverFrame(rgba, f) ?? encodePng(rgba, OG_WIDTH, OG_HEIGHT));
}

/**
 * The PNG of the canvas as a palette image that starts from the frame's palette, with the
 * painted rows palettised and everything below the head compressed; undefined when the card
 * adds so many colours that the palette would pass 256, or painted into the head, which
 * encodePng then handles whole.
 */
function encodeOverFrame(rgba: Buffer, f: Frame): Buffer | undefined {
  if (!LITTLE_ENDIAN || dirtyTop < HEAD_ROWS) return undefined;
  const rows = rowsBuffer(f.rows.length);
  rows.set(f.rows);
  const palette = copyPalette(f.palette);
  if (
    !palettiseRows(
      new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2),
      OG_WIDTH,
      dirtyTop,
      dirtyBottom,
      rows,
      palette,
    )
  )
    return undefined;
  // the rest as a zlib stream of its own: its deflate data follows the head's, which ends on a
  // flush at a byte boundary, and the two checksums combine into the whole rows' checksum
  const rest = deflateSync(rows.subarray(f.head.bytes), PALETTE_DEFLATE);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32Combine(f.head.adler, rest.readUInt32BE(rest.length - 4), rows.length - f.head.bytes));
  const zlib = Buffer.concat([ZLIB_HEADER, f.head.deflated, rest.subarray(2, rest.length - 4), trailer]);
  return palettePng(OG_WIDTH, OG_HEIGHT, palette.colours, zlib);
}

const LITTLE_ENDIAN = endianness() === 'LE';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function png(width: number, height: number, colourType: number, zlib: Buffer, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', zlib),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A palette PNG of index rows already compressed (`zlib`), with the colours as 32-bit RGBA words. */
function palettePng(width: number, height: number, colours: readonly number[], zlib: Buffer): Buffer {
  const plte = Buffer.alloc(colours.length * 3);
  const trns = Buffer.alloc(colours.length);
  let opaque = true;
  colours.forEach((c, i) => {
    // little-endian: the first byte in memory (red) is the lowest
    plte[i * 3] = c & 0xff;
    plte[i * 3 + 1] = (c >>> 8) & 0xff;
    plte[i * 3 + 2] = (c >>> 16) & 0xff;
    trns[i] = c >>> 24;
    if (trns[i] !== 255) opaque = false;
  });
  return png(width, height, 3, zlib, [chunk('PLTE', plte), ...(opaque ? [] : [chunk('tRNS', trns)])]);
}

/**
 * Palette rows are runs of one index: run-length matching is quicker than level 1's general
 * search and a little smaller.
 */
const PALETTE_DEFLATE: ZlibOptions = { level: 1, strategy: constants.Z_RLE };
/** A zlib stream's first two bytes: deflate with a 32 KB window, fastest compression (as level 1 writes them). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
const ADLER_BASE = 65521;

/** zlib's checksum of `data`. */
function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    // 5552 bytes is the most zlib sums before the totals must be reduced
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The checksum of two pieces of data one after the other, from each one's and the second's length (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  let a = first & 0xffff;
  let b = (rem * a) % ADLER_BASE;
  a += (second & 0xffff) + ADLER_BASE - 1;
  b += (first >>> 16) + (second >>> 16) + ADLER_BASE - rem;
  if (a >= ADLER_BASE) a -= ADLER_BASE;
  if (a >= ADLER_BASE) a -= ADLER_BASE;
  if (b >= ADLER_BASE * 2) b -= ADLER_BASE * 2;
  if (b >= ADLER_BASE) b -= ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/**
 * Up to 256 colours and the index of each: open addressing in typed arrays, 1,024 slots for
 * at most 256 colours, keyed by the pixel as a 32-bit word.
 */
interface Palette {
  keys: Uint32Array;
  slots: Int16Array;
  colours: number[];
}

const newPalette = (): Palette => ({ keys: new Uint32Array(1024), slots: new Int16Array(1024).fill(-1), colours: [] });
const copyPalette = (p: Palette): Palette => ({
  keys: p.keys.slice(),
  slots: p.slots.slice(),
  colours: [...p.colours],
});

let rowsKept: Buffer | undefined;

/**
 * The index rows of a palette image, one buffer per thread reused from image to image: a new
 * buffer per card is memory outside V8's heap, and its growth set off full collections of the
 * worker's heap.
 */
function rowsBuffer(size: number): Buffer {
  if (rowsKept?.length !== size) rowsKept = Buffer.allocUnsafe(size);
  return rowsKept;
}

/**
 * Writes rows y0 to y1 of `pixels` as palette rows (a filter byte, 0, then an index per
 * pixel) into `rows`, adding new colours to `palette`; false when it would pass 256 colours.
 * A card is mostly runs of one colour: a run is found by comparing 32-bit pixels and written
 * with one fill, and the table is only consulted where the colour changes.
 */
function palettiseRows(
  pixels: Uint32Array,
  width: number,
  y0: number,
  y1: number,
  rows: Buffer,
  palette: Palette,
): boolean {
  const { keys, slots, colours } = palette;
  let p = y0 * width;
  let last = ~pixels[p]! >>> 0; // differs from the first pixel, so the first lookup happens
  let lastIndex = 0;
  let o = y0 * (width + 1);
  for (let y = y0; y < y1; y++) {
    rows[o++] = 0; // filter: none
    const end = p + width;
    while (p < end) {
      const c = pixels[p]!;
      if (c === last) {
        let q = p + 1;
        while (q < end && pixels[q] === c) q++;
        rows.fill(lastIndex, o, o + q - p);
        o += q - p;
        p = q;
        continue;
      }
      let h = Math.imul(c, 0x9e3779b1) >>> 22;
      while (slots[h] !== -1 && keys[h] !== c) h = (h + 1) & 1023;
      if (slots[h] === -1) {
        if (colours.length === 256) return false;
        keys[h] = c;
        slots[h] = colours.length;
        colours.push(c);
      }
      last = c;
      lastIndex = slots[h]!;
      rows[o++] = lastIndex;
      p++;
    }
  }
  return true;
}

/**
 * A PNG from RGBA pixels (as resvg gives them: not premultiplied). A card is flat colour and
 * anti-aliased text, well under 256 colours, so it is written as a palette image, faster and
 * smaller than RGBA. An image with more than 256 colours is written as RGBA.
 */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  if (rgba.length !== stride * height)
    throw new Error(`encodePng: ${rgba.length} bytes is not ${width}×${height} RGBA`);
  // the palette reads pixels as 32-bit words, red in the low byte: little-endian only
  if (LITTLE_ENDIAN) {
    const aligned = rgba.byteOffset % 4 ? Buffer.from(rgba) : rgba;
    const rows = rowsBuffer((width + 1) * height);
    const palette = newPalette();
    if (
      palettiseRows(
        new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2),
        width,
        0,
        height,
        rows,
        palette,
      )
    )
      return palettePng(width, height, palette.colours, deflateSync(rows, PALETTE_DEFLATE));
  }
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return png(width, height, 6, deflateSync(rows, { level: 6 }));
}
