// Versions: the rules of an entry's `versions`, the versions a log shows, what they do to the
// ranking, and the upgrade guide's arithmetic.
import { describe, expect, test } from 'vitest';
import { checkVersions, staleReleases } from '../../src/lib/content/versions.ts';
import { VersionsSchema, type PackageData } from '../../src/lib/schema/versions.ts';
import { versionReader, versionNotes } from '../../src/lib/diagnose/versions.ts';
import { compileMatcher, diagnose } from '../../src/lib/diagnose/match.ts';
import type { Fingerprints } from '../../src/lib/diagnose/fingerprints.ts';
import { buildVersionIndex, rangeIndexes, upgrade } from '../../src/lib/indexes/versions.ts';
import { satisfies } from '../../src/lib/pep440.ts';
import type { Entry } from '../../src/lib/content/validate.ts';

const packages: PackageData[] = [
  {
    id: 'torch',
    name: 'PyTorch',
    aliases: ['PyTorch'],
    releasesUrl: 'https://github.com/pytorch/pytorch/releases',
    releases: [
      { version: '2.5.0', date: '2024-10-17' },
      { version: '2.6.0', date: '2025-01-29' },
      { version: '2.7.0', date: '2025-04-23' },
    ],
  },
  {
    id: 'transformers',
    name: 'Transformers',
    aliases: [],
    releasesUrl: 'https://github.com/huggingface/transformers/releases',
    releases: [{ version: '4.46.0', date: '2024-10-24' }],
  },
  {
    id: 'flash-attn',
    name: 'FlashAttention',
    aliases: ['flash_attn'],
    releasesUrl: 'https://github.com/Dao-AILab/flash-attention/releases',
    releases: [{ version: '2.5.8', date: '2024-04-26' }],
  },
];
const versions = (affected: unknown[], releases: Record<string, string> = { torch: '2.7.0' }) =>
  VersionsSchema.parse({ affected, checkedAgainst: { date: '2026-12-01', releases } });

