/**
 * Link-preview images (Open Graph, laid out at 1200×630, written 800 wide): id, title and
 * category on a dark card. Text is laid out here with the DejaVu fonts (an npm package, so
 * the images are the same on every machine). `ogSvg` is the card as SVG, its text as glyph
 * outlines (handing resvg the font files made it load and parse every font for every image).
 * The build draws cards with `renderCard`: resvg draws the frame every card shares once, and
 * each glyph once per size and sub-pixel offset, and a card is the frame with its glyphs
 * painted on, instead of resvg filling every outline of every card; sharp writes the PNG.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
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

/** The fonts are parsed once per thread, on first use. */
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

/** Paints a colour through a mask at (x, y) over the opaque RGBA pixels of the canvas (source over). */
function paint(rgba: Uint8Array, mask: Mask, x: number, y: number, [r, g, b]: [number, number, number]) {
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

let framePixels: Uint8Array | undefined;

/** The pixels every card starts from, drawn by resvg once per thread. */
function theFrame(): Uint8Array {
  framePixels ??= new Uint8Array(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${frameSvg()}</svg>`,
      { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: OG_WIDTH } },
    ).render().pixels,
  );
  return framePixels;
}

/** Paints a card's identifier box and text onto a copy of the frame. */
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

/** A canvas of card pixels that the next card can reuse (fresh buffers of this size set off full collections of the thread's heap). */
let spare: Buffer | undefined;

/** Draws a card onto `canvas` (the frame copied in first, then the card's glyphs painted on). */
function drawCard(card: OgCard, canvas: Buffer): Buffer {
  canvas.set(theFrame());
  draw(card, canvas);
  return canvas;
}

/**
 * A card's pixels (RGBA, OG_WIDTH × OG_HEIGHT, opaque). The frame every card shares is drawn
 * by resvg once per thread, and each glyph once per size and sub-pixel offset; a card is the
 * frame with its glyphs painted on through their masks.
 */
export function cardPixels(card: OgCard): Buffer {
  return drawCard(card, Buffer.allocUnsafe(OG_WIDTH * OG_HEIGHT * 4));
}

/**
 * A card as a PNG: drawn here, encoded by sharp, losslessly and without the alpha channel (a
 * card is opaque). The build runs this in a worker thread (src/integrations/og-worker.ts)
 * while the main thread renders pages.
 */
export async function renderCard(card: OgCard): Promise<Buffer> {
  // one libvips thread per image: the build's main thread needs the other core
  sharp.concurrency(1);
  // the canvas is the encoder's input until it finishes: a card drawn meanwhile takes another
  const canvas = spare ?? Buffer.allocUnsafe(OG_WIDTH * OG_HEIGHT * 4);
  spare = undefined;
  try {
    return await sharp(drawCard(card, canvas), { raw: { width: OG_WIDTH, height: OG_HEIGHT, channels: 4 } })
      .removeAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer();
  } finally {
    spare = canvas;
  }
}
