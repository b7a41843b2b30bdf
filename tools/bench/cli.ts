/**
 * npm run bench:cli [-- --runs K]
 *
 * The installed faultline command, end to end, as a user runs it: `npm pack` in this clone,
 * `npm install -g` of the tarball into an empty folder with the registry unreachable, then each
 * command K times (default 11) in a fresh process, timed from spawn to exit. Reports the median
 * and the slowest run of: diagnose on a small log (one of MEM-003's example logs), explain,
 * and, for comparison, `node -e ""` (Node's own start) and the command inside this clone with
 * its content cache warm. Runs on the node first on PATH (npm puts the pinned Node 24 there),
 * and also on /usr/bin/node when that is another version. Writes bench-results/bench-cli.json.
 */
import { offlineInstallArgs, packedTarball } from '../install-packed.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { medianRun } from './measure.ts';

const USAGE = 'usage: npm run bench:cli -- [--runs K]';
let runs: number;
try {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '11' } }, strict: true });
  runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs takes a whole number of runs, at least 1 (got ${values.runs})`);
} catch (error) {
  console.error(`bench:cli: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const root = process.cwd();
const small = join(root, 'content/examples/activation-distillation-memory/teacher-forward-oom.log');
const work = mkdtempSync(join(tmpdir(), 'fl-bench-cli-'));
const prefix = join(work, 'prefix');
const empty = join(work, 'empty');
mkdirSync(empty);

function must(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}):\n${r.stderr}`);
}

function time(command: string, args: string[]): { median: number; max: number } {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const r = spawnSync(command, args, { cwd: empty, encoding: 'utf8' });
    ms.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}):\n${r.stderr}`);
  }
  return { median: ms[medianRun(ms)]!, max: Math.max(...ms) };
}

try {
  must('npm', ['pack', '--pack-destination', work], root);
  const tarball = packedTarball(work);
  const installStarted = performance.now();
  must('npm', offlineInstallArgs(prefix, tarball), empty);
  const installMs = performance.now() - installStarted;
  const bin = join(prefix, 'bin/faultline');
  const clone = join(root, 'src/cli/faultline.mjs');
  spawnSync(process.execPath, [clone, 'explain', 'MEM-003']); // warms the clone's content cache

  const nodes = [process.execPath];
  const system = '/usr/bin/node';
  const version = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (existsSync(system) && version(system) !== process.version) nodes.push(system);

  const rows: Record<string, unknown>[] = [];
  for (const node of nodes) {
    const v = version(node);
    rows.push(
      { node: v, what: 'node -e "" (Node starting, for comparison)', ...time(node, ['-e', '']) },
      {
        node: v,
        what: `installed: faultline diagnose small.log (${statSync(small).size.toLocaleString('en')} bytes)`,
        ...time(node, [bin, 'diagnose', small]),
      },
      { node: v, what: 'installed: faultline explain MEM-003', ...time(node, [bin, 'explain', 'MEM-003']) },
      {
        node: v,
        what: 'installed: faultline diagnose small.log --format markdown',
        ...time(node, [bin, 'diagnose', small, '--format', 'markdown']),
      },
    );
    if (node === process.execPath)
      rows.push({
        node: v,
        what: 'in this clone, content cache warm: diagnose small.log',
        ...time(node, [clone, 'diagnose', small]),
      });
  }
  console.log(
    `\n== faultline, installed from the packed tarball (install ${Math.round(installMs)} ms, offline); ${runs} runs each, fresh process, spawn to exit\n`,
  );
  console.log('| node | command | median | slowest |\n| --- | --- | --- | --- |');
  for (const r of rows)
    console.log(`| ${r.node} | ${r.what} | ${Math.round(r.median as number)} ms | ${Math.round(r.max as number)} ms |`);
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    join(root, 'bench-results/bench-cli.json'),
    `${JSON.stringify({ date: new Date().toISOString(), runs, installMs, rows }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`bench:cli: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