describe('an entry’s versions', () => {
  test('a range, a boundary that fits it and the newest release pass', () => {
    expect(
      checkVersions(
        versions([{ package: 'torch', range: '>=2.6', introducedIn: '2.6.0' }]),
        packages,
        'content/packages.yaml',
      ),
    ).toEqual([]);
    expect(
      checkVersions(
        versions([{ package: 'torch', range: '>=2.0,<2.6', fixedIn: '2.6.0' }]),
        packages,
        'content/packages.yaml',
      ),
    ).toEqual([]);
  });

  test.each([
    [{ package: 'jax', range: '>=0.4' }, 'affected.0.package', 'unknown package "jax"'],
    [
      { package: 'torch', range: '>=2.6', introducedIn: '2.5.0' },
      'affected.0.introducedIn',
      '2.5.0 is not in the range ">=2.6"',
    ],
    [{ package: 'torch', range: '>=2.0', fixedIn: '2.6.0' }, 'affected.0.fixedIn', '2.6.0 is in the range ">=2.0"'],
    [
      { package: 'torch', range: '<2.6', introducedIn: '2.5.0', fixedIn: '2.0.0' },
      'affected.0.fixedIn',
      'is not after introducedIn 2.5.0',
    ],
  ])('%j is refused at %s', (affected, at, message) => {
    const problems = checkVersions(versions([affected]), packages, 'content/packages.yaml');
    expect(problems.map((p) => p.at.join('.'))).toContain(at);
    expect(problems.map((p) => p.message).join('\n')).toContain(message);
  });

  test('a malformed range or version is refused by the schema, with the form to use', () => {
    const bad = VersionsSchema.safeParse({
      affected: [{ package: 'torch', range: '>= 2.6 and < 3' }],
      checkedAgainst: { date: '2026-12-01', releases: { torch: 2.1 } },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message).join('\n');
    expect(messages).toContain('expected a PEP 440 range');
    expect(messages).toContain('expected a version as quoted text');
  });

  test('an entry checked against an older release than the registry lists is out of date, as a warning', () => {
    const v = versions([], { torch: '2.6.0', transformers: '4.46.0' });
    expect(staleReleases(v, packages)).toEqual([{ package: 'torch', checked: '2.6.0', newest: '2.7.0' }]);
    const [warning] = checkVersions(v, packages, 'content/packages.yaml');
    expect(warning).toMatchObject({ severity: 'warning', at: ['checkedAgainst', 'releases', 'torch'] });
  });
});

describe('the versions a log shows', () => {
  const read = (log: string) => {
    const reader = versionReader(packages);
    log.split('\n').forEach((line, i) => reader.read(line, i + 1));
    return reader.found().map((v) => `${v.package} ${v.version}`);
  };

  test.each([
    [
      'pip freeze',
      'numpy==1.26.4\ntorch==2.6.0+cu124\ntransformers==4.46.0',
      ['torch 2.6.0+cu124', 'transformers 4.46.0'],
    ],
    [
      'pip list',
      'Package      Version\n------------ -------\ntorch        2.5.1\nflash_attn   2.5.8',
      ['torch 2.5.1', 'flash-attn 2.5.8'],
    ],
    [
      'collect_env',
      'PyTorch version: 2.1.0+cu121\nIs debug build: False\n[pip3] torch==2.1.0\n[conda] transformers 4.46.0 pypi_0 pypi',
      ['torch 2.1.0+cu121', 'transformers 4.46.0'],
    ],
    [
      'transformers-cli env',
      '- `transformers` version: 4.46.0\n- PyTorch version (GPU?): 2.5.1+cu121 (True)',
      ['transformers 4.46.0', 'torch 2.5.1+cu121'],
    ],
    ['torch.__version__ printed', ">>> import torch\n>>> torch.__version__\n'2.6.0+cu124'", ['torch 2.6.0+cu124']],
    ['torch.__version__ in a line', 'torch.__version__ = 2.7.0', ['torch 2.7.0']],
    [
      'a site-packages path',
      '  File "/opt/venv/lib/python3.11/site-packages/flash_attn-2.5.8.dist-info/RECORD", line 1',
      ['flash-attn 2.5.8'],
    ],
    [
      'an egg path',
      '/home/u/.venv/lib/python3.8/site-packages/transformers-4.46.0-py3.8.egg/transformers/trainer.py',
      ['transformers 4.46.0'],
    ],
  ])('%s', (_, log, want) => expect(read(log)).toEqual(want));

  test('vLLM’s start-up line', () => {
    const reader = versionReader([...packages, { ...packages[0]!, id: 'vllm', name: 'vLLM', aliases: [] }]);
    reader.read('INFO 04-15 00:31:11 [core.py:58] Initializing a V1 LLM engine (v0.8.5) with config: model=...', 1);
    expect(reader.found()).toEqual([{ package: 'vllm', version: '0.8.5', line: 1 }]);
  });

  test('the pins of a pip conflict are what it wanted, not what is installed', () => {
    // vladmandic/sdnext#3197: pip lists the candidates it could not reconcile
    const withTorchvision = versionReader([...packages, { id: 'torchvision', aliases: [] }]);
    const lines = [
      'ERROR: Cannot install torch==2.0.0, torchvision==0.15.2, torchvision==0.16.0,',
      '                         torchvision==0.16.1, torchvision==0.17.0, torchvision==0.17.1,',
    ];
    lines.forEach((line, i) => withTorchvision.read(line, i + 1));
    expect(withTorchvision.found()).toEqual([]);
    // a freeze line alone is still read
    withTorchvision.read('torchvision==0.16.1', 3);
    expect(withTorchvision.found()).toEqual([{ package: 'torchvision', version: '0.16.1', line: 3 }]);
    expect(
      read(
        [
          'ERROR: Cannot install torch==2.0.0, torchvision==0.15.2, torchvision==0.16.0,',
          '                         torchvision==0.16.1, torchvision==0.17.0, torchvision==0.17.1,',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  test('metrics, epochs and unknown packages are not versions', () => {
    expect(
      read("{'loss': 0.4127, 'epoch': 0.99}\nstep 12 | lr 3.00e-04\nscipy==1.13.0\nPython version: 3.11.9"),
    ).toEqual([]);
  });

  test('notes say whether a version is in a range', () => {
    const found = [{ package: 'torch', version: '2.5.1', line: 3 }];
    expect(versionNotes([{ package: 'torch', range: '>=2.6' }], found)).toEqual([
      { package: 'torch', version: '2.5.1', range: '>=2.6', inRange: false },
    ]);
    expect(versionNotes([{ package: 'transformers', range: '>=4.46' }], found)).toEqual([]);
  });
});

describe('a version in a range', () => {
  test('a fix in a post-release or a later beta leaves the releases before it affected', () => {
    // the ranges of vllm-falcon-num-ln-in-parallel-attn-crash and the flash-attn-4 record
    expect(satisfies('0.6.4', '>=0.4.3,<0.6.4.post1')).toBe(true);
    expect(satisfies('0.6.4.post1', '>=0.4.3,<0.6.4.post1')).toBe(false);
    expect(satisfies('4.0.0b10', '>=4.0.0b10,<4.0.0b18')).toBe(true);
    expect(satisfies('4.0.0b17', '>=4.0.0b10,<4.0.0b18')).toBe(true);
    expect(satisfies('4.0.0b18', '>=4.0.0b10,<4.0.0b18')).toBe(false);
    expect(
      versionNotes(
        [{ package: 'vllm', range: '>=0.4.3,<0.6.4.post1' }],
        [{ package: 'vllm', version: '0.6.4', line: 1 }],
      ),
    ).toEqual([{ package: 'vllm', version: '0.6.4', range: '>=0.4.3,<0.6.4.post1', inRange: true }]);
  });

  test('keeps PEP 440’s exclusions: no pre-release below a final bound, no post-release or local build above it', () => {
    expect(satisfies('1.0rc1', '<1.0')).toBe(false);
    expect(satisfies('1.0.dev0', '<1.0')).toBe(false);
    expect(satisfies('1.0rc1', '<1.0rc2')).toBe(true);
    expect(satisfies('0.9', '<1.0')).toBe(true);
    expect(satisfies('1.0.post1', '>1.0')).toBe(false);
    expect(satisfies('2.6.0+cu124', '>2.6.0')).toBe(false);
    expect(satisfies('1.0.post2', '>1.0.post1')).toBe(true);
    expect(satisfies('1.1', '>1.0')).toBe(true);
    expect(satisfies('2.6.0+cu124', '>=2.6.0,<2.6.1')).toBe(true);
  });
});

describe('ranking with the versions a log shows', () => {
  const fp: Fingerprints = {
    version: 1,
    entries: [
      { id: 'CKPT-001', title: 'Generic load failure', url: '/a/', category: 'checkpointing', symptom: 'load' },
      {
        id: 'CKPT-003',
        title: 'weights_only flip',
        url: '/b/',
        category: 'checkpointing',
        symptom: 'load',
        affected: [{ package: 'torch', range: '>=2.6' }],
      },
    ],
    symptoms: [{ id: 'load', label: 'torch.load failed', url: '/s/', collateral: false, generic: 'CKPT-001' }],
    signals: [
      {
        source: 'UnpicklingError',
        symptom: 'load',
        entries: ['CKPT-001', 'CKPT-003'],
        weight: 2,
        multiline: false,
        origin: 'registry',
      },
    ],
    cues: [],
    packages: [{ id: 'torch', name: 'PyTorch', aliases: ['PyTorch'] }],
  };
  const m = compileMatcher(fp);
  const LINE = '_pickle.UnpicklingError: Weights only load failed.';

  test('without versions in the log, nothing changes: the tie stays a tie', () => {
    const d = diagnose(LINE, m);
    expect(d.versions).toBeUndefined();
    expect(d.shared?.tied.map((t) => t.id)).toEqual(['CKPT-001', 'CKPT-003']);
  });

  test('a version in the entry’s range raises it and says so', () => {
    const d = diagnose(`torch==2.6.0\n${LINE}`, m);
    expect(d.versions).toEqual([{ package: 'torch', version: '2.6.0', line: 1 }]);
    expect(d.candidates[0]!.id).toBe('CKPT-003');
    expect(d.candidates[0]!.versions).toEqual([{ package: 'torch', version: '2.6.0', range: '>=2.6', inRange: true }]);
  });

  test('a version outside every range of the entry lowers it and says so', () => {
    const d = diagnose(`PyTorch version: 2.5.1\n${LINE}`, m);
    expect(d.candidates.map((c) => c.id)).toEqual(['CKPT-001', 'CKPT-003']);
    expect(d.candidates[1]!.raw).toBeLessThan(d.candidates[0]!.raw);
    expect(d.candidates[1]!.versions?.[0]?.inRange).toBe(false);
  });
});

describe('the upgrade guide', () => {
  const entry = (id: string, affected: unknown[]) =>
    ({ id, status: 'published', versions: versions(affected) }) as unknown as Entry;
  const index = buildVersionIndex(
    [
      entry('CKPT-003', [{ package: 'torch', range: '>=2.6', introducedIn: '2.6.0' }]),
      entry('HW-003', [{ package: 'torch', range: '<2.7', fixedIn: '2.7.0' }]),
      entry('MEM-001', []),
    ],
    packages,
  );

  test('lists every package of the registry, each with its boundaries oldest first', () => {
    expect(index.map((v) => [v.package.id, v.entries.length])).toEqual([
      ['torch', 2],
      ['transformers', 0],
      ['flash-attn', 0],
    ]);
    expect(
      index[0]!.boundaries.map((b) => [b.version, b.introduced.map((x) => x.entry.id), b.fixed.map((x) => x.entry.id)]),
    ).toEqual([
      ['2.6.0', ['CKPT-003'], []],
      ['2.7.0', [], ['HW-003']],
    ]);
  });

  test('what starts and stops between two releases, either way', () => {
    const ids = (u: ReturnType<typeof upgrade>) => ({
      starts: u.starts.map((x) => x.entry.id),
      stops: u.stops.map((x) => x.entry.id),
      changes: u.changes.map((x) => x.entry.id),
    });
    expect(ids(upgrade(index[0]!, '2.5.0', '2.7.0'))).toEqual({ starts: ['CKPT-003'], stops: ['HW-003'], changes: [] });
    expect(ids(upgrade(index[0]!, '2.7.0', '2.5.0'))).toEqual({ starts: ['HW-003'], stops: ['CKPT-003'], changes: [] });
    expect(ids(upgrade(index[0]!, '2.6.0', '2.6.0'))).toEqual({ starts: [], stops: [], changes: [] });
  });

  test('an entry affected on both sides by different ranges changes, and the form’s data says which range holds each release', () => {
    const two = buildVersionIndex(
      [
        entry('HW-003', [
          { package: 'torch', range: '<2.6', fixedIn: '2.6.0' },
          { package: 'torch', range: '>=2.7', introducedIn: '2.7.0' },
        ]),
      ],
      packages,
    )[0]!;
    expect(upgrade(two, '2.5.0', '2.7.0').changes.map((x) => x.entry.id)).toEqual(['HW-003']);
    expect(upgrade(two, '2.5.0', '2.6.0').stops.map((x) => x.entry.id)).toEqual(['HW-003']);
    expect(rangeIndexes(two.entries[0]!.affected, ['2.5.0', '2.6.0', '2.7.0'])).toBe('2.5.0:0 2.7.0:1');
  });
});
