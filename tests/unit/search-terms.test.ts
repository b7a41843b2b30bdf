import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load, CORE_SCHEMA } from 'js-yaml';
import {
  hasCjk,
  inSearchScript,
  queryPhrases,
  queryWords,
  rankByWords,
  searchDelay,
  searchTerms,
  suggestQuery,
  TYPING_PAUSE_MS,
  unmatchedWords,
  variantsOf,
  vocabularyWords,
  wordListPart,
} from '../../src/lib/search-terms.ts';
import { shipped } from './fixtures/shipped.ts';

describe('searchTerms', () => {
  it('drops the function words every entry holds, whatever their case or punctuation', () => {
    expect(searchTerms('Expected all tensors to be on the same device')).toBe('Expected all tensors be same device');
    expect(searchTerms('out of memory')).toBe('out memory');
    expect(searchTerms('The loss is NaN, and it stays')).toBe('loss NaN, stays');
    expect(searchTerms('  CUDA   out of memory ')).toBe('CUDA out memory');
  });

  it('keeps negations, identifiers and words that only start like a function word', () => {
    expect(searchTerms('tokenizer does not have a padding token')).toBe('tokenizer does not have padding token');
    expect(searchTerms('no module named bitsandbytes')).toBe('no module named bitsandbytes');
    expect(searchTerms('torch.is_tensor theory of')).toBe('torch.is_tensor theory');
    expect(searchTerms('isolate ont thence')).toBe('isolate ont thence');
    expect(searchTerms('tensor .to() in a loop')).toBe('tensor .to() loop');
  });

  it('leaves a query of function words alone, and a quoted phrase whole', () => {
    expect(searchTerms('the')).toBe('the');
    expect(searchTerms('to be or not')).toBe('be not');
    expect(searchTerms('of the')).toBe('of the');
    expect(searchTerms('"out of memory" on rank 3')).toBe('"out of memory" on rank 3');
  });
});

describe('queryWords', () => {
  it('drops the punctuation a word is typed with, function words and filler', () => {
    expect(queryWords('Why does my loss become NaN during the first epoch?')).toEqual([
      'loss',
      'become',
      'nan',
      'first',
      'epoch',
    ]);
    expect(queryWords('"RuntimeError: CUDA error: device-side assert triggered"')).toEqual([
      'runtimeerror',
      'cuda',
      'error',
      'device-side',
      'assert',
      'triggered',
    ]);
    expect(queryWords('(increasing.) “quoted” [bracketed]!')).toEqual(['increasing', 'quoted', 'bracketed']);
    // an issue title's tag with no space after it
    expect(queryWords('[QUESTION]exits with return code')).toEqual(['question', 'exits', 'return', 'code']);
    expect(queryWords('[Bug][ROCm] hang')).toEqual(['bug', 'rocm', 'hang']);
    // "problem" says how the reader asks, not what failed
    expect(queryWords('Nan problem for LOG')).toEqual(['nan', 'log']);
  });
  it('drops negative contractions, as the words they stand for', () => {
    // real titles: "can't" was searched as cant and "doesnt" respelt as "doesn", each on few pages
    expect(queryWords("Can't import xgboost in conda")).toEqual(['import', 'xgboost', 'conda']);
    expect(queryWords('resuming doesnt work!')).toEqual(['resuming', 'work']);
    expect(queryWords('nvidia-smi doesn’t work anymore')).toEqual(['nvidia-smi', 'work', 'anymore']);
  });

  it('searches a dotted or underscored identifier whole and by its parts, but not a number', () => {
    expect(queryWords('numpy.random seeds')).toEqual(['numpy.random', 'numpy', 'random', 'seeds']);
    expect(queryWords('NCCL_P2P_DISABLE=1')).toEqual(['nccl_p2p_disable=1', 'nccl', 'p2p', 'disable=1']);
    expect(queryWords('Tried to allocate 2.00 GiB')).toEqual(['tried', 'allocate', '2.00', 'gib']);
  });

  it('keeps each word once, and a query of filler alone is empty', () => {
    expect(queryWords('nan NaN nan.')).toEqual(['nan']);
    expect(queryWords('why does it')).toEqual([]);
  });
});

