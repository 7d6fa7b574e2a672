import { describe, expect, it } from 'vitest';
import { parseStoneIds } from './stone-ids';

describe('stone ids of a detail page link', () => {
  it('reads lot id and location back, USA-BD before USA', () => {
    expect(parseStoneIds('LD-100231-BEL,LD2-USA-BD, LD3-USA')).toEqual([
      { raw: 'LD-100231-BEL', lotId: 'LD-100231', location: 'BEL' },
      { raw: 'LD2-USA-BD', lotId: 'LD2', location: 'USA-BD' },
      { raw: 'LD3-USA', lotId: 'LD3', location: 'USA' },
    ]);
  });

  it('takes an id without a location as a lot id', () => {
    expect(parseStoneIds('LD100231')).toEqual([{ raw: 'LD100231', lotId: 'LD100231', location: null }]);
    expect(parseStoneIds('BEL')).toEqual([{ raw: 'BEL', lotId: 'BEL', location: null }]);
  });

  it('drops blanks and repeats and keeps at most ten', () => {
    expect(parseStoneIds(null)).toEqual([]);
    expect(parseStoneIds(' , ,')).toEqual([]);
    expect(parseStoneIds('LD1-BEL,ld1-bel').map((id) => id.raw)).toEqual(['LD1-BEL']);
    const many = Array.from({ length: 12 }, (_, i) => `LD${i}-BEL`).join(',');
    expect(parseStoneIds(many)).toHaveLength(10);
  });
});
