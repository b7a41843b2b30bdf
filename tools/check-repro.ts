/**
 * npm run check:repro: builds the site a second time, from an empty cache, into
 * dist-repro/, and compares it file by file with dist/. Run after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareTrees, hashTree } from '../src/build/site-check/repro.ts';

const root = process.cwd();
const cache = mkdtempSync(join(tmpdir(), 'faultline-repro-cache-'));
const out = join(root, 'dist-repro');
rmSync(out, { recursive: true, force: true });
const started = performance.now();
const build = spawnSync('npx', ['astro', 'build', '--outDir', 'dist-repro'], {
  cwd: root,
  env: { ...process.env, FAULTLINE_CACHE_DIR: cache },
  encoding: 'utf8',
});
rmSync(cache, { recursive: true, force: true });
if (build.status !== 0) {
  console.log(build.stdout.slice(-2000), build.stderr.slice(-2000));
  console.log('check:repro: the second build failed');
  process.exit(1);
}
const first = hashTree(join(root, 'dist'));
const second = hashTree(out);
const problems = compareTrees(first, second);
for (const p of problems) console.log(p);
console.log(
  problems.length
    ? `check:repro: ${problems.length} file${problems.length === 1 ? '' : 's'} differ between two builds of the same commit`
    : `check:repro: ${first.size} files byte-identical across two clean builds (${Math.round((performance.now() - started) / 1000)} s)`,
);
process.exit(problems.length ? 1 : 0);