describe('variantsOf', () => {
  const groups = [
    ['oom', 'outofmemoryerror'],
    ['hang', 'stuck', 'freeze'],
  ];
  it("adds the other words of the word's group, the word first", () => {
    expect(variantsOf('stuck', groups)).toEqual(['stuck', 'hang', 'freeze']);
    expect(variantsOf('oom', groups)).toEqual(['oom', 'outofmemoryerror']);
  });
  it('leaves a word in no group alone', () => {
    expect(variantsOf('nccl', groups)).toEqual(['nccl']);
    expect(variantsOf('bus', groups)).toEqual(['bus']);
  });
  it('reads a plural in no group as its singular (a real title: "Unaccaptable OOMs all the time.")', () => {
    expect(variantsOf('ooms', groups)).toEqual(['ooms', 'oom', 'outofmemoryerror']);
    expect(variantsOf('freezes', [['freeze', 'freezes', 'hang']])).toEqual(['freezes', 'freeze', 'hang']);
  });
});

describe('queryPhrases', () => {
  it('pairs the words typed side by side, without punctuation, function words or filler between', () => {
    expect(queryPhrases('Increase shared memory size')).toEqual(['increase shared', 'shared memory', 'memory size']);
    // "on" and "the" break a pair; "Multi-GPU" keeps its hyphen; a trailing "?" and quotes go
    expect(queryPhrases('Training hangs on the "Multi-GPU" node?')).toEqual(['training hangs', 'multi-gpu node']);
    // a clause's comma ends a pair
    expect(queryPhrases('loss spikes, memory grows')).toEqual(['loss spikes', 'memory grows']);
  });

  it('pairs no identifier, path or error class: those are searched whole and by their parts', () => {
    expect(queryPhrases('torch.cuda.OutOfMemoryError CUDA_LAUNCH_BLOCKING /dev/shm')).toEqual([]);
    expect(queryPhrases('oom')).toEqual([]);
  });
});

