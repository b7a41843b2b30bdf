import { describe, expect, it } from 'vitest';
import { figures, type Outcome } from '../../src/build/evaluate.ts';

const log = (file: string, expected: string | undefined, ranked: Outcome['ranked'], more: Partial<Outcome> = {}) =>
  ({ file, part: 'development', ...(expected ? { expected } : {}), ranked, ...more }) as Outcome;
/** Entries ranked in this order, all at one confidence. */
const at = (confidence: 'high' | 'medium' | 'low', ...ids: string[]) => ids.map((id) => ({ id, confidence }));

describe('figures', () => {
  const outcomes: Outcome[] = [
    log('a.log', 'MEM-001', at('high', 'MEM-001')),
    // a bare CUDA OOM from FSDP's state-dict gather: "one of these", the generic cause listed first
    log('b.log', 'CKPT-006', at('medium', 'MEM-001', 'CKPT-006'), { tied: ['MEM-001', 'CKPT-006'] }),
    // ranked second by its evidence, not in a tie
    log('c.log', 'MEM-004', [...at('medium', 'MEM-001'), ...at('low', 'MEM-004')]),
    // a tie that does not hold the expected entry
    log('d.log', 'DIST-004', at('low', 'MEM-001', 'CKPT-006'), { tied: ['MEM-001', 'CKPT-006'] }),
    log('e.log', undefined, at('low', 'MEM-001')),
    log('f.log', undefined, at('medium', 'MEM-001')),
    log('g.log', 'MEM-001', [{ id: 'MEM-001' }], { part: 'held-out' }),
  ];

  it('counts first, first three, quiet negatives and the misses of one part', () => {
    const f = figures(outcomes, 'development');
    expect([f.logs, f.top1, f.top3, f.negatives, f.quiet]).toEqual([4, 1, 3, 2, 1]);
    expect(f.misses.map((m) => m.file)).toEqual(['b.log', 'c.log', 'd.log']);
    expect(f.loud.map((m) => m.file)).toEqual(['f.log']);
  });

  it('counts the misses shown as "one of these" with their entry among the tied', () => {
    expect(figures(outcomes, 'development').inTie).toBe(1);
    expect(figures(outcomes, 'held-out')).toMatchObject({ logs: 1, top1: 1, inTie: 0 });
  });
});
