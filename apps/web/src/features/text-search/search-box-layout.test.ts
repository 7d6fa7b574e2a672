import { describe, expect, it } from 'vitest';
import { isSearchBoxShown, searchBoxWidth } from './search-box-layout';

describe('global search box on the dashboard', () => {
  it('stays hidden until the page is scrolled 75 px', () => {
    expect(isSearchBoxShown(true, 0)).toBe(false);
    expect(isSearchBoxShown(true, 74)).toBe(false);
    expect(isSearchBoxShown(true, 75)).toBe(true);
  });

  it('starts 650 px wide and shrinks with the scroll offset past 75 px', () => {
    expect(searchBoxWidth(true, 75)).toBe(650);
    expect(searchBoxWidth(true, 175)).toBe(550);
    expect(searchBoxWidth(true, 295)).toBe(430);
  });

  it('never gets narrower than 430 px', () => {
    expect(searchBoxWidth(true, 5000)).toBe(430);
  });
});

describe('global search box elsewhere', () => {
  it('is always shown and 430 px wide', () => {
    expect(isSearchBoxShown(false, 0)).toBe(true);
    expect(searchBoxWidth(false, 0)).toBe(430);
    expect(searchBoxWidth(false, 900)).toBe(430);
  });
});
