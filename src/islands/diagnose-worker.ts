/// <reference lib="webworker" />
/**
 * The diagnose worker: matching runs here, off the main thread, on text or a File read in
 * chunks. It fetches the fingerprints once (a static file of this site), and the entries' word
 * profiles the first time a log matches nothing; the log itself is never sent anywhere.
 */
import type { Fingerprints } from '../lib/diagnose/fingerprints.ts';
import type { WordProfiles } from '../lib/diagnose/profiles.ts';
import { compileMatcher, startScan, type Matcher } from '../lib/diagnose/match.ts';
import { informativeLine } from '../lib/diagnose/normalize.ts';
import { sniffEncoding } from '../lib/diagnose/encoding.ts';

/** A job. There is no cancel message: the page ends a job by terminating this worker. */
export type WorkerRequest = { type: 'text'; text: string } | { type: 'file'; file: File };

const CHUNK = 4 * 1024 * 1024;
/** Above this, only the head and the tail are scanned: that is where failures are reported. */
const FULL_SCAN_LIMIT = 512 * 1024 * 1024;
const HEAD_TAIL = 64 * 1024 * 1024;

let matcher: Promise<Matcher> | undefined;
let profiles: Promise<WordProfiles> | undefined;
let job = 0;

function fetchJson<T>(url: string, what: string): Promise<T> {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`could not load the ${what} (${r.status} from ${url})`);
    return r.json() as Promise<T>;
  });
}

function load(url: string): Promise<Matcher> {
  matcher ??= fetchJson<Fingerprints>(url, 'fingerprints').then(compileMatcher);
  return matcher;
}

/** Loaded once; a failed load is tried again with the next log. */
function loadProfiles(url: string): Promise<WordProfiles> {
  profiles ??= fetchJson<WordProfiles>(url, 'word profiles').catch((error: Error) => {
    profiles = undefined;
    throw error;
  });
  return profiles;
}

const post = (msg: unknown) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg);

async function run(req: WorkerRequest, url: string, profilesUrl: string) {
  const id = ++job;
  const started = performance.now();
  const m = await load(url);
  const scan = startScan(m);
  let mode: 'text' | 'full' | 'head-tail' = 'text';
  let sample = '';
  let total = 0;
  let scanned = 0;
  if (req.type === 'text') {
    total = scanned = req.text.length;
    scan.push(req.text.replaceAll('\0', '\n'));
    sample = req.text.slice(-200_000);
  } else if (req.type === 'file') {
    const file = req.file;
    total = file.size;
    const ranges: [number, number][] =
      file.size > FULL_SCAN_LIMIT
        ? [
            [0, HEAD_TAIL],
            [file.size - HEAD_TAIL, file.size],
          ]
        : [[0, file.size]];
    mode = ranges.length > 1 ? 'head-tail' : 'full';
    // UTF-16 (a byte-order mark, or zero bytes between letters) is decoded as such
    const decoder = new TextDecoder(sniffEncoding(new Uint8Array(await file.slice(0, 4).arrayBuffer())));
    for (const [from, to] of ranges) {
      if (from > 0) scan.push('\n');
      for (let at = from; at < to; at += CHUNK) {
        if (id !== job) return; // superseded by a newer job
        const bytes = new Uint8Array(await file.slice(at, Math.min(to, at + CHUNK)).arrayBuffer());
        // a NUL separates records as a newline would (some loggers and `find -print0` write them)
        const text = decoder.decode(bytes, { stream: at + CHUNK < to }).replaceAll('\0', '\n');
        scan.push(text);
        scanned += bytes.length;
        if (at + CHUNK >= to) sample = text.slice(-200_000);
        post({ type: 'progress', done: scanned, total });
      }
    }
  }
  if (id !== job) return;
  let diagnosis = scan.finish();
  // nothing matched: the entries whose words the log shares most, as leads
  let leadsError: string | undefined;
  if (!diagnosis.candidates.length) {
    try {
      const closest = scan.closest(await loadProfiles(profilesUrl));
      if (id !== job) return;
      if (closest.length) diagnosis = { ...diagnosis, closest };
    } catch (error) {
      leadsError = (error as Error).message;
    }
  }
  post({
    type: 'result',
    diagnosis,
    mode,
    total,
    scanned,
    ms: Math.round(performance.now() - started),
    informative: diagnosis.candidates.length ? undefined : informativeLine(sample),
    leadsError,
    labels: Object.fromEntries(m.fp.symptoms.map((s) => [s.id, s.label])),
  });
}

self.addEventListener('message', (event: MessageEvent<{ req: WorkerRequest; url: string; profiles: string }>) => {
  const { req, url, profiles } = event.data;
  run(req, url, profiles).catch((error: Error) => post({ type: 'error', message: error.message }));
});
