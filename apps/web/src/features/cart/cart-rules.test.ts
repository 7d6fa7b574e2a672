import { describe, expect, it } from 'vitest';
import {
  addToCartProblem,
  addToCartSummary,
  cartTabActions,
  cartTabLabel,
  deletedMessage,
  parseCartTab,
  reservationCell,
} from './cart-rules';

const confirmable = { can_confirm: true };
const reservedForOthers = { can_confirm: false };

describe('[CART] tabs', () => {
  it('reads ?path= of the cart and the notice deep links, Active for anything else', () => {
    expect(parseCartTab('hold')).toBe('hold');
    expect(parseCartTab('Memo')).toBe('memo');
    expect(parseCartTab('sold')).toBe('sold');
    expect(parseCartTab(null)).toBe('active');
    expect(parseCartTab('bidStone')).toBe('active');
  });

  it('labels a tab with its count once the counts are known', () => {
    expect(cartTabLabel('hold', { active: 3, memo: 1, hold: 2, sold: 0 })).toBe('Hold (2)');
    expect(cartTabLabel('sold', { active: 3, memo: 1, hold: 2, sold: 0 })).toBe('Sold (0)');
    expect(cartTabLabel('active', null)).toBe('Active');
  });
});

describe('[CART] actions per tab', () => {
  it('Active offers Delete, Confirm Stone and Book Appointment for a selection, with totals', () => {
    expect(cartTabActions('active', [confirmable, confirmable])).toEqual({
      canDelete: true,
      showConfirm: true,
      canConfirm: true,
      confirmHint: null,
      showAppointment: true,
      showSimilar: false,
      showTotals: true,
    });
  });

  it('Hold and Memo offer View Similar and no Book Appointment (appointments refuse their stones)', () => {
    for (const tab of ['hold', 'memo'] as const) {
      expect(cartTabActions(tab, [confirmable])).toMatchObject({ showAppointment: false, showSimilar: true });
    }
  });

  it('nothing selected: nothing to delete or confirm', () => {
    const actions = cartTabActions('active', []);
    expect(actions.canDelete).toBe(false);
    expect(actions.canConfirm).toBe(false);
    expect(actions.confirmHint).toBe('Select the stones to confirm');
  });

  it('Hold and Memo confirm only when every selected stone is reserved for the buyer', () => {
    expect(cartTabActions('hold', [confirmable]).canConfirm).toBe(true);
    const mixed = cartTabActions('hold', [confirmable, reservedForOthers]);
    expect(mixed.canConfirm).toBe(false);
    expect(mixed.canDelete).toBe(true);
    expect(mixed.confirmHint).toBe('Only stones on hold for you can be confirmed; modify your selection');
    expect(cartTabActions('memo', [reservedForOthers]).confirmHint).toBe(
      'Only stones on memo for you can be confirmed; modify your selection',
    );
  });

  it('Sold offers Delete and View Similar only and has no totals bar', () => {
    expect(cartTabActions('sold', [reservedForOthers])).toEqual({
      canDelete: true,
      showConfirm: false,
      canConfirm: false,
      confirmHint: null,
      showAppointment: false,
      showSimilar: true,
      showTotals: false,
    });
  });
});

describe('[CART] messages', () => {
  it('reports deletes in the peer wording', () => {
    expect(deletedMessage(2)).toBe('2 stone(s) deleted');
    expect(deletedMessage(1)).toBe('1 stone(s) deleted');
  });

  it('refuses more than 300 stones at once with a clear message', () => {
    expect(addToCartProblem(300)).toBeNull();
    expect(addToCartProblem(301)).toBe(
      'You can add at most 300 stones to your cart at a time; 301 are selected. Modify your selection.',
    );
    expect(addToCartProblem(0)).toBe('Select the stones to add to your cart.');
  });

  it('sums up what Add to Cart did', () => {
    expect(addToCartSummary({ added: ['a', 'b'], already_in_cart: [], unavailable: [], count: 5 })).toEqual({
      title: 'Added to cart',
      lines: ['2 stones added to your cart.', 'Your cart holds 5 stones.'],
    });
    expect(
      addToCartSummary({ added: [], already_in_cart: ['a'], unavailable: ['b', 'c'], count: 1 }),
    ).toEqual({
      title: 'Already in your cart',
      lines: [
        '1 stone was already in your cart.',
        '2 stones are sold and were not added.',
        'Your cart holds 1 stone.',
      ],
    });
  });

  it('says for whom a stone is reserved and until when', () => {
    const format = (iso: string) => `<${iso}>`;
    expect(reservationCell({ kind: 'hold', for_you: true, until: '2026-05-01' }, format)).toEqual({
      text: 'You · <2026-05-01>',
      title: 'On hold for you until <2026-05-01>',
    });
    expect(reservationCell({ kind: 'hold', for_you: false, until: '2026-05-01' }, format)).toEqual({
      text: 'Another buyer · <2026-05-01>',
      title: 'On hold for another buyer until <2026-05-01>',
    });
    expect(reservationCell({ kind: 'memo', for_you: false, until: null }, format)).toEqual({
      text: 'Another buyer',
      title: 'On memo with another buyer',
    });
    expect(reservationCell(null, format)).toEqual({ text: '-', title: null });
  });
});
