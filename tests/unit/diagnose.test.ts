// The log matcher, table-driven over small fingerprint sets built through the real schema.
import { describe, expect, test } from 'vitest';
import { validateContent } from '../../src/lib/content/validate.ts';
import { buildFingerprints } from '../../src/build/fingerprints.ts';
import { compileMatcher, diagnose, startScan, triggeredSignals } from '../../src/lib/diagnose/match.ts';
import {
  commonIndent,
  decodeEntities,
  informativeLine,
  maskLine,
  parsePrefix,
  splitEscapedLines,
  splitFlattenedTraceback,
  straightenQuotes,
  stripAnsi,
} from '../../src/lib/diagnose/normalize.ts';
import { requiredWords } from '../../src/lib/diagnose/tokens.ts';
import { entry, sources } from './fixtures/content.ts';

const registry = [
  {
    id: 'cuda-oom',
    label: 'CUDA out of memory',
    category: 'memory',
    description: 'd',
    patterns: ['CUDA out of memory\\. Tried to allocate'],
  },
  {
    id: 'device-assert',
    label: 'Device-side assert',
    category: 'hardware',
    description: 'd',
    patterns: ['CUDA error: device-side assert triggered'],
  },
  {
    id: 'nccl-timeout',
    label: 'NCCL watchdog timeout',
    category: 'distributed',
    description: 'd',
    collateral: true,
    patterns: ['Watchdog caught collective operation timeout'],
  },
  {
    id: 'use-cache-warning',
    label: 'use_cache warning',
    category: 'configuration',
    description: 'd',
    patterns: ['`use_cache=True` is incompatible with gradient checkpointing'],
  },
  { id: 'quiet', label: 'Quiet', category: 'memory', description: 'd', patterns: [] },
];
const sym = (symptom: string, extra: Record<string, unknown> = {}) => ({
  symptom,
  wording: 'w',
  why: 'y',
  tellApart: 't',
  ...extra,
});

function fingerprints() {
  const files = [
    {
      slug: 'batch-oom',
      data: entry({
        id: 'MEM-001',
        title: 'Batch OOM',
        symptoms: [sym('cuda-oom'), sym('quiet'), sym('use-cache-warning')],
      }),
    },
    {
      slug: 'teacher-oom',
      data: entry({
        id: 'MEM-003',
        title: 'Teacher OOM',
        cues: ['\\bteacher\\b'],
        symptoms: [sym('cuda-oom'), sym('quiet'), sym('use-cache-warning')],
      }),
    },
    {
      slug: 'eval-oom',
      data: entry({
        id: 'MEM-008',
        title: 'Eval OOM',
        cues: ['\\bin (?:evaluation_loop|nested_concat)\\b'],
        symptoms: [
          sym('cuda-oom', { patterns: ['nested_concat.*\\n.*CUDA out of memory'] }),
          sym('quiet'),
          sym('use-cache-warning'),
        ],
      }),
    },
    {
      slug: 'bad-label',
      data: entry({
        id: 'HW-002',
        category: 'hardware',
        title: 'Bad label',
        symptoms: [sym('device-assert'), sym('quiet'), sym('use-cache-warning')],
      }),
    },
    {
      slug: 'timeout',
      data: entry({
        id: 'DIST-001',
        category: 'distributed',
        title: 'Timeout',
        symptoms: [sym('nccl-timeout'), sym('quiet'), sym('use-cache-warning')],
      }),
    },
    {
      slug: 'use-cache',
      data: entry({
        id: 'CONF-006',
        category: 'configuration',
        title: 'use_cache',
        symptoms: [
          sym('use-cache-warning', {
            wording: 'Trainer logs `Setting use_cache=False`.',
            patterns: ['Setting `use_cache=False`'],
          }),
          sym('quiet'),
          sym('cuda-oom'),
        ],
      }),
    },
  ];
  const content = validateContent(sources(files, registry));
  expect(content.problems).toEqual([]);
  return buildFingerprints(content.entries, content.symptoms);
}

