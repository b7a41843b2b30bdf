/**
 * Link-preview images (Open Graph, laid out at 1200×630, written 800 wide): id, title and
 * category on a dark card. Text is laid out here with the DejaVu fonts (an npm package, so
 * the images are the same on every machine). `ogSvg` is the card as SVG, its text as glyph
 * outlines (handing resvg the font files made it load and parse every font for every image);
 * `renderCard` has resvg draw and encode it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  while (last.includes(' ') && textWidth(name, last, size) > maxWidth) last = `${last.slice(0, -1).replace(/\s*\S*$/, '')}…`;
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

/** What a card holds besides the frame, in the 1200×630 space. */
function cardLayout(card: OgCard) {
  const size = card.title.length > 60 ? 58 : 68;
  const idWidth = textWidth('mono', card.id, 36);
  const badge = { x: MARGIN, y: 170, width: idWidth + 36, height: 58, rx: 10 };
  const runs: { face: FaceName; text: string; x: number; y: number; size: number; fill: string }[] = [
    { face: 'mono', text: card.id, x: MARGIN + 18, y: 211, size: 36, fill: '#1a0d05' },
    { face: 'sans', text: card.category, x: MARGIN + idWidth + 60, y: 211, size: 34, fill: '#a2acb9' },
    ...wrapText('bold', card.title, size, TEXT_WIDTH, 4).map((line, i) => ({ face: 'bold' as const, text: line, x: MARGIN, y: Math.round(320 + i * size * 1.18), size, fill: '#ffffff' })),
  ];
  return { badge, runs };
}

/** The card as SVG, text included as outlines; `<title>` carries the text for inspection. */
export function ogSvg(card: OgCard): string {
  const { badge, runs } = cardLayout(card);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<title>${escapeHtml(`${card.id} · ${card.category} · ${card.title}`)}</title>
${frameSvg()}
<rect x="${badge.x}" y="${badge.y}" rx="${badge.rx}" width="${badge.width.toFixed(1)}" height="${badge.height}" fill="${ACCENT}"/>
${runs.map((r) => textRun(r.face, r.text, r.x, r.y, r.size, r.fill)).join('\n')}
</svg>`;
}

/** Images are written 800 wide: sharp in an unfurl, and a third of the pixels of 1200. */
export const OG_WIDTH = 800;
export const OG_HEIGHT = Math.round((630 * OG_WIDTH) / 1200);

/** A card as a PNG: resvg draws its SVG at OG_WIDTH and encodes it. */
export function renderCard(card: OgCard): Buffer {
  return new Resvg(ogSvg(card), { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng();
}
