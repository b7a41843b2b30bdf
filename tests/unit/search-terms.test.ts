import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/lib/search-terms.ts';

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