const OOM =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.15 GiB';
const ids = (text: string) => diagnose(text, compileMatcher(fingerprints())).candidates.map((c) => c.id);

describe('normalisation', () => {
  test.each([
    ['\x1b[31mRuntimeError\x1b[0m: boom', 'RuntimeError: boom'],
    ['plain', 'plain'],
    // colours that lost their escape character, as a notebook's traceback is often pasted
    ['[0;31mRuntimeError[0m: boom', 'RuntimeError: boom'],
    ['[0;32m---> 13[0m model[38;5;241m.[39mfit()', '---> 13 model.fit()'],
    // without a reset, a bracketed number is text
    ['eta [5m 30s]', 'eta [5m 30s]'],
  ])('strips ANSI colours: %j', (input, out) => expect(stripAnsi(input)).toBe(out));

  test.each([
    ['[rank3]: RuntimeError: x', { rank: 3, rest: 'RuntimeError: x' }],
    ['[default0]:Traceback (most recent call last):', { rank: 0, rest: 'Traceback (most recent call last):' }],
    ['2026-03-14 09:12:03,551 - RuntimeError: x', { rank: undefined, rest: 'RuntimeError: x' }],
    [
      '[rank1]:[E1114 09:12:03.123456 1234 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog',
      { rank: 1, rest: 'ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog' },
    ],
    ['node-7:12345:12399 [3] NCCL INFO Using network IB', { rank: 3, rest: 'NCCL INFO Using network IB' }],
    ['[1,5]<stderr>:RuntimeError: x', { rank: 5, rest: 'RuntimeError: x' }],
    ['[rank: 2] RuntimeError: x', { rank: 2, rest: 'RuntimeError: x' }],
    ['(RayTrainWorker pid=2735, ip=10.0.0.1) RuntimeError: x', { rank: undefined, rest: 'RuntimeError: x' }],
    [
      '(EngineCore_DP0 pid=223840) ERROR 10-25 13:08:43 [core.py:708] ValueError: x',
      { rank: undefined, rest: 'ValueError: x' },
    ],
    [
      '(VllmWorkerProcess pid=6499) ERROR 07-24 14:07:40 multiproc_worker_utils.py:226] ValueError: x',
      { rank: undefined, rest: 'ValueError: x' },
    ],
    ['worker-1: RuntimeError: x', { rank: undefined, rest: 'RuntimeError: x' }],
    // syslog's and journald's, and journalctl -o short-iso's host and process after its time
    ['May 01 10:00:00 node-3 python[2735]: RuntimeError: x', { rank: undefined, rest: 'RuntimeError: x' }],
    ['2024-05-01T10:00:00+0000 node-3 python3[2735]: RuntimeError: x', { rank: undefined, rest: 'RuntimeError: x' }],
    ['Expected input[0]: x', { rank: undefined, rest: 'Expected input[0]: x' }],
    ['10.0.0.12: [rank3]: RuntimeError: x', { rank: 3, rest: 'RuntimeError: x' }],
    // an exception's dotted name or a setting is not a host
    ['cv2.error: OpenCV(4.5.5) x', { rank: undefined, rest: 'cv2.error: OpenCV(4.5.5) x' }],
    ['bf16: True', { rank: undefined, rest: 'bf16: True' }],
  ])('peels launcher prefixes: %j', (line, want) => {
    const p = parsePrefix(line);
    expect({ rank: p.rank, rest: line.slice(p.length) }).toEqual(want);
  });

  test('typographic quotes are read as the straight ones programs print, one character for one', () => {
    const pasted = 'KeyError: \u2018unexpected key \u201cmodule.conv1.weight\u201d in state_dict\u2019';
    expect(straightenQuotes(pasted)).toBe('KeyError: \'unexpected key "module.conv1.weight" in state_dict\'');
    expect(straightenQuotes(pasted)).toHaveLength(pasted.length);
  });

  test('a traceback whose line breaks were lost is split where its lines began', () => {
    // as facebookresearch/detectron2#460's title has it, with the traceback around it
    const flat =
      'Traceback (most recent call last): File "/x/train.py", line 9, in <module> raise AssertionError("Torch not compiled with CUDA enabled") AssertionError: Torch not compiled with CUDA enabled During handling of the above exception, another exception occurred: File "/x/c.py", line 3, in f torch.cuda.OutOfMemoryError: CUDA out of memory.';
    expect(splitFlattenedTraceback(flat)).toEqual([
      'Traceback (most recent call last):',
      // a frame keeps its source line, and is read as a frame
      'File "/x/train.py", line 9, in <module> raise AssertionError("Torch not compiled with CUDA enabled")',
      'AssertionError: Torch not compiled with CUDA enabled',
      'During handling of the above exception, another exception occurred:',
      'File "/x/c.py", line 3, in f',
      'torch.cuda.OutOfMemoryError: CUDA out of memory.',
    ]);
    // a paste that begins with a traceback's source line, its frame cut off (huggingface/peft#137)
    expect(
      splitFlattenedTraceback(
        'Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn',
      ),
    ).toEqual([
      'Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass',
      'RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn',
    ]);
    // a notebook's traceback (open-mmlab/mmsegmentation#809), and an exception named by its module
    // (open-compass/opencompass#2004)
    expect(
      splitFlattenedTraceback(
        '~/anaconda3/envs/openmmlab/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py in _get_default_group() --> 358 raise RuntimeError("Default process group has not been initialized, " RuntimeError: Default process group has not been initialized, please make sure to call init_process_group.',
      ).at(-1),
    ).toBe(
      'RuntimeError: Default process group has not been initialized, please make sure to call init_process_group.',
    );
    expect(
      splitFlattenedTraceback(
        'File "pyarrow/error.pxi", line 92, in pyarrow.lib.check_status pyarrow.lib.ArrowInvalid: Could not convert \'$5$;$10$\' with type str: tried to convert to int64',
      ),
    ).toEqual([
      'File "pyarrow/error.pxi", line 92, in pyarrow.lib.check_status',
      "pyarrow.lib.ArrowInvalid: Could not convert '$5$;$10$' with type str: tried to convert to int64",
    ]);
    // a frame on its own keeps its indentation; IPython's header and a line without a frame stay whole
    for (const whole of [
      '  File "/x/train.py", line 9, in <module>',
      'OutOfMemoryError                          Traceback (most recent call last)',
      'ValueError: expected RuntimeError: x in the message',
      '    return self._call_impl(*args, **kwargs)',
    ])
      expect(splitFlattenedTraceback(whole)).toEqual([whole]);
  });

  test.each([
    ['2024-05-01T10:00:00.123456789Z stderr F RuntimeError: x', 'RuntimeError: x'],
    ['0: Traceback (most recent call last):', 'Traceback (most recent call last):'],
    ['12:   File "/x/train.py", line 5, in <module>', '  File "/x/train.py", line 5, in <module>'],
    ['> RuntimeError: x', 'RuntimeError: x'],
    ['2024-05-01 10:00:00,123 - root - ERROR - KeyError: x', 'KeyError: x'],
    ['2024-05-01 10:00:00,123 - ERROR - KeyError: x', 'KeyError: x'],
    [
      '[2024-05-01 10:00:00,123] [INFO] [engine.py:1072:_configure_optimizer] Using DeepSpeed Optimizer',
      'Using DeepSpeed Optimizer',
    ],
    ['2024-05-01 10:00:00.123 | ERROR    | __main__:<module>:5 - KeyError: x', 'KeyError: x'],
  ])('peels a container runtime tag, srun label, Markdown quote or logging format: %j', (line, rest) => {
    expect(line.slice(parsePrefix(line).length)).toBe(rest);
  });

  test('decodes the character references of a line copied from HTML', () => {
    expect(decodeEntities('expected &lt;class &#39;int&#39;&gt; &amp; &quot;x&quot;')).toBe(
      `expected <class 'int'> & "x"`,
    );
    expect(decodeEntities('loss & acc')).toBe('loss & acc');
  });

  test('splits a log kept as one JSON string into its lines, and leaves a Windows path alone', () => {
    const log = 'Traceback (most recent call last):\n  File "<stdin>", line 1\nRuntimeError: x\tTrue\n';
    expect(splitEscapedLines(JSON.stringify({ log }))).toEqual([
      '{"log":"Traceback (most recent call last):',
      '  File "<stdin>", line 1',
      'RuntimeError: x\tTrue',
    ]);
    // Docker's json-file record: the colours' escapes undone, the record's other fields dropped
    const docker = JSON.stringify({ log: '\x1b[31mRuntimeError: x\x1b[0m\n', stream: 'stderr', time: 't' });
    expect(docker).toContain('\\u001b');
    const [line, ...rest] = splitEscapedLines(docker);
    expect(rest).toEqual([]);
    expect(line!.slice(parsePrefix(line!).length)).toBe('\x1b[31mRuntimeError: x\x1b[0m');
    const windows = '  File "C:\\Users\\name\\torch\\nn\\modules\\module.py", line 1102, in _call_impl';
    expect(splitEscapedLines(windows)).toEqual([windows]);
  });

  test('finds the indentation a whole log shares, but not the one of a traceback', () => {
    expect(
      commonIndent(['\tTraceback (most recent call last):', '\t  File "x.py", line 1', '', '\tValueError: x']),
    ).toBe('\t');
    expect(commonIndent(['    Traceback (most recent call last):', '      File "x.py", line 1'])).toBe('    ');
    expect(commonIndent(['  File "x.py", line 1', '    return f(x)', '  File "y.py", line 2'])).toBe('');
  });

  test('reads the time from a timestamp prefix', () => {
    expect(parsePrefix('2026-03-14T09:12:03.500Z boom').time).toBe(Date.parse('2026-03-14T09:12:03.500Z'));
  });

  test.each([
    ['Tried to allocate 20.00 MiB on GPU 0', 'Tried to allocate <size> on GPU <n>'],
    ['at 0x7f3a2c000000 in pid 4123', 'at <hex> in pid <n>'],
    ['got torch.Size([1, 256, 1, 1])', 'got torch.Size(<shape>)'],
    [
      'File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1751',
      'File "<path>/module.py", line <n>',
    ],
    ['connect to 10.0.0.12:29500 failed', 'connect to <ip> failed'],
  ])('masks variable parts, keeping file names: %j', (line, masked) => expect(maskLine(line)).toBe(masked));

  test('picks the exception line as the most informative, without numbers or paths', () => {
    const log =
      'step 10\nTraceback (most recent call last):\n  File "/a/b/train.py", line 3, in <module>\nRuntimeError: CUDA error: device-side assert triggered at 0x7f00\n';
    expect(informativeLine(log)).toBe('RuntimeError: CUDA error: device-side assert triggered at');
  });
});

