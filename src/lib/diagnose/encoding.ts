/**
 * Which text encoding a log's first bytes show: a UTF-16 byte-order mark, or the zero bytes
 * that UTF-16 puts between ASCII letters (PowerShell's `>` writes UTF-16). UTF-8 otherwise.
 * Shared by the command line and the browser worker, which decode files themselves.
 */
export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export function sniffEncoding(b: Uint8Array): Encoding {
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b.length >= 4 && b[0] && !b[1] && b[2] && !b[3]) return 'utf-16le';
  if (b.length >= 4 && !b[0] && b[1] && !b[2] && b[3]) return 'utf-16be';
  return 'utf-8';
}
