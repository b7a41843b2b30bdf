/**
 * Reads one log for the matcher, as a stream with bounded memory: a file by its bytes (a large
 * file by its head and tail, as the browser does), standard input up to a limit. Decodes
 * UTF-8, and UTF-16 by its byte order mark (or by the zero bytes of ASCII text without one);
 * a NUL separates lines, as it does in `find -print0` output and in logs of crashed writers.
 */
import { sniffEncoding, type Encoding } from '../../lib/diagnose/encoding.ts';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Diagnosis, Scan } from '../../lib/diagnose/match.ts';

export interface Limits {
  /** a file larger than this is scanned by its head and tail only */
  fullScan: number;
  /** the head and the tail of such a file */
  headTail: number;
  /** standard input is read up to this many bytes, then no further */
  stdin: number;
  /** a line longer than this many characters is matched on its first part */
  line: number;
  /** bytes read at a time */
  chunk: number;
}

const MiB = 1024 * 1024;
/** The browser's rule (src/islands/diagnose-worker.ts), for files; stdin stops at the same size. */
export const LIMITS: Limits = { fullScan: 512 * MiB, headTail: 64 * MiB, stdin: 512 * MiB, line: 64 * MiB, chunk: MiB };

export interface LogScan {
  diagnosis: Diagnosis;
  /** the input's size in bytes; for standard input, the bytes read */
  bytes: number;
  /** the bytes matched */
  scanned: number;
  /** 'head-tail': a large file, scanned by its two ends; 'stopped': stdin reached its limit */
  mode: 'full' | 'head-tail' | 'stopped';
  encoding: Encoding;
  /** lines longer than Limits.line, cut there */
  cutLines: number;
  /** NUL bytes were read as line breaks */
  nul: boolean;
}

export class InputError extends Error {}

/** What went wrong reading `name`, and what to do about it. */
export function readErrorMessage(name: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return `no such file: ${name} (check the path, or give - to read standard input)`;
    case 'EACCES':
    case 'EPERM':
      return `cannot read ${name}: permission denied; make it readable (chmod u+r ${name}) or copy it somewhere you can read`;
    case 'EISDIR':
      return `${name} is a directory; give a log file inside it`;
    default:
      return `cannot read ${name}: ${error.message}; give a regular file, or pipe it to - for standard input`;
  }
}

/** Complete lines to the matcher, NUL read as a line break, each line cut at `maxLine`. */
class LineFeeder {
  #pending: string[] = [];
  #pendingLength = 0;
  #cutting = false;
  cutLines = 0;
  nul = false;

  private scan: Scan;
  private maxLine: number;

  constructor(scan: Scan, maxLine: number) {
    this.scan = scan;
    this.maxLine = maxLine;
  }

  write(text: string): void {
    if (text.includes('\0')) {
      text = text.replaceAll('\0', '\n');
      this.nul = true;
    }
    const last = text.lastIndexOf('\n');
    if (last === -1) return this.#hold(text);
    let from = 0;
    if (this.#pendingLength || this.#cutting) {
      from = text.indexOf('\n') + 1;
      this.#hold(text.slice(0, from - 1));
      this.scan.push(`${this.#pending.join('')}\n`);
      this.#pending = [];
      this.#pendingLength = 0;
      this.#cutting = false;
    }
    if (from <= last) this.#pushLines(text.slice(from, last + 1));
    this.#hold(text.slice(last + 1));
  }

  end(): void {
    if (this.#pendingLength) this.scan.push(this.#pending.join(''));
    this.#pending = [];
    this.#pendingLength = 0;
  }

  /** whole lines, ending in \n; only a block longer than a line may hold one to cut */
  #pushLines(block: string): void {
    if (block.length <= this.maxLine) return this.scan.push(block);
    const lines = block.split('\n');
    lines.pop();
    for (const line of lines) {
      if (line.length > this.maxLine) this.cutLines++;
      this.scan.push(`${line.length > this.maxLine ? line.slice(0, this.maxLine) : line}\n`);
    }
  }

  #hold(part: string): void {
    if (!part) return;
    const room = this.maxLine - this.#pendingLength;
    if (part.length > room) {
      if (!this.#cutting) this.cutLines++;
      this.#cutting = true;
      part = part.slice(0, room);
    }
    if (!part) return;
    this.#pending.push(part);
    this.#pendingLength += part.length;
  }
}

/** Decodes byte chunks, sniffing the encoding from the first four bytes of the input. */
class Decoder {
  #decoder: TextDecoder | undefined;
  #head: Uint8Array[] = [];
  #headLength = 0;
  encoding: Encoding = 'utf-8';

