/**
 * Link-preview images (Open Graph, 1200×630): id, title and category, drawn as SVG and
 * rendered to PNG with resvg. Fonts come from an npm package (DejaVu), so the images are the
 * same on every machine and no font is fetched at build time.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** Renders on libuv's thread pool, so several images and the search indexer run at once. */
export async function renderPng(svg: string): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, { font: { fontFiles: OG_FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'width', value: OG_WIDTH } });
  return image.asPng();
}
