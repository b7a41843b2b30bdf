/** The faultline command inside a clone: content/ read directly, cached by its hash. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCloneData } from './clone-data.ts';
import { main } from './main.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const run = (argv: string[]) => main(argv, { data: () => loadCloneData(ROOT) });