  private feeder: LineFeeder;

  constructor(feeder: LineFeeder) {
    this.feeder = feeder;
  }

  write(bytes: Uint8Array): void {
    if (!this.#decoder) {
      this.#head.push(bytes);
      this.#headLength += bytes.length;
      if (this.#headLength < 4) return;
      this.#start();
      return;
    }
    this.feeder.write(this.#decoder.decode(bytes, { stream: true }));
  }

  end(): void {
    if (!this.#decoder) this.#start();
    this.feeder.write(this.#decoder!.decode());
  }

  /** continue with the same encoding at another place in the input (a file's tail) */
  restart(): void {
    this.#decoder = new TextDecoder(this.encoding);
  }

  #start(): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.encoding = sniffEncoding(head);
    this.#decoder = new TextDecoder(this.encoding);
    this.feeder.write(this.#decoder.decode(head, { stream: true }));
  }
}

async function readRange(
  fh: FileHandle,
  name: string,
  from: number,
  to: number,
  limits: Limits,
  each: (bytes: Uint8Array) => void,
): Promise<number> {
  const buffer = Buffer.alloc(limits.chunk);
  let at = from;
  while (at < to) {
    let n: number;
    try {
      ({ bytesRead: n } = await fh.read(buffer, 0, Math.min(limits.chunk, to - at), at));
    } catch (error) {
      throw new InputError(readErrorMessage(name, error as NodeJS.ErrnoException));
    }
    if (n === 0) break;
    each(buffer.subarray(0, n));
    at += n;
  }
  return at - from;
}

/** Scans a file by name; a file over Limits.fullScan by its first and last Limits.headTail. */
export async function scanFile(path: string, scan: Scan, limits: Limits = LIMITS): Promise<Omit<LogScan, 'diagnosis'>> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (error) {
    throw new InputError(readErrorMessage(path, error as NodeJS.ErrnoException));
  }
  try {
    const stat = await fh.stat();
    if (stat.isDirectory()) throw new InputError(readErrorMessage(path, { code: 'EISDIR' } as NodeJS.ErrnoException));
    if (!stat.isFile()) {
      // a pipe or a device: read it as a stream, like standard input
      return await scanStream(fh.createReadStream({ highWaterMark: limits.chunk }), path, scan, limits);
    }
    const feeder = new LineFeeder(scan, limits.line);
    const decoder = new Decoder(feeder);
    const size = stat.size;
    let scanned = 0;
    let mode: LogScan['mode'] = 'full';
    if (size > limits.fullScan) {
      mode = 'head-tail';
      scanned += await readRange(fh, path, 0, limits.headTail, limits, (b) => decoder.write(b));
      decoder.end();
      feeder.end();
      // the tail starts inside a line, which is matched as it is; UTF-16 starts on a code unit
      let from = size - limits.headTail;
      if (decoder.encoding !== 'utf-8' && from % 2) from++;
      scan.push('\n');
      decoder.restart();
      scanned += await readRange(fh, path, from, size, limits, (b) => decoder.write(b));
    } else {
      scanned = await readRange(fh, path, 0, size, limits, (b) => decoder.write(b));
    }
    decoder.end();
    feeder.end();
    return { bytes: size, scanned, mode, encoding: decoder.encoding, cutLines: feeder.cutLines, nul: feeder.nul };
  } finally {
    await fh.close();
  }
}

/** Scans a stream up to Limits.stdin bytes; past it, stops reading (and says so). */
export async function scanStream(
  stream: Readable | NodeJS.ReadableStream,
  name: string,
  scan: Scan,
  limits: Limits = LIMITS,
): Promise<Omit<LogScan, 'diagnosis'>> {
  const feeder = new LineFeeder(scan, limits.line);
  const decoder = new Decoder(feeder);
  let read = 0;
  let mode: LogScan['mode'] = 'full';
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
      let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (read + bytes.length > limits.stdin) {
        bytes = bytes.subarray(0, limits.stdin - read);
        mode = 'stopped';
      }
      read += bytes.length;
      decoder.write(bytes);
      if (mode === 'stopped') break; // leaving the loop destroys the stream: the writer gets EPIPE
    }
  } catch (error) {
    throw new InputError(readErrorMessage(name, error as NodeJS.ErrnoException));
  }
  decoder.end();
  feeder.end();
  return { bytes: read, scanned: read, mode, encoding: decoder.encoding, cutLines: feeder.cutLines, nul: feeder.nul };
}
