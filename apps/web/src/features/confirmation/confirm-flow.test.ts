import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import {
  checksFromConflict,
  commentCounter,
  commentToSend,
  confirmLinesOf,
  confirmRowsOf,
  confirmTotalsOf,
  foreignLocations,
  hasLockedPrices,
  holdOrMemoProblems,
  reasonText,
  splitByCheck,
  stonesOnHoldOrMemo,
} from './confirm-flow';

describe('[CONFIRM] stones that block the flow', () => {
  const available = buildStone({ diamond_status: 'Available' });
  const bidToBuy = buildStone({ diamond_status: 'BidToBuy' });
  const hold = buildStone({ diamond_status: 'Hold', lot_id: 'LD-HOLD' });
  const memo = buildStone({ diamond_status: 'Memo', lot_id: 'LD-MEMO' });

  it('lets available and bid-to-buy stones through', () => {
    expect(stonesOnHoldOrMemo([available, bidToBuy])).toEqual([]);
  });

  it('blocks stones on hold or memo for someone else', () => {
    expect(stonesOnHoldOrMemo([available, hold, memo]).map((s) => s.lot_id)).toEqual(['LD-HOLD', 'LD-MEMO']);
  });

  it('lets stones held for this buyer through', () => {
    const heldForYou = { ...hold, reserved_for_you: true };
    expect(stonesOnHoldOrMemo([heldForYou, memo])).toEqual([memo]);
  });

  it('says why each blocking stone blocks', () => {
    expect(holdOrMemoProblems([hold, memo]).map((p) => [p.lotId, p.why])).toEqual([
      ['LD-HOLD', 'On hold'],
      ['LD-MEMO', 'On memo'],
    ]);
  });

  it('knows a selection without prices belongs to a buyer without approved KYC', () => {
    expect(hasLockedPrices([available])).toBe(false);
    expect(hasLockedPrices([available, buildStone({ amount: null })])).toBe(true);
  });
});

describe('[CONFIRM] what is sent', () => {
  it('names each stone with the amount on screen', () => {
    const a = buildStone({ amount: 7000.5 });
    const b = buildStone({ amount: 12000 });
    expect(confirmLinesOf([a, b])).toEqual([
      { id: a.id, amount: 7000.5 },
      { id: b.id, amount: 12000 },
    ]);
  });

  it('counts the comment against 1,000 characters and trims what is sent', () => {
    expect(commentCounter('')).toBe('0/1000');
    expect(commentCounter('Ship with the Antwerp lot')).toBe('25/1000');
    expect(commentToSend('  Please invoice to Shah Gems  ')).toBe('Please invoice to Shah Gems');
    expect(commentToSend('x'.repeat(1200))).toHaveLength(1000);
  });
});

