import { describe, expect, it } from 'vitest';
import { bestMatchTerms, searchDelay, searchTerms, TYPING_PAUSE_MS } from '../../src/lib/search-terms.ts';

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
