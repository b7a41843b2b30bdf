/** Plain-text rendering of an entry for `faultline explain`, like `rustc --explain`. */
import type { CliEntry } from './types.ts';

function wrap(text: string, indent = '', width = 88): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let cur = indent;
  for (const w of words) {
    if (cur.length + w.length + 1 > width && cur.trim()) {
      lines.push(cur.trimEnd());
      cur = indent;
    }
    cur += `${w} `;
  }
  if (cur.trim()) lines.push(cur.trimEnd());
  return lines.join('\n');
}

/** The body's "## Fix" section, with MDX tags turned into plain labels. */
export function fixSectionText(body: string): string {
  const start = body.search(/^## Fix\s*$/m);
  if (start === -1) return '';
  const rest = body.slice(start).replace(/^## Fix\s*$/m, '');
  const end = rest.search(/^## /m);
  return (end === -1 ? rest : rest.slice(0, end))
    .replace(/^<Tab label="([^"]*)">\s*$/gm, '--- $1 ---')
    .replace(/^<\/?Tabs>\s*$|^<\/Tab>\s*$/gm, '')
    .replace(/^<Callout[^>]*>\s*$/gm, 'Note:')
    .replace(/^<\/Callout>\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `site` is the origin links are written with, such as https://faultline.dev. */
export function explainEntry(e: CliEntry, site: string): string {
  const out: string[] = [];
  out.push(`${e.id}: ${e.title}`, `${site}${e.url}`, '');
  out.push(wrap(e.summary), '');
  if (e.fingerprint) out.push('Fingerprint:', `    ${e.fingerprint}`, '');
  else out.push('Fingerprint: none (a silent failure; see the confirm checklist on the page).', '');
  out.push('Root causes:');
  for (const c of e.rootCauses) out.push(wrap(`- ${c.title}. ${c.detail}`, '  ').replace(/^ {2}/, '  '));
  out.push('', 'Fixes:');
  for (const f of e.fixes) out.push(wrap(`- ${f.title}. ${f.summary}`, '  '));
  if (e.fixText) out.push('', 'Fix in code:', '', e.fixText);
  out.push('');
  return `${out.join('\n')}\n`;
}
