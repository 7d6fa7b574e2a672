import { describe, expect, it } from 'vitest';
import { checkRange, isAcceptableTyping, parseAmount } from './range-validation';

const discount = { min: -100, max: 100 };

describe('range validation', () => {
  it('accepts an empty range and a complete one', () => {
    expect(checkRange(undefined, discount)).toEqual({ status: 'empty' });
    expect(checkRange({ from: '', to: ' ' }, discount)).toEqual({ status: 'empty' });
    expect(checkRange({ from: '-40', to: '-25.5' }, discount)).toEqual({
      status: 'valid',
      gte: -40,
      lte: -25.5,
    });
  });

  it('asks for both ends', () => {
    expect(checkRange({ from: '10', to: '' }, discount)).toEqual({
      status: 'invalid',
      message: 'enter both From & To',
    });
  });

  it('names the limits when a value lies outside them', () => {
    expect(checkRange({ from: '-120', to: '0' }, discount)).toEqual({
      status: 'invalid',
      message: 'please enter a range between -100 to 100 only',
    });
    expect(checkRange({ from: '0', to: '361' }, { min: 0, max: 360 })).toMatchObject({
      message: 'please enter a range between 0 to 360 only',
    });
  });

  it('wants From not above To', () => {
    expect(checkRange({ from: '60', to: '50' }, { min: 0, max: 100 })).toEqual({
      status: 'invalid',
      message: 'From should be less than To',
    });
    expect(checkRange({ from: '50', to: '50' }, { min: 0, max: 100 }).status).toBe('valid');
  });

  it('lets at most 2 decimals be typed', () => {
    expect(isAcceptableTyping('12.34', false)).toBe(true);
    expect(isAcceptableTyping('12.345', false)).toBe(false);
    expect(isAcceptableTyping('-', true)).toBe(true);
    expect(isAcceptableTyping('-5', false)).toBe(false);
    expect(parseAmount('1.')).toBeNull();
    expect(parseAmount('-0.25')).toBe(-0.25);
  });
});
