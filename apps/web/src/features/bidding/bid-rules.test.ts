import { describe, expect, it } from 'vitest';
import {
  beatsFloor,
  bidFigures,
  countdownText,
  firstBid,
  parseBid,
  parseBidTab,
  snapBid,
  stepDown,
  stepUp,
} from './bid-rules';

describe('bid rules (domain-facts §4)', () => {
  it('moves in 0.25 steps within −99.75 … 99.75', () => {
    expect(stepUp(-30)).toBe(-29.75);
    expect(stepDown(-30)).toBe(-30.25);
    expect(stepUp(99.75)).toBe(99.75);
    expect(snapBid(-30.1)).toBe(-30);
    expect(firstBid(-30)).toBe(-29.75);
    expect(firstBid(-30.1)).toBe(-30);
  });

  it('beats the floor only above it and on the grid', () => {
    expect(beatsFloor(-30, -30)).toBe(false);
    expect(beatsFloor(-29.75, -30)).toBe(true);
    expect(beatsFloor(-29.9, -30)).toBe(false);
    expect(beatsFloor(100, -30)).toBe(false);
  });

  it('computes Bid Pr/Ct and Bid Amt from rap and carats, none without a bid', () => {
    expect(bidFigures(10_000, 1.5, -24.5)).toEqual({ pricePerCarat: 7550, amount: 11_325 });
    expect(bidFigures(null, 1, -10)).toBeNull();
    expect(bidFigures(10_000, 1, null)).toBeNull();
  });

  it('reads only plain decimal numbers as a bid', () => {
    expect(['-10.25', ' 10 ', '.5', '+3', '\u221210.5'].map(parseBid)).toEqual([-10.25, 10, 0.5, 3, -10.5]);
    expect(['', '-', '1e2', '0x10', '1,5', 'Infinity', '10%'].map(parseBid)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('counts down in HH:MM:SS and stops at zero', () => {
    const end = '2026-11-25T13:00:00.000Z';
    expect(countdownText(end, Date.parse('2026-11-25T09:58:57Z'))).toBe('03:01:03');
    expect(countdownText(end, Date.parse('2026-11-25T14:00:00Z'))).toBe('00:00:00');
  });

  it('reads the tab from ?path=, Bid Stone by default', () => {
    expect(parseBidTab('activeBid')).toBe('activeBid');
    expect(parseBidTab('nonsense')).toBe('bidStone');
    expect(parseBidTab(null)).toBe('bidStone');
  });
});