describe('[CONFIRM] reading the server answer', () => {
  it('writes each reason in words, with both prices when the price moved', () => {
    expect(reasonText('sold')).toBe('Sold, no longer available');
    expect(reasonText('hold')).toBe('On hold for another buyer');
    expect(reasonText('memo')).toBe('On memo with another buyer');
    expect(reasonText('not_found')).toBe('No longer in stock');
    expect(reasonText('price_changed', { seen: 7000, now: 7350.5 })).toBe(
      'Price changed from $7,000.00 to $7,350.50',
    );
    expect(reasonText('price_changed')).toBe('Price changed');
  });

  it('splits the selection into stones to confirm and stones with a problem', () => {
    const a = buildStone({ lot_id: 'LD-A', amount: 5000 });
    const b = buildStone({ lot_id: 'LD-B', amount: 6000 });
    const c = buildStone({ lot_id: 'LD-C', amount: 7000 });
    const { available, problems } = splitByCheck(
      [a, b, c],
      {
        [a.id]: { id: a.id, status: 'available', reason: null },
        [b.id]: {
          id: b.id,
          status: 'unavailable',
          reason: 'price_changed',
          amount_seen: 6000,
          amount_now: 6100,
        },
      },
      'not_found',
    );
    expect(available).toEqual([a]);
    expect(problems.map((p) => [p.lotId, p.why])).toEqual([
      ['LD-B', 'Price changed from $6,000.00 to $6,100.00'],
      ['LD-C', 'No longer in stock'],
    ]);
  });

  it('treats stones a refused confirmation does not name as still available', () => {
    const a = buildStone({ lot_id: 'LD-A' });
    const b = buildStone({ lot_id: 'LD-B' });
    const { available, problems } = splitByCheck(
      [a, b],
      { [b.id]: { id: b.id, status: 'unavailable', reason: 'sold' } },
      'available',
    );
    expect(available).toEqual([a]);
    expect(problems.map((p) => [p.lotId, p.why])).toEqual([['LD-B', 'Sold, no longer available']]);
  });

  it('reads the stones of a 409 from its details, and nothing from details of another shape', () => {
    const sold = {
      id: 's1',
      lot_id: 'LD-1',
      status: 'unavailable',
      reason: 'sold',
      title: 'Sold',
      message: 'LD-1 has been sold.',
      amount_seen: 1200,
      amount_now: null,
      location: 'BEL',
    } as const;
    expect(checksFromConflict({ stones: [sold] })).toEqual({ s1: sold });
    expect(checksFromConflict(undefined)).toBeNull();
    expect(checksFromConflict({ stones: [] })).toBeNull();
    expect(checksFromConflict([sold])).toBeNull();
  });

  it('lists the places stones ship from other than the KAM location', () => {
    const checks = {
      a: { location: 'BEL' },
      b: { location: 'IND' },
      c: { location: 'USA' },
      d: { location: 'IND' },
    };
    expect(foreignLocations(checks, 'BEL')).toEqual(['IND', 'USA']);
    expect(foreignLocations({ a: { location: 'BEL' } }, 'BEL')).toEqual([]);
    expect(foreignLocations(checks, null)).toEqual([]);
    expect(foreignLocations({ a: { location: 'USA-BD' }, b: { location: 'DUB' } }, 'USA')).toEqual(['DUB']);
  });
});

describe('[CONFIRM] the confirm screen', () => {
  it('shows each stone with its grades and amount', () => {
    const white = buildStone({
      lot_id: 'LD-7',
      shape_full: 'Round',
      carats: 1.5,
      color: 'G',
      clarity: 'VS1',
    });
    const fancy = buildStone({
      lot_id: 'LD-8',
      shape_full: 'Oval',
      carats: 2,
      color: null,
      fancy_color: 'Yellow',
      fancy_intensity: 'Fancy Intense',
      fancy_overtone: 'None',
      clarity: null,
      amount: 12345.6,
      location: 'IND',
    });
    expect(confirmRowsOf([white, fancy]).map(({ id: _id, ...row }) => row)).toEqual([
      {
        lotId: 'LD-7',
        shape: 'Round',
        carats: '1.50',
        colour: 'G',
        clarity: 'VS1',
        location: white.location,
        amount: expect.stringMatching(/^\$/),
      },
      {
        lotId: 'LD-8',
        shape: 'Oval',
        carats: '2.00',
        colour: 'Fancy Intense Yellow',
        clarity: '-',
        location: 'IND',
        amount: '$12,345.60',
      },
    ]);
  });

  it('totals pieces, carats, amount and price per carat in cents', () => {
    const stones = [
      buildStone({ carats: 1.01, amount: 7000.1 }),
      buildStone({ carats: 0.5, amount: 2000.2 }),
      buildStone({ carats: 0.7, amount: 0.1 }),
    ];
    expect(confirmTotalsOf(stones)).toEqual({
      pieces: 3,
      carats: '2.21',
      amount: '$9,000.40',
      pricePerCarat: '$4,072.58',
    });
  });
});
