// The faultline command, run as a user runs it: a child process, real files, real stdin.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const cli = (args: string[], input?: string) => spawnSync(process.execPath, [join(root, 'src/cli/faultline.mjs'), ...args], { input, encoding: 'utf8', cwd: tmpdir() });
const example = join(root, 'content/examples/activation-distillation-memory/teacher-forward-oom.log');

describe('faultline diagnose', () => {
  test('ranks the matching entry and exits 0', () => {
    const r = cli(['diagnose', example]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^1\. MEM-003 {2}Activation Distillation Memory/m);
    expect(r.stdout).toContain('/entries/activation-distillation-memory/');
  });

  test('reads standard input with -', () => {
    const r = cli(['diagnose', '-', '--json'], 'RuntimeError: CUDA error: device-side assert triggered\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).matches.length).toBeGreaterThan(0);
  });

  test('--json has the documented shape, best first, and --top limits it', () => {
    const r = cli(['diagnose', example, '--json', '--top', '2']);
    const out = JSON.parse(r.stdout) as { matches: { id: string; title: string; url: string; score: number; lines: { n: number; text: string; symptom: string | null }[] }[] };
    expect(out.matches).toHaveLength(2);
    expect(Object.keys(out.matches[0]!).sort()).toEqual(['id', 'lines', 'score', 'title', 'url']);
    expect(out.matches[0]!.id).toBe('MEM-003');
    expect(out.matches[0]!.url).toMatch(/^https:\/\/.+\/entries\/activation-distillation-memory\/$/);
    expect(out.matches[0]!.score).toBeGreaterThanOrEqual(out.matches[1]!.score);
    expect(Object.keys(out.matches[0]!.lines[0]!).sort()).toEqual(['n', 'symptom', 'text']);
  });

  test('a bare line many entries share: says the order is no ranking and names the symptom page', () => {
    const line = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB\n';
    const human = cli(['diagnose', '-'], line);
    expect(human.stdout).toMatch(/^The log shows only "CUDA out of memory", which \d+ entries produce alike: the order below is not a ranking\.\nHow to tell them apart: https:\/\/\S+\/symptoms\/cuda-oom\/$/m);
    const out = JSON.parse(cli(['diagnose', '-', '--json'], line).stdout) as { shared: { symptom: string; url: string; entries: number } };
    expect(out.shared.symptom).toBe('cuda-oom');
    expect(out.shared.url).toMatch(/^https:\/\/.+\/symptoms\/cuda-oom\/$/);
    expect(out.shared.entries).toBeGreaterThan(5);
    // a log that sets one entry apart has no such note
    expect(JSON.parse(cli(['diagnose', example, '--json']).stdout)).not.toHaveProperty('shared');
  });

  test('exits 1 when nothing matches', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fl-cli-'));
    writeFileSync(join(dir, 'ok.log'), 'epoch 1 loss 0.3\nepoch 2 loss 0.2\n');
    const r = cli(['diagnose', join(dir, 'ok.log')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('No entry matched this log (2 lines scanned).');
    expect(cli(['diagnose', '-'], 'epoch 1 loss 0.3\n').stdout).toContain('No entry matched this log (1 line scanned).');
  });

  test('exits 2 with a message on stderr for a missing file', () => {
    const r = cli(['diagnose', '/no/such/file.log']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('faultline: no such file: /no/such/file.log\n');
  });

  test('exits 2 on usage errors', () => {
    expect(cli(['diagnose']).status).toBe(2);
    expect(cli(['diagnose', example, '--top', 'zero']).stderr).toContain('--top takes a whole number');
    expect(cli(['frobnicate']).stderr).toContain('unknown command "frobnicate"');
    expect(cli([]).status).toBe(2);
  });
});

describe('faultline explain', () => {
  test('prints the quick answer, root causes and fix as plain text', () => {
    const r = cli(['explain', 'mem-003']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^MEM-003: Activation Distillation Memory\n/);
    expect(r.stdout).toContain('Root causes:');
    expect(r.stdout).toContain("- The teacher's forward is recorded by autograd.");
    expect(r.stdout).toContain('--- HF Trainer ---');
    expect(r.stdout).not.toMatch(/<Tab|<\/Tabs>/);
  });

  test('exits 2 for an unknown id', () => {
    const r = cli(['explain', 'MEM-999']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no entry has the id MEM-999');
  });
});

describe('search-index', () => {
  test('refuses a folder without a built site, naming the folder and the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-no-site-'));
    const r = spawnSync(process.execPath, ['src/cli/search-index.ts', dir], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(dir);
    expect(r.stderr).toContain('run astro build first');
  });
});

describe('bench', () => {
  // each of these would otherwise have measured something other than what was asked for
  test.each([
    [['--entries', '100', '1000'], "Unexpected argument '1000'"],
    [['--entry', '100'], "Unknown option '--entry'"],
    [['--entries', '1k'], '--entries takes a whole number of entries'],
    [['--entries', '100', '--runs', '0'], '--runs takes a whole number of builds per size'],
    [['--entries', '100', '--reference', 'docusaurus'], '--reference takes minimal or starlight (got docusaurus)'],
  ])('refuses %j with the usage line, before generating anything', (args, message) => {
    const r = spawnSync(process.execPath, ['src/bench/run.ts', ...args], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage: npm run bench -- --entries N');
    expect(r.stdout).not.toContain('== ');
  });
});

describe('the run a repeated benchmark reports', () => {
  test('is the median by wall time, in run order', async () => {
    const { medianRun } = await import('../../src/bench/measure.ts');
    expect(medianRun([16.9])).toBe(0);
    expect(medianRun([22.1, 13.3, 16.9])).toBe(2);
    // of an even number, the slower middle one: repeating never flatters the figure
    expect(medianRun([13.3, 22.1, 15.2, 18.2])).toBe(3);
    expect(medianRun([15, 15])).toBe(1);
    expect(() => medianRun([])).toThrow('no runs');
  });
});

describe('the benchmark memory sampler', () => {
  test('counts the resident memory of a child process while it holds it', async () => {
    const { spawn } = await import('node:child_process');
    const { sampleTreeMemory } = await import('../../src/bench/measure.ts');
    // a child that touches 300 MB and tells us when it has
    const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(300 * 2 ** 20, 1); process.stdout.write("held\\n"); setTimeout(() => b.length, 60_000);'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ok) => child.stdout.once('data', () => ok()));
    const sampler = sampleTreeMemory(process.pid, 50);
    await new Promise((ok) => setTimeout(ok, 300));
    const memory = sampler.stop();
    child.kill();
    // this process and the child together, so at least the child's 300 MB
    expect(memory.peakBytes).toBeGreaterThan(300 * 2 ** 20);
    expect(Object.values(memory.peakByProgram).some((v) => v > 300 * 2 ** 20)).toBe(true);
  });
});