describe('required words for the prefilter', () => {
  test.each([
    ['CUDA out of memory\\. Tried to allocate', ['allocate']],
    ['Watchdog caught collective operation timeout', ['collective']],
    ['bus error|shared memory', ['error', 'shared']],
    ['rank\\d+ failed|x', undefined],
    ['(?:a|b) optional?', undefined],
    // torch 2.0's explain summary, printed with and without the space
    ['graphs\\s*with', undefined],
    ['graphs\\s?with', undefined],
    ['graphs\\s+with', ['graphs']],
    // …but whitespace that may be empty still ends a word before punctuation
    ['loss\\s*[:=]\\s*nan', ['loss']],
    // escapes read as the characters they stand for: `\x27` is a quote, `\{` a brace
    ['can\\x27t pickle \\{', ['pickle']],
    // a source regexpp cannot read is tried on every line rather than guessed at
    ['[z-a] failed', undefined],
  ])('%s', (source, words) => expect(requiredWords(source)).toEqual(words));
});

describe('the prefilter in the fingerprints', () => {
  test('words for each alternative, lower case; a multi-line pattern read as one line', () => {
    const fp = fingerprints();
    expect(fp.cues.find((c) => c.entry === 'MEM-003')).toMatchObject({ words: [['teacher']] });
    const multi = fp.signals.find((s) => s.multiline)!;
    // `nested_concat.*\n.*CUDA out of memory`: the words next to `.*` may run on, so only two are whole
    expect(multi.words).toEqual([['out', 'memory']]);
    expect(fp.signals.find((s) => s.source === 'Setting `use_cache=False`')).toMatchObject({
      words: [['setting', 'use_cache', 'false']],
    });
  });
});

