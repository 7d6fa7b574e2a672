import { describe, expect, it } from 'vitest';
import { shouldWarnAboutDevtools } from './devtools-warning';

const docked = { outerWidth: 1600, innerWidth: 1200, outerHeight: 1000, innerHeight: 900 };
const plain = { outerWidth: 1600, innerWidth: 1600, outerHeight: 1000, innerHeight: 900 };

describe('developer tools warning', () => {
  it('warns when docked developer tools take more than 160 px', () => {
    expect(shouldWarnAboutDevtools(docked, false, false)).toBe(true);
    expect(shouldWarnAboutDevtools({ ...plain, innerHeight: 600 }, false, false)).toBe(true);
  });

  it('stays quiet for a normal window', () => {
    expect(shouldWarnAboutDevtools(plain, false, false)).toBe(false);
  });

  it('never warns automated browsers or developers with the override', () => {
    expect(shouldWarnAboutDevtools(docked, true, false)).toBe(false);
    expect(shouldWarnAboutDevtools(docked, false, true)).toBe(false);
  });

  it('leaves small screens to the mobile alert', () => {
    expect(shouldWarnAboutDevtools({ ...docked, innerWidth: 800 }, false, false)).toBe(false);
  });
});
