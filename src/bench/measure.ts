/** Measurements over a built site: sizes, the weight of an entry page before interaction. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export function treeSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs);
      else {
        bytes += st.size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  raw: number;
  gzip: number;
  jsFiles: number;
}

/** HTML + CSS + JS a page loads before any interaction, following static JS imports. */
export function pageWeight(dist: string, pagePath: string): PageWeight {
  const html = readFileSync(join(dist, pagePath, 'index.html'));
  const text = html.toString('utf8');
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const scripts = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...scripts];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = readFileSync(join(dist, src)).toString('utf8');
    // static imports only (dynamic import() loads on use, not on page load)
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, `https://x${src}`).pathname);
    }
  }
  const read = (p: string) => readFileSync(join(dist, p));
  const cssBytes = css.map(read);
  const jsBytes = [...seen].map(read);
  const all = [html, ...cssBytes, ...jsBytes];
  return {
    html: html.length,
    css: cssBytes.reduce((n, b) => n + b.length, 0),
    js: jsBytes.reduce((n, b) => n + b.length, 0),
    raw: all.reduce((n, b) => n + b.length, 0),
    gzip: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    jsFiles: seen.size,
  };
}

/** A deterministic ~10 MB training log with real error lines at the end and in the middle. */
export function syntheticLog(bytes: number, errorLines: string[]): string {
  const lines: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const line =
      i % 50 === 0
        ? `[rank${i % 8}]:[2026-03-14 09:${String(Math.floor(i / 6000) % 60).padStart(2, '0')}:03,551] INFO trainer.py:1523 >> {'loss': ${(2 + Math.sin(i)).toFixed(4)}, 'grad_norm': ${(1 + Math.cos(i)).toFixed(3)}, 'learning_rate': 3e-05, 'epoch': ${(i / 1e5).toFixed(2)}}`
        : `[rank${i % 8}]:  ${i % 7 === 0 ? 'WARNING' : 'INFO'} step ${i} | tokens/s ${(9000 + (i % 997)).toString()} | mem ${(40 + (i % 13) / 10).toFixed(1)} GiB | data ${(i % 17) / 10}s`;
    lines.push(line);
    size += line.length + 1;
    if (i === 40_000) lines.push(...errorLines.slice(0, 1));
    i++;
  }
  lines.push(...errorLines);
  return `${lines.join('\n')}\n`;
}
