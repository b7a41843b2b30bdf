import { describe, expect, it } from 'vitest';
import { bestMatchTerms, searchDelay, searchTerms, suggestQuery, TYPING_PAUSE_MS, unmatchedWords, vocabularyWords } from '../../src/lib/search-terms.ts';

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

describe('bestMatchTerms', () => {
  const sets = (o: Record<string, string[]>) => new Map(Object.entries(o).map(([w, ids]) => [w, new Set(ids)]));

  it('keeps the words of the page that holds most of the query, and leaves out the values no page holds', () => {
    const words = ['torch.OutOfMemoryError:', 'CUDA', 'memory.', 'allocate', '2.00', 'GiB.', '79.15'];
    const matches = sets({ 'torch.OutOfMemoryError:': ['mem1', 'mem3'], CUDA: ['mem1', 'mem3', 'hw1', 'tok4'], 'memory.': ['mem1', 'mem3', 'data2', 'hw1'], allocate: ['mem1', 'mem3', 'mem8'], '2.00': [], 'GiB.': ['mem1', 'mem8', 'data2'], '79.15': [] });
    expect(bestMatchTerms(words, matches)).toEqual(['torch.OutOfMemoryError:', 'CUDA', 'memory.', 'allocate', 'GiB.']);
  });

  it('counts a rare word for more than several common ones', () => {
    // "watchdog" is on one page; "the", "rank" and "timeout" together are on another
    const matches = sets({ watchdog: ['dist1'], rank: ['dist1', 'dist2', 'dist3', 'dist4', 'dist5', 'dist6'], timeout: ['dist2', 'dist3', 'dist4', 'dist5', 'dist6'], ranks: ['dist2', 'dist3', 'dist4', 'dist5', 'dist6'] });
    expect(bestMatchTerms(['watchdog', 'rank', 'timeout', 'ranks'], matches)).toEqual(['watchdog', 'rank']);
  });

  it('finds nothing when no word is on any page', () => {
    expect(bestMatchTerms(['2.00', '79.15'], sets({ '2.00': [], '79.15': [] }))).toEqual([]);
    expect(bestMatchTerms([], new Map())).toEqual([]);
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
    expect(suggestQuery('checkpoinx', vocabulary)).toBe('checkpoint');
  });
  it('offers nothing when every word is known or nothing is close, and leaves short words and numbers', () => {
    expect(suggestQuery('watchdog timeout', vocabulary)).toBeUndefined();
    expect(suggestQuery('zzzzzzzz', vocabulary)).toBeUndefined();
    expect(suggestQuery('oom 2.00 GiB 7915', vocabulary)).toBeUndefined();
    // one edit for a short word, two from seven letters
    expect(suggestQuery('ncll', vocabulary)).toBe('nccl');
    expect(suggestQuery('nxxl', vocabulary)).toBeUndefined();
    expect(suggestQuery('alocatr', vocabulary)).toBe('allocator');
  });
  it('finds the words no result holds, and splits text into vocabulary words', () => {
    expect(unmatchedWords('nccl wachdog timeout', ['NCCL watchdog: collective timeout', 'W… other'])).toEqual(['wachdog']);
    expect(unmatchedWords('watchd', ['the NCCL watchdog'])).toEqual([]);
    expect(vocabularyWords('torch.OutOfMemoryError: CUDA out of memory (2.00 GiB), NCCL_TIMEOUT')).toEqual(['torch', 'outofmemoryerror', 'cuda', 'memory', 'nccl_timeout']);
  });
});