describe('rankByWords', () => {
  const hits = (o: Record<string, [string, number][]>) =>
    new Map(Object.entries(o).map(([w, l]) => [w, l.map(([id, score]) => ({ id, score }))]));

  it('puts first the page holding the most telling words, even when it lacks one', () => {
    // "during" is on two pages that lack "nccl" and "watchdog"; dist1 lacks "during" only
    const { ids, held } = rankByWords(
      hits({
        nccl: [
          ['dist1', 5],
          ['dist2', 2],
        ],
        watchdog: [['dist1', 8]],
        during: [
          ['mem1', 1],
          ['data1', 1],
        ],
      }),
    );
    expect(ids[0]).toBe('dist1');
    expect(held).toEqual(['nccl', 'watchdog']);
  });

  it('counts a rare word for more than a common one, and where a page holds it', () => {
    // "timeout" is on every page; "allreduce" on two, in dist2's title (a higher score)
    const common = ['dist1', 'dist2', 'dist3', 'dist4', 'dist5'].map((id): [string, number] => [id, 1]);
    expect(
      rankByWords(
        hits({
          timeout: common,
          allreduce: [
            ['dist1', 1],
            ['dist2', 9],
          ],
        }),
      ).ids.slice(0, 2),
    ).toEqual(['dist2', 'dist1']);
  });

  it('puts a page holding most of the words before one holding a single rarer word', () => {
    // "gpu ram exploding validation": m holds three of the four words, each weakly; x holds
    // only "exploding", the rarest, at its best. Summed alone, x's one word outweighs m's three.
    const { ids } = rankByWords(
      hits({
        gpu: [
          ['a', 5],
          ['b', 5],
          ['m', 1],
        ],
        ram: [
          ['a', 10],
          ['m', 1],
        ],
        exploding: [['x', 9]],
        validation: [
          ['m', 1],
          ['v', 20],
        ],
      }),
      400,
    );
    expect(ids.slice(0, 3)).toEqual(['a', 'm', 'x']);
  });

  it('lifts a page that holds two of the words side by side over one that holds them apart', () => {
    // "shared memory size": k holds "size" a little higher and "shared" and "memory" apart; d
    // holds the phrase "shared memory", the words a reader means together
    const words = hits({
      shared: [
        ['d', 5],
        ['k', 5],
      ],
      memory: [
        ['d', 5],
        ['k', 5],
      ],
      size: [
        ['d', 7],
        ['k', 9],
      ],
    });
    expect(rankByWords(words, 100).ids[0]).toBe('k');
    const phrases = hits({ 'shared memory': [['d', 3]], 'memory size': [] });
    expect(rankByWords(words, 100, phrases).ids[0]).toBe('d');
    // a phrase counts only for a page the words found: it adds no page of its own
    expect(rankByWords(words, 100, hits({ 'shared memory': [['z', 3]] })).ids).not.toContain('z');
  });

  it('counts once two forms of one word, which find the same pages', () => {
    // "resize storage not resizable": Pagefind stems both forms alike, so they find the same
    // three pages; counted twice, ckpt (which holds the word in its title) would pass data,
    // the only page that also holds "storage"
    const words = hits({
      resize: [
        ['ckpt', 9],
        ['data', 3],
        ['tok', 8],
      ],
      storage: [
        ['data', 2],
        ['mem', 9],
        ['disk', 9],
      ],
      resizable: [
        ['ckpt', 8],
        ['data', 3],
        ['tok', 7],
      ],
    });
    expect(rankByWords(words, 100).ids[0]).toBe('data');
    // words that begin differently are two words, whatever pages they find
    const twoWords = new Map([...words].map(([w, l]) => [w === 'resizable' ? 'growable' : w, l]));
    expect(rankByWords(twoWords, 100).ids[0]).toBe('ckpt');
  });

  it('weighs rarity over the whole index when it is given, not over the pages found', () => {
    // "nccl" and "timeout" are on all six pages the words found but on six of 400 indexed;
    // "mystery" is on one page. Over the pages found, the two look common and p wins alone.
    const six: [string, number][] = ['q', 'r', 's', 't', 'u', 'v'].map((id) => [id, 1]);
    const words = hits({ mystery: [['p', 1]], nccl: six, timeout: six });
    expect(rankByWords(words).ids[0]).toBe('p');
    expect(rankByWords(words, 400).ids[0]).toBe('q');
  });

  it("returns the pages scoring at least two fifths of the first's, best first, and the words the first holds", () => {
    // d holds only "memory", and there at a ninth of a's score
    const { ids, held } = rankByWords(
      hits({
        cuda: [
          ['a', 1],
          ['b', 3],
          ['c', 3],
        ],
        memory: [
          ['a', 9],
          ['b', 1],
          ['d', 1],
        ],
        xyz: [],
      }),
    );
    expect(held).toEqual(['cuda', 'memory']);
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('finds nothing when no word is on any page', () => {
    expect(rankByWords(hits({ '2.00': [], '79.15': [] }))).toEqual({ ids: [], held: [] });
    expect(rankByWords(new Map())).toEqual({ ids: [], held: [] });
  });
});

describe('inSearchScript', () => {
  const terms = {
    报错: 'error',
    微调: 'fine-tuning',
    显存: 'GPU memory',
    显存不足: 'CUDA out of memory',
    多卡: 'multi-GPU',
  };
  it('splits a Latin word from the Chinese it is glued to, in real titles', () => {
    // the telling words are the Latin ones; the Chinese around them is read as its known terms
    expect(inSearchScript('微调gemma，报错', terms)).toBe(' fine-tuning gemma, error ');
    expect(queryWords(inSearchScript('微调gemma，报错', terms))).toEqual(['fine-tuning', 'gemma', 'error']);
    expect(
      queryWords(
        inSearchScript(
          '计算一个step后出现RuntimeError: probability tensor contains either `inf`, `nan` or element < 0',
          terms,
        ),
      ).slice(0, 4),
    ).toEqual(['step', 'runtimeerror', 'probability', 'tensor']);
  });
  it('reads the longest known term at each place and leaves the rest of the run out', () => {
    expect(inSearchScript('训练时显存不足', terms)).toBe(' CUDA out of memory ');
    expect(inSearchScript('显存很大', terms)).toBe(' GPU memory ');
    expect(inSearchScript('关于训练的问题，期待回复', {})).toBe(' , ');
    expect(queryWords(inSearchScript('关于训练的问题，期待回复', {}))).toEqual([]);
  });
  it('turns full-width letters and punctuation into ASCII and leaves other text as it is', () => {
    expect(inSearchScript('显卡独占（Exclusive Process）模式', {})).toBe(' (Exclusive Process) ');
    expect(inSearchScript('ＣＵＤＡ out of memory', terms)).toBe('CUDA out of memory');
    expect(queryWords(inSearchScript("KeyError: 'gptj' 문제에 대해서", terms))).toEqual(['keyerror', 'gptj']);
    expect(inSearchScript('NCCL timeout during all_reduce', terms)).toBe('NCCL timeout during all_reduce');
  });
});

describe('content/search-translations.json', () => {
  const file = JSON.parse(readFileSync('content/search-translations.json', 'utf8')) as {
    terms: Record<string, string>;
  };
  it('translates Chinese terms into words the search reads', () => {
    const entries = Object.entries(file.terms);
    expect(entries.length).toBeGreaterThan(0);
    for (const [term, english] of entries) {
      expect(hasCjk(term), term).toBe(true);
      expect(inSearchScript(term, {}).trim(), term).toBe('');
      expect(queryWords(english).length, `${term}: ${english}`).toBeGreaterThan(0);
    }
    expect(hasCjk('NCCL timeout (rank 3)')).toBe(false);
  });
});

describe('content/search-variants.json', () => {
  const file = JSON.parse(readFileSync('content/search-variants.json', 'utf8')) as { groups: string[][] };
  it('holds groups of lower-case single words, each word in one group only', () => {
    const seen = new Map<string, number>();
    file.groups.forEach((g, i) => {
      expect(g.length, `group ${i}`).toBeGreaterThan(1);
      for (const w of g) {
        expect(w, `group ${i}`).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
        expect(seen.get(w), `"${w}" is in groups ${seen.get(w)} and ${i}`).toBeUndefined();
        seen.set(w, i);
      }
    });
  });
});

describe('searchDelay', () => {
  it('waits out typing, one letter at a time, but not a paste or a deleted word', () => {
    expect(searchDelay('nccl time', 'nccl timeo')).toBe(TYPING_PAUSE_MS);
    expect(searchDelay('nccl timeo', 'nccl time')).toBe(TYPING_PAUSE_MS);
    expect(searchDelay('', 'CUDA out of memory')).toBe(0);
    expect(searchDelay('nccl watchdog timeout', 'nccl ')).toBe(0);
    expect(TYPING_PAUSE_MS).toBeGreaterThan(0);
  });
});

describe('suggestQuery', () => {
  const vocabulary = ['watchdog', 'timeout', 'nccl', 'distillation', 'checkpoint', 'checkpoints', 'allocator'];
  it('respells words the site does not hold with the closest it does, keeping the rest', () => {
    expect(suggestQuery('nccl wachdog timeout', vocabulary)).toBe('nccl watchdog timeout');
    expect(suggestQuery('Activation distilaton', vocabulary)).toBe('Activation distillation');
    // a tie goes to the word listed first (the list is most used first)
    expect(suggestQuery('ncxl', ['nccl', 'ncsl'])).toBe('nccl');
    expect(suggestQuery('ncxl', ['ncsl', 'nccl'])).toBe('ncsl');
    expect(suggestQuery('checkpoinx', vocabulary)).toBe('checkpoint');
    expect(suggestQuery('trainning', ['training'])).toBe('training');
  });
  it('offers nothing when every word is known or nothing is close, and leaves short words and numbers', () => {
    expect(suggestQuery('watchdog timeout', vocabulary)).toBeUndefined();
    expect(suggestQuery('zzzzzzzz', vocabulary)).toBeUndefined();
    expect(suggestQuery('oom 2.00 GiB 7915', vocabulary)).toBeUndefined();
    // one edit for a short word, two from nine letters
    expect(suggestQuery('ncll', vocabulary)).toBe('nccl');
    expect(suggestQuery('nxxl', vocabulary)).toBeUndefined();
    expect(suggestQuery('alocatr', vocabulary)).toBeUndefined();
    expect(suggestQuery('alocatorr', vocabulary)).toBe('allocator');
  });
  it('counts two neighbouring letters swapped as one slip, and leaves a known word with an ending alone', () => {
    // "works" is listed first (used more), but "workres" is "workers" with two letters swapped
    expect(suggestQuery('dataloader workres killed', ['works', 'workers', 'dataloader', 'killed'])).toBe(
      'dataloader workers killed',
    );
    // five letters allow one edit: the swap is one
    expect(suggestQuery('bacth size', ['batch', 'size'])).toBe('batch size');
    // Pagefind's stemmer finds "epochs" and "gathered" through "epoch" and "gather"
    expect(suggestQuery('nan after epochs', ['epoch', 'after'])).toBeUndefined();
    expect(suggestQuery('gathered weights', ['gather', 'weights'])).toBeUndefined();
  });
  it('respells only what a slip could have made: the same first letter, not another form of the word', () => {
    // real titles' words the site does not use, each close to one it does
    const site = ['weights', 'documented', 'complaint', 'compute', 'training', 'finetune'];
    expect(suggestQuery('Using a dataset with different widths and heights', site)).toBeUndefined();
    expect(suggestQuery('Undocumented volume requirement', site)).toBeUndefined();
    expect(suggestQuery('torch import complain about numpy version', site)).toBeUndefined();
    expect(suggestQuery('Why is the training process on my computer so slow?', site)).toBeUndefined();
    expect(suggestQuery('Long input document is truncated when calculating scores', ['calculation'])).toBeUndefined();
    // a word cut short is found by Pagefind through its prefix
    expect(suggestQuery('trainin', site)).toBeUndefined();
    // other digits name another thing: a layer's dimension, a model, a step
    const digits = ['batchnorm1d', 'gptq', 'steps', 'error', 'fp16'];
    expect(suggestQuery('BatchNorm3d error : CUDNN_STATUS_NOT_SUPPORTED', digits)).toBeUndefined();
    expect(suggestQuery('train gpt2 in fp16', digits)).toBeUndefined();
    expect(suggestQuery('Pagefile issues at training Step0', digits)).toBeUndefined();
    expect(suggestQuery('errror in fp16', digits)).toBe('error in fp16');
    // a slip inside the word is still respelt
    expect(suggestQuery('size mismatch for lm_head when fintune QWEN2.5', site)).toBe(
      'size mismatch for lm_head when finetune QWEN2.5',
    );
  });

  it('finds the words no result holds, and splits text into vocabulary words', () => {
    expect(unmatchedWords('nccl wachdog timeout', ['NCCL watchdog: collective timeout', 'W… other'])).toEqual([
      'wachdog',
    ]);
    expect(unmatchedWords('watchd', ['the NCCL watchdog'])).toEqual([]);
    expect(vocabularyWords('torch.OutOfMemoryError: CUDA out of memory (2.00 GiB), NCCL_TIMEOUT')).toEqual([
      'torch',
      'outofmemoryerror',
      'cuda',
      'memory',
      'nccl_timeout',
    ]);
  });
});

describe('wordListPart', () => {
  it('is a word\'s first letter or digit, and "_" for anything else', () => {
    expect(['watchdog', 'nccl', '8bit', 'ünicode', '_private'].map(wordListPart)).toEqual(['w', 'n', '8', '_', '_']);
  });
});

describe('asked phrasings', () => {
  it('never index an evaluation query or a thread the evaluation queries come from', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const queries = load(readFileSync(`${root}tests/eval/search-queries.yaml`, 'utf8'), { schema: CORE_SCHEMA }) as {
      query: string;
      source: string;
    }[];
    // the same thread, whatever its address's case, trailing slash or fragment
    const thread = (url: string) =>
      url
        .toLowerCase()
        .replace(/[#?].*$/, '')
        .replace(/\/+$/, '');
    const sources = new Set(queries.map((q) => thread(q.source)));
    const texts = new Set(queries.map((q) => q.query.trim().toLowerCase()));
    const leaks = shipped.entries.flatMap((e) =>
      e.asked
        .filter((a) => sources.has(thread(a.url)) || texts.has(a.title.trim().toLowerCase()))
        .map((a) => `${e.id}: ${a.title} (${a.url})`),
    );
    expect(leaks).toEqual([]);
  });
});
