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

export interface TreeMemory {
  /** the most the process and all its descendants held at once (sum of their resident sets) */
  peakBytes: number;
  /** each program's own high-water mark (the largest process of that name) */
  peakByProgram: Record<string, number>;
}

/**
 * Samples the resident memory of a process and all its descendants (Astro's node process, its
 * worker threads, the Pagefind binary it starts) every `everyMs` from /proc, until stopped.
 * The peak sum is what the machine must hold at once; a build's processes overlap (Astro
 * stays alive while Pagefind indexes), so the largest single process understates it. Linux
 * only: elsewhere it reports nothing.
 */
export function sampleTreeMemory(rootPid: number, everyMs = 200): { stop: () => TreeMemory } {
  const result: TreeMemory = { peakBytes: 0, peakByProgram: {} };
  const status = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return undefined; // the process ended between listing and reading
    }
  };
  const field = (text: string, name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  const sample = () => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return;
    }
    const parent = new Map<string, string>();
    const texts = new Map<string, string>();
    for (const pid of pids) {
      const text = status(pid);
      if (!text) continue;
      texts.set(pid, text);
      parent.set(pid, /^PPid:\s+(\d+)/m.exec(text)?.[1] ?? '');
    }
    const inTree = (pid: string): boolean => {
      for (let p: string | undefined = pid, hops = 0; p && hops < 64; p = parent.get(p), hops++)
        if (p === String(rootPid)) return true;
      return false;
    };
    let total = 0;
    for (const [pid, text] of texts) {
      if (!inTree(pid)) continue;
      total += field(text, 'VmRSS');
      const name = /^Name:\s+(.+)$/m.exec(text)?.[1] ?? pid;
      result.peakByProgram[name] = Math.max(result.peakByProgram[name] ?? 0, field(text, 'VmHWM'));
    }
    result.peakBytes = Math.max(result.peakBytes, total);
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop: () => {
      clearInterval(timer);
      return result;
    },
  };
}

/**
 * The run a repeated benchmark reports: the median by wall time, and of an even number the
 * slower of the two middle ones, so that repeating a build never makes its figure faster than
 * half of its runs. Returns its index in `walls` (run order).
 */
export function medianRun(walls: readonly number[]): number {
  if (!walls.length) throw new Error('medianRun: no runs');
  const order = walls.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return order[Math.floor(order.length / 2)]![1];
}
