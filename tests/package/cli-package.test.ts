// The installable command, as a user gets it: `npm pack` in this clone, then
// `npm install -g` of the tarball into an empty folder with the registry unreachable, then the
// installed bin, outside any clone. Also runs docs/ci.md's recipe against it.
import { offlineInstallArgs, packedTarball } from '../../tools/install-packed.ts';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const example = join(root, 'content/examples/activation-distillation-memory/teacher-forward-oom.log');
const work = mkdtempSync(join(tmpdir(), 'fl-package-'));
const prefix = join(work, 'prefix');
const empty = join(work, 'empty');
const bin = join(prefix, 'bin/faultline');
let tarball = '';

beforeAll(() => {
  mkdirSync(empty);
  const pack = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  expect(pack.status, pack.stderr).toBe(0);
  tarball = packedTarball(work);
  const install = spawnSync('npm', offlineInstallArgs(prefix, tarball), { cwd: empty, encoding: 'utf8' });
  expect(install.status, install.stderr).toBe(0);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (args: string[], input?: string) =>
  spawnSync(bin, args, { cwd: empty, input, encoding: 'utf8', env: { PATH: process.env.PATH } });

describe('the packed faultline command', () => {
  test('carries the bundle, the data and no build dependencies', () => {
    const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
    expect(list).toEqual([
      'package/README.md',
      'package/build/cli/faultline-data.json',
      'package/build/cli/faultline.js',
      'package/package.json',
      'package/src/cli/faultline.mjs',
    ]);
    const pkg = JSON.parse(readFileSync(join(prefix, 'lib/node_modules/faultline/package.json'), 'utf8'));
    expect(pkg.dependencies).toBeUndefined();
    expect(readdirSync(join(prefix, 'lib/node_modules/faultline'))).not.toContain('node_modules');
  });

  test('diagnose, in every format', () => {
    const text = run(['diagnose', example]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^1\. MEM-003 {2}Activation Distillation Memory/);
    expect(JSON.parse(run(['diagnose', example, '--format', 'json']).stdout).matches[0].id).toBe('MEM-003');
    expect(run(['diagnose', example, '--format', 'markdown']).stdout).toContain(
      '**[MEM-003: Activation Distillation Memory](https://faultline.dev/e/MEM-003/)**',
    );
    expect(run(['diagnose', example, '--format', 'jira']).stdout).toContain(
      '*[MEM-003: Activation Distillation Memory|https://faultline.dev/e/MEM-003/]*',
    );
    const jsonl = run(['diagnose', example, '-', '--jsonl'], 'epoch 1 loss 0.3\n');
    expect(jsonl.status).toBe(1);
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).file),
    ).toEqual([example, 'standard input']);
  });

  test('explain', () => {
    const r = run(['explain', 'MEM-003']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^MEM-003: Activation Distillation Memory\nhttps:\/\/faultline\.dev\/entries\/activation-distillation-memory\/\n/,
    );
    expect(r.stdout).toContain('Fix in code:');
    expect(run(['explain', 'MEM-003', '--format', 'markdown']).stdout).toMatch(/^\*\*\[MEM-003: /);
  });

  test('errors are a message and exit 2', () => {
    const r = run(['diagnose', example, '--top', '-1']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^faultline: --top takes a whole number of 1 or more/);
  });
});

describe("docs/ci.md's recipe", () => {
  const recipe = /<!-- ci-recipe[^>]*-->\n```sh\n([\s\S]*?)```/.exec(
    readFileSync(join(root, 'docs/ci.md'), 'utf8'),
  )![1]!;
  const ci = (log: string) => {
    const summary = join(work, `summary-${Math.random().toString(36).slice(2)}.md`);
    writeFileSync(summary, '# Job\n');
    const r = spawnSync('bash', ['-c', recipe], {
      cwd: empty,
      encoding: 'utf8',
      env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: summary, FAULTLINE_LOG: log },
    });
    return { ...r, summary: readFileSync(summary, 'utf8') };
  };

  test('a known failure: the ticket text in the job summary, exit 0', () => {
    const r = ci(example);
    expect(r.status).toBe(0);
    expect(r.summary).toMatch(
      /^# Job\n### Faultline: `.+teacher-forward-oom\.log`\n\n\*\*\[MEM-003: Activation Distillation Memory\]\(https:\/\/faultline\.dev\/e\/MEM-003\/\)\*\*\n\n> /,
    );
    expect(r.stdout).toBe('faultline: known failure, see the job summary\n');
  });

  test('an unknown failure is said in the summary, exit 0; an unreadable log fails the step', () => {
    const quiet = join(work, 'quiet.log');
    writeFileSync(quiet, 'epoch 1 loss 0.3\nSegmentation fault (core dumped)\n');
    const r = ci(quiet);
    expect(r.status).toBe(0);
    expect(r.summary).toContain('No entry matched this log (2 lines scanned).');
    const missing = ci(join(work, 'missing.log'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });
});
