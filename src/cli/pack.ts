/**
 * npm pack's prepack step: the installable faultline command, in build/cli/.
 * - faultline-data.json: the fingerprints and the entries' text, from content/ (the same data
 *   as /api/v1/*.json), so the installed command needs no clone and no network;
 * - faultline.js: src/cli/faultline/packed.ts and what it imports, bundled by esbuild to plain
 *   JavaScript for the Node versions package.json declares (Node strips no TypeScript types
 *   under node_modules), with none of the site's build dependencies.
 * A content problem stops the pack, as it stops the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildCloneData } from './faultline/clone-data.ts';

const root = join(import.meta.dirname, '../..');
const out = join(root, 'build/cli');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const major = /^>=\s*(\d+)/.exec(pkg.engines.node)?.[1];
if (!major) throw new Error(`pack: package.json engines.node should read ">=N", got "${pkg.engines.node}"`);

try {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const data = await buildCloneData(root);
  writeFileSync(join(out, 'faultline-data.json'), JSON.stringify(data));
  await build({
    entryPoints: [join(root, 'src/cli/faultline/packed.ts')],
    outfile: join(out, 'faultline.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${major}`,
    legalComments: 'none',
    logLevel: 'warning',
  });
  console.log(`pack: build/cli/ holds the faultline command for Node ${major}+ and ${data.entries.length} entries`);
} catch (error) {
  console.error(`pack: ${(error as Error).message}`);
  process.exit(1);
}
