import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { filterByStoneId, stoneIdTokens } from './stone-id-filter';

describe('search by stone id', () => {
  const a = buildStone({ lot_id: 'LD-100231', certificate_number: '2141438171' });
  const b = buildStone({ lot_id: 'LD-100232', certificate_number: '7488' });

  it('splits on spaces and commas, ignoring case and repeats', () => {
    expect(stoneIdTokens(' ld-1, LD-1  2141 ')).toEqual(['LD-1', '2141']);
  });

  it('keeps stones whose lot id or certificate number contains a typed id', () => {
    expect(filterByStoneId([a, b], 'ld-100232')).toEqual([b]);
    expect(filterByStoneId([a, b], '2141438171')).toEqual([a]);
    expect(filterByStoneId([a, b], '100231, 7488')).toEqual([a, b]);
    expect(filterByStoneId([a, b], '  ')).toEqual([a, b]);
    expect(filterByStoneId([a, b], 'XYZ')).toEqual([]);
  });
});