describe('matching and weighting', () => {
  test('an empty log matches nothing', () => {
    expect(ids('')).toEqual([]);
    expect(ids('\n\n   \n')).toEqual([]);
  });

  test('binary garbage matches nothing and does not throw', () => {
    const garbage = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode((i * 7919) % 65_536)).join('');
    expect(ids(garbage)).toEqual([]);
  });

  test('known boilerplate counts for nothing', () => {
    expect(
      ids(
        'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1',
      ),
    ).toEqual([]);
  });

  test('a line-specific pattern outranks a shared one', () => {
    const d = diagnose(
      '  File "trainer.py", line 10, in nested_concat\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
      compileMatcher(fingerprints()),
    );
    expect(d.candidates[0]!.id).toBe('MEM-008');
  });

  test('a context cue raises one of the entries sharing a symptom', () => {
    expect(ids(`loading teacher\n${OOM}`)[0]).toBe('MEM-003');
  });

  test('a bare line of a shared symptom ranks its entries alike, says so and names the page that tells them apart', () => {
    const d = diagnose(OOM, compileMatcher(fingerprints()));
    const tied = ['MEM-001', 'MEM-003', 'MEM-008', 'CONF-006'].map((id) => ({ id, tellApart: 't' }));
    expect(d.shared).toEqual({
      symptom: 'cuda-oom',
      label: 'CUDA out of memory',
      url: '/symptoms/cuda-oom/',
      entries: 4,
      tied,
    });
    expect(new Set(d.candidates.map((c) => c.score)).size).toBe(1);
    // the entries the symptom defines first; CONF-006, which lists it third, last despite its id
    expect(d.candidates.map((c) => c.id)).toEqual(['MEM-001', 'MEM-003', 'MEM-008', 'CONF-006']);
    // "one of these": none of them is called certain
    expect(d.candidates.some((c) => c.confidence === 'high')).toBe(false);
  });

  test('nothing is called alike once something sets one entry apart', () => {
    expect(diagnose(`loading teacher\n${OOM}`, compileMatcher(fingerprints())).shared).toBeUndefined();
    expect(
      diagnose('RuntimeError: CUDA error: device-side assert triggered', compileMatcher(fingerprints())).shared,
    ).toBeUndefined();
  });

  test('a cue alone creates no candidate', () => {
    expect(ids('the teacher model is loaded\nall good')).toEqual([]);
  });

  test('a benign use_cache warning does not outrank a real error in the same log', () => {
    const log =
      '`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.\nRuntimeError: CUDA error: device-side assert triggered';
    expect(ids(log)[0]).toBe('HW-002');
  });

  test('the warning alone still finds its entry', () => {
    expect(ids('`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.')[0]).toBe(
      'CONF-006',
    );
  });

  test('rare signals weigh more than common ones', () => {
    const fp = fingerprints();
    const weight = (source: string) => fp.signals.find((s) => s.source === source)!.weight;
    expect(weight('CUDA error: device-side assert triggered')).toBeGreaterThan(
      weight('CUDA out of memory\\. Tried to allocate'),
    );
  });

  test('example logs make a signal they trigger elsewhere count for less', () => {
    const files = fingerprints();
    const again = buildFingerprints(
      validateContent(
        sources(
          [
            { slug: 'a', data: entry({ symptoms: [sym('device-assert'), sym('quiet'), sym('cuda-oom')] }) },
            {
              slug: 'b',
              data: entry({ id: 'MEM-002', symptoms: [sym('cuda-oom'), sym('quiet'), sym('use-cache-warning')] }),
            },
          ],
          registry,
        ),
      ).entries,
      validateContent(sources([], registry)).symptoms,
      new Map([['MEM-002', ['RuntimeError: CUDA error: device-side assert triggered']]]),
      triggeredSignals,
    );
    const w = again.signals.find((s) => s.symptom === 'device-assert')!.weight;
    expect(w).toBeLessThan(files.signals.find((s) => s.symptom === 'device-assert')!.weight);
  });

  test('returns the matched lines with their number, original text and highlighted range', () => {
    const d = diagnose(`step 1\n[rank0]: ${OOM}`, compileMatcher(fingerprints()));
    const line = d.candidates[0]!.lines[0]!;
    expect(line).toMatchObject({ n: 2, symptom: 'cuda-oom', kind: 'signal', rank: 0 });
    expect(line.text.slice(line.start, line.end)).toBe('CUDA out of memory. Tried to allocate');
    expect(d.candidates[0]!.score).toBeGreaterThan(0);
    expect(d.candidates[0]!.score).toBeLessThanOrEqual(1);
  });

  test('a long line is matched joined to the next behind the same decoration, whatever that starts with', () => {
    const head = 'step 3: the allocator reports CUDA out of memory.';
    // the pattern's words straddle the break: found when the second half continues the line,
    // indented, in lower case or, wrapped at a space, in a capital
    expect(ids(OOM)).not.toEqual([]);
    for (const next of ['    Tried to allocate 2.00 GiB', 'Tried to allocate 2.00 GiB'])
      expect(ids(`${head}\n${next}`)).toEqual(ids(OOM));
    // a line with a launcher's prefix the first did not have is a record of its own, and so is
    // one of another rank or from a later moment
    expect(ids(`${head}\n[rank0]: tried to allocate 2.00 GiB`)).toEqual([]);
    expect(ids(`[rank0]: ${head}\n[rank1]: Tried to allocate 2.00 GiB`)).toEqual([]);
    expect(ids(`[rank0]: ${head}\n[rank0]: Tried to allocate 2.00 GiB`)).toEqual(ids(OOM));
    const at = (t: string) => `2024-05-01T10:00:${t}Z stderr F `;
    expect(ids(`${at('00.100')}${head}\n${at('00.300')}Tried to allocate 2.00 GiB`)).toEqual(ids(OOM));
    expect(ids(`${at('00.100')}${head}\n${at('09.000')}Tried to allocate 2.00 GiB`)).toEqual([]);
    // a line that starts with the word the last started with is the next record of its kind
    expect(ids(`${head}\nstep 4: Tried to allocate 2.00 GiB`)).toEqual([]);
    // a line wider than any terminal was not wrapped: it goes on only in lower case or indented
    const wide = `${'x'.repeat(400)} ${head}`;
    expect(ids(`${wide}\nTried to allocate 2.00 GiB`)).toEqual([]);
    expect(ids(`${wide}\n    Tried to allocate 2.00 GiB`)).toEqual(ids(OOM));
  });

  test('a message wrapped over several lines is read whole, and shown where its match starts', () => {
    // wrapped at spaces to 30 columns: the pattern needs the first, second and third lines
    const lines = ['torch.OutOfMemoryError: CUDA', 'out of memory. Tried to', 'allocate 20.00 MiB. GPU 0'];
    const d = diagnose(
      ['Epoch 3: training the model on the cluster', ...lines].join('\n'),
      compileMatcher(fingerprints()),
    );
    expect(d.candidates[0]?.id).toBe('MEM-001');
    const shown = d.candidates[0]!.lines[0]!;
    expect(shown.n).toBe(2);
    expect(shown.text).toBe(lines[0]);
    expect(shown.text.slice(shown.start, shown.end)).toBe('CUDA');
  });

  test('a log pasted another way finds what it finds as printed: quoted, labelled, tagged, indented, escaped, coloured, run together', () => {
    const log = ['Traceback (most recent call last):', '  File "train.py", line 9, in <module>', OOM].join('\n');
    const want = ids(log);
    expect(want[0]).toBe('MEM-001');
    const each = (f: (l: string) => string) => log.split('\n').map(f).join('\n');
    for (const pasted of [
      each((l) => `> ${l}`),
      each((l) => `0: ${l}`),
      each((l) => `2024-05-01T10:00:00.123Z stderr F ${l}`),
      each((l) => `    ${l}`),
      each((l) => `\t${l}`),
      JSON.stringify({ log }),
      log.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      each((l) => `[0;31m${l}[0m`),
      each((l) => JSON.stringify({ log: `\x1b[31m${l}\x1b[0m\n`, stream: 'stderr' })),
      each((l) => `[rank0]: ${l}`),
      each((l) => `(RayTrainWorker pid=2735, ip=10.0.0.1) ${l}`),
      each((l) => `worker-1: ${l}`),
      each((l) => `2024-05-01 10:00:00,123 - root - ERROR - ${l}`),
      each((l) => `May 01 10:00:00 node-3 python[2735]: ${l}`),
      each((l) => `2024-05-01T10:00:00.1234567Z ${l}`),
      log.replace(/"/g, '\u201d'),
      log.split('\n').join(' '),
    ])
      expect(ids(pasted), pasted).toEqual(want);
  });

  test('a line a terminal cut at a fixed width is read whole, even cut inside a word', () => {
    const cut = (text: string) =>
      text
        .split('\n')
        .flatMap((l) => l.match(/.{1,80}/g) ?? [''])
        .join('\n');
    // cut inside "memory", going on in lower case: the one long line of the log
    const lower = `RuntimeError: ${'x'.repeat(50)} CUDA out of memory. Tried to allocate 20.00 MiB`;
    expect(cut(lower).split('\n')[1]).toMatch(/^ory\. Tried/);
    expect(ids(cut(lower))[0]).toBe('MEM-001');
    // cut inside "CUDA", going on in a capital: joined with nothing between the halves only once
    // another line of the log shows the width
    const upper = `RuntimeError: ${'x'.repeat(63)} CUDA out of memory. Tried to allocate 20.00 MiB`;
    expect(cut(upper).split('\n')[1]).toMatch(/^DA out/);
    expect(ids(cut(upper))).toEqual([]);
    expect(ids(cut(`${'step 1 '.repeat(15)}\n${upper}`))[0]).toBe('MEM-001');
  });

  test('the signals a log fires are known without finishing the scan, however short the log', () => {
    const fp = fingerprints();
    const oom = fp.signals.findIndex((s) => s.source.includes('CUDA out of memory'));
    expect(triggeredSignals(fp, OOM).has(oom)).toBe(true);
    expect(triggeredSignals(fp, `Traceback (most recent call last):\n${OOM}`).has(oom)).toBe(true);
  });

  test('a log cut into chunks anywhere gives the same result as one piece', () => {
    const log = `loading teacher\n  File "t.py", line 3, in nested_concat\n${OOM}\nWatchdog caught collective operation timeout\n`;
    const m = compileMatcher(fingerprints());
    const whole = diagnose(log, m);
    for (const size of [1, 7, 50]) {
      const scan = startScan(m);
      for (let i = 0; i < log.length; i += size) scan.push(log.slice(i, i + size));
      expect(scan.finish().candidates).toEqual(whole.candidates);
    }
  });

  test('scans of one matcher side by side, or after its line ids ran out, find what a fresh matcher finds', () => {
    const a = `loading teacher\n  File "t.py", line 3, in nested_concat\n${OOM}\n`;
    const b = 'Watchdog caught collective operation timeout\nRuntimeError: CUDA error: device-side assert triggered\n';
    const fresh = (log: string) => diagnose(log, compileMatcher(fingerprints())).candidates;
    const m = compileMatcher(fingerprints());
    // interleaved line by line: a line of one scan never hides a signal from a line of the other
    const [sa, sb] = [startScan(m), startScan(m)];
    const [la, lb] = [a.split(/(?<=\n)/), b.split(/(?<=\n)/)];
    for (let i = 0; i < Math.max(la.length, lb.length); i++) {
      if (la[i]) sa.push(la[i]!);
      if (lb[i]) sb.push(lb[i]!);
    }
    expect(sa.finish().candidates).toEqual(fresh(a));
    expect(sb.finish().candidates).toEqual(fresh(b));
    // the ids start again when they run out, in the middle of a log
    m.tried.lastId = 0x7fffffff - 2;
    expect(diagnose(a + b, m).candidates).toEqual(fresh(a + b));
    expect(m.tried.lastId).toBeLessThan(10);
  });

  test('a log of 100,000 lines is scanned whole, and the error at its end is found', () => {
    const noise = Array.from(
      { length: 100_000 },
      (_, i) => `step ${i} loss 1.${i % 97} lr 3e-4 grad_norm 0.${i % 13}`,
    ).join('\n');
    const d = diagnose(
      `${noise}\nRuntimeError: CUDA error: device-side assert triggered\n`,
      compileMatcher(fingerprints()),
    );
    expect(d.stats.lines).toBe(100_001);
    expect(d.candidates[0]!.id).toBe('HW-002');
    expect(d.candidates[0]!.lines[0]!.n).toBe(100_001);
  });
});

