/** The benchmark's command line: what `npm run bench -- …` was asked to measure. */
import { parseArgs } from 'node:util';
import { REFERENCES, type Reference } from './references.ts';

export const USAGE =
  'usage: npm run bench -- --entries N [--entries M …] [--runs K] [--no-browser] [--keep] [--reference minimal|starlight …] (sizes may also be given as --entries 100,1000)';

export interface BenchOptions {
  sizes: number[];
  runs: number;
  noBrowser: boolean;
  keep: boolean;
  references: Reference[];
}

/**
 * Strict: a mistyped option or a bare size (`--entries 100 1000`) throws, naming it, rather than
 * being ignored, which would measure something other than what was asked for.
 */
export function benchArgs(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      entries: { type: 'string', multiple: true },
      runs: { type: 'string', default: '1' },
      'no-browser': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      reference: { type: 'string', multiple: true },
    },
    allowPositionals: false,
    strict: true,
  });
  const sizes = (values.entries ?? ['100']).flatMap((v) => v.split(',')).map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--entries takes a whole number of entries, at least 1 (got ${(values.entries ?? []).join(', ')})`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs takes a whole number of builds per size, at least 1 (got ${values.runs})`);
  const references = [...new Set(values.reference ?? [])] as Reference[];
  const unknown = references.filter((r) => !(REFERENCES as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`--reference takes ${REFERENCES.join(' or ')} (got ${unknown.join(', ')})`);
  return { sizes, runs, noBrowser: values['no-browser'], keep: values.keep, references };
}
