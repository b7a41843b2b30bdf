/**
 * A small static server for the browser tests, standing in for a static host: it serves
 * dist/ with directory index files, answers unknown paths with 404.html and a 404 status,
 * and honours the build's _redirects (as 301s) and _headers files the way Netlify and
 * Cloudflare Pages read them, and gzips text as CDNs do (so the benchmark measures what a reader
 * downloads). `node tests/e2e/serve.ts [port] [dir]`.
 */
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const port = Number(process.argv[2] ?? 4329);
const root = resolve(import.meta.dirname, '../..', process.argv[3] ?? 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

function parseRedirects(): Map<string, { to: string; status: number }> {
  const out = new Map<string, { to: string; status: number }>();
  const file = join(root, '_redirects');
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to) continue;
    out.set(from, { to, status: Number(status ?? 301) });
  }
  return out;
}

function parseHeaders(): { pattern: string; headers: [string, string][] }[] {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const i = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

const redirects = parseRedirects();
const headerRules = parseHeaders();
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // a malformed escape (/entries/x%/) is looked up as typed, and finds the 404 page as a host's would
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // kept as typed
  }
  for (const rule of headerRules)
    if (matches(rule.pattern, path)) for (const [k, v] of rule.headers) res.setHeader(k, v);
  const redirect = redirects.get(path) ?? redirects.get(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
  if (redirect) {
    res.writeHead(redirect.status, { Location: redirect.to + url.search });
    res.end();
    return;
  }
  let file = normalize(join(root, path));
  if (!file.startsWith(root)) {
    res.writeHead(400).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  const status = existsSync(file) ? 200 : 404;
  if (status === 404) file = join(root, '404.html');
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  let body = readFileSync(file);
  const headers: Record<string, string> = { 'Content-Type': type };
  if (
    /^(text\/|application\/(json|xml)|image\/svg)/.test(type) &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
  ) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(status, headers);
  res.end(body);
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} on http://localhost:${port}`));