describe('multi-rank logs', () => {
  const log = [
    '[rank3]: RuntimeError: CUDA error: device-side assert triggered',
    '[rank0]:[E1114 09:22:03.123456 1234 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE) ran for 600000 milliseconds before timing out.',
    '[rank1]:[E1114 09:22:03.123456 1235 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout',
    '[rank2]:[E1114 09:22:03.123456 1236 ProcessGroupNCCL.cpp:616] [Rank 2] Watchdog caught collective operation timeout',
  ].join('\n');

  test('ranks the initiating failure first and calls the timeouts collateral', () => {
    const d = diagnose(log, compileMatcher(fingerprints()));
    expect(d.candidates.map((c) => c.id)).toEqual(['HW-002', 'DIST-001']);
    expect(d.candidates[0]!.initiating).toBe(true);
    expect(d.candidates[1]!.collateral).toBe(true);
    expect(d.summary).toBe(
      'Rank 3 failed first, with Device-side assert (HW-002); the NCCL watchdog timeout on ranks 0–2 is collateral.',
    );
  });

  test('orders by timestamp when lines carry one, not by position', () => {
    const timed = [
      '2026-03-14 09:30:00,000 [rank0]: Watchdog caught collective operation timeout',
      '2026-03-14 09:20:00,000 [rank2]: RuntimeError: CUDA error: device-side assert triggered',
    ].join('\n');
    const d = diagnose(timed, compileMatcher(fingerprints()));
    expect(d.initiating).toMatchObject({ entry: 'HW-002', rank: 2, line: 2 });
  });

  test('a timeout alone is not called collateral of anything', () => {
    const d = diagnose('[rank0]: Watchdog caught collective operation timeout', compileMatcher(fingerprints()));
    expect(d.candidates.map((c) => c.id)).toEqual(['DIST-001']);
    expect(d.summary).toBeUndefined();
  });
});
