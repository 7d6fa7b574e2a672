import { describe, expect, it } from 'vitest';
import { applyMake, setColorMode, toggleShape } from './coupled-selections';
import { emptyFormState } from './form-state';
import { formErrors, fromFilters, hasFormErrors, isEmptySearch, toFilters } from './to-filters';

describe('form → filters', () => {
  it('sends nothing for an empty form', () => {
    expect(toFilters(emptyFormState())).toEqual({});
    expect(isEmptySearch(emptyFormState())).toBe(true);
  });

  it('sends lists, carats with the typed range, the girdle range, valid ranges and the asset toggle', () => {
    const state = {
      ...toggleShape(emptyFormState(), 'BR'),
      carats: ['1.00-1.19'],
      caratDraft: { from: '2', to: '2.5' },
      girdle: { from: 'STN', to: 'MED' },
      ranges: { discount: { from: '-40', to: '-20' }, table_percentage: { from: '55', to: '' } },
      allAssetRequired: true,
    };
    expect(toFilters(state)).toEqual({
      shape: ['BR'],
      carats: ['1.00-1.19', '2.00-2.50'],
      girdle: { gte: 'STN', lte: 'MED' },
      discount: { gte: -40, lte: -20 },
      all_asset_required: true,
    });
    expect(formErrors(state)).toEqual({ table_percentage: 'enter both From & To' });
    expect(hasFormErrors(state)).toBe(true);
  });

  it('sends the search type only with key to symbols', () => {
    const state = {
      ...emptyFormState(),
      lists: { key_to_symbol: ['Cloud'] },
      keyToSymbolType: 'doesNotContain' as const,
    };
    expect(toFilters(state)).toEqual({
      key_to_symbol: ['Cloud'],
      key_to_symbol_search_type: 'doesNotContain',
    });
  });

  it('sends only the fields of the colour mode in use', () => {
    const state = {
      ...setColorMode(emptyFormState(), 'fancy'),
      lists: { color: ['D'], fancy_color: ['Pink'] },
    };
    expect(toFilters(state)).toEqual({ fancy_color: ['Pink'] });
  });
});

describe('filters → form', () => {
  it('round-trips a full search', () => {
    const original = {
      ...applyMake(toggleShape(emptyFormState(), 'All'), '3EX'),
      carats: ['0.30-0.39', '1.00-1.19'],
      girdle: { from: 'THN', to: 'STK' },
      ranges: { price_per_carat: { from: '1000', to: '5000.5' } },
      lists: {
        ...applyMake(toggleShape(emptyFormState(), 'All'), '3EX').lists,
        clarity: ['VS1', 'VS2'],
        table_black: ['B0'],
      },
    };
    const back = fromFilters(toFilters(original));
    expect(toFilters(back)).toEqual(toFilters(original));
    expect(back.make).toBe('3EX');
  });

  it('expands "All", "No BGM" and a make shortcut sent without grades', () => {
    const state = fromFilters({
      shape: ['All'],
      shade: ['No BGM', 'Mixed'],
      make: '3EX+NON',
      carats: ['3-3.99'],
    });
    expect(state.lists.shape).toHaveLength(11);
    expect(state.lists.shade).toEqual(['None', 'White', 'Mixed', 'Yellow']);
    expect(state.lists.milky).toEqual(['M0']);
    expect(state.lists.cut).toEqual(['EX']);
    expect(state.lists.fluorescence).toEqual(['NON']);
    expect(state.make).toBe('3EX+NON');
    expect(state.carats).toEqual(['3.00-3.99']);
  });

  it('opens fancy searches in Fancy mode', () => {
    expect(fromFilters({ fancy_color: ['Yellow'] }).colorMode).toBe('fancy');
    expect(fromFilters(undefined)).toEqual(emptyFormState());
  });
});
