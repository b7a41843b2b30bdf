/**
 * The faultline command in the installed package, bundled to plain JavaScript at pack time
 * (src/cli/pack.ts): the data is the file generated from content/ beside it.
 */
import { readFileSync } from 'node:fs';
import { main } from './main.ts';
import type { CliData } from './types.ts';

const data = async () => JSON.parse(readFileSync(new URL('./faultline-data.json', import.meta.url), 'utf8')) as CliData;

process.exitCode = await main(process.argv.slice(2), { data });
