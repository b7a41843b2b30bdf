/**
 * How a tool talks to its caller: its output, its input lines and its environment. The command
 * line hands it the process's own; a test hands it strings to read and capture, and calls the
 * tool in process.
 */
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ToolIO {
  out(line: string): void;
  err(line: string): void;
  /** the lines of standard input, read only by a tool that asks */
  lines(): AsyncIterator<string>;
  env: Record<string, string | undefined>;
}

/** The process's own streams and environment. */
export function processIO(): ToolIO {
  return {
    out: (line) => process.stdout.write(line),
    err: (line) => process.stderr.write(line),
    lines: () => createInterface({ input: process.stdin })[Symbol.asyncIterator](),
    env: process.env,
  };
}

/** Whether the module at `url` is the script node was started with (not imported). */
export const isMain = (url: string) => process.argv[1] === fileURLToPath(url);
