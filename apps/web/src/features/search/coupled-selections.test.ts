import { describe, expect, it } from 'vitest';
import {
  applyMake,
  clickGirdle,
  girdleSteps,
  isAll,
  isNoBgm,
  SHAPE_TILES,
  setColorMode,
  toggleFinish,
  toggleFluorescence,
  toggleNoBgm,
  toggleShape,
} from './coupled-selections';
import { emptyFormState, type SearchFormState } from './form-state';
import { TILE_VALUES } from './tile-values';

const FLUO = TILE_VALUES.fluorescence;
const shades = TILE_VALUES.shade;
const milky = TILE_VALUES.milky;

function withLists(lists: SearchFormState['lists']): SearchFormState {
  return { ...emptyFormState(), lists };
}

describe('shape tiles', () => {
  it('"All" selects every shape including Others, and a second click clears them', () => {
    const all = toggleShape(emptyFormState(), 'All');
    expect(all.lists.shape).toEqual([...SHAPE_TILES]);
    expect(all.lists.shape).toContain('OTHER');
    expect(toggleShape(all, 'All').lists.shape).toBeUndefined();
  });

  it('"All" clears itself when one shape is deselected', () => {
    const all = toggleShape(emptyFormState(), 'All');
    const withoutPear = toggleShape(all, 'PS');
    expect(isAll(withoutPear.lists.shape ?? [], SHAPE_TILES)).toBe(false);
    expect(withoutPear.lists.shape).toHaveLength(SHAPE_TILES.length - 1);
  });

  it('keeps the shapes in the tile order whatever the click order', () => {
    const state = toggleShape(toggleShape(emptyFormState(), 'OV'), 'BR');
    expect(state.lists.shape).toEqual(['BR', 'OV']);
  });
});

describe('colour modes', () => {
  it('switching to Fancy clears the white colours, and back to White clears the fancy ones', () => {
    const white = withLists({ color: ['D', 'E'] });
    const fancy = setColorMode(white, 'fancy');
    expect(fancy.lists.color).toBeUndefined();
    const picked = { ...fancy, lists: { fancy_color: ['Pink'], fancy_intensity: ['Fancy Vivid'] } };
    const back = setColorMode(picked, 'white');
    expect(back.colorMode).toBe('white');
    expect(back.lists).toEqual({});
  });
});

describe('make shortcuts', () => {
  it('3EX sets all three grades to EX and removes NON from fluorescence', () => {
    const state = applyMake(withLists({ fluorescence: ['NON', 'FNT'] }), '3EX');
    expect(state.lists).toMatchObject({
      cut: ['EX'],
      polish: ['EX'],
      symmetry: ['EX'],
      fluorescence: ['FNT'],
    });
    expect(state.make).toBe('3EX');
  });

  it('3EX+NON sets fluorescence to exactly NON', () => {
    const state = applyMake(withLists({ fluorescence: ['FNT', 'MED'] }), '3EX+NON');
    expect(state.lists.fluorescence).toEqual(['NON']);
    expect(state.make).toBe('3EX+NON');
  });

  it('3VG+EX allows EX and VG on all three', () => {
    const state = applyMake(emptyFormState(), '3VG+EX');
    expect(state.lists).toMatchObject({ cut: ['EX', 'VG'], polish: ['EX', 'VG'], symmetry: ['EX', 'VG'] });
  });

  it('3G and 3F clear fluorescence', () => {
    for (const make of ['3G', '3F'] as const) {
      const state = applyMake(withLists({ fluorescence: ['NON'] }), make);
      expect(state.lists.fluorescence).toBeUndefined();
      expect(state.lists.cut).toEqual([make === '3G' ? 'G' : 'F']);
    }
  });

  it('clicking the active shortcut again clears the grades', () => {
    const state = applyMake(applyMake(emptyFormState(), '3EX'), '3EX');
    expect(state.make).toBeNull();
    expect(state.lists.cut).toBeUndefined();
    expect(state.lists.polish).toBeUndefined();
    expect(state.lists.symmetry).toBeUndefined();
  });

  it('a hand edit that breaks the shortcut clears it, and one that matches re-selects it', () => {
    const exploded = toggleFinish(applyMake(emptyFormState(), '3EX'), 'polish', 'VG');
    expect(exploded.make).toBeNull();
    const back = toggleFinish(exploded, 'polish', 'VG');
    expect(back.make).toBe('3EX');

    let byHand = emptyFormState();
    for (const key of ['cut', 'polish', 'symmetry'] as const) {
      byHand = toggleFinish(toggleFinish(byHand, key, 'VG'), key, 'EX');
    }
    expect(byHand.make).toBe('3VG+EX');
  });

  it('editing fluorescence moves between 3EX and 3EX+NON', () => {
    const threeEx = applyMake(emptyFormState(), '3EX');
    const withNon = toggleFluorescence(threeEx, 'NON', FLUO);
    expect(withNon.make).toBe('3EX+NON');
    const withFaint = toggleFluorescence(withNon, 'FNT', FLUO);
    expect(withFaint.make).toBeNull();
    expect(toggleFluorescence(withFaint, 'NON', FLUO).make).toBe('3EX');
  });

  it('3G stops matching once a fluorescence is picked', () => {
    const state = toggleFluorescence(applyMake(emptyFormState(), '3G'), 'MED', FLUO);
    expect(state.make).toBeNull();
  });
});

describe('No BGM', () => {
  it('selects None, White, Yellow and milky M0', () => {
    const state = toggleNoBgm(withLists({ shade: ['Brown'] }), shades, milky);
    expect(state.lists.shade).toEqual(['None', 'White', 'Yellow', 'Brown']);
    expect(state.lists.milky).toEqual(['M0']);
    expect(isNoBgm(state)).toBe(true);
  });

  it('switches on by itself when all four are selected, and off when one is removed', () => {
    const handPicked = withLists({ shade: ['None', 'White', 'Yellow'], milky: ['M0', 'M1'] });
    expect(isNoBgm(handPicked)).toBe(true);
    expect(isNoBgm(withLists({ shade: ['None', 'White'], milky: ['M0'] }))).toBe(false);
  });

  it('a second click removes exactly the four and keeps the rest', () => {
    const state = toggleNoBgm(
      withLists({ shade: ['None', 'White', 'Yellow', 'Mixed'], milky: ['M0', 'M2'] }),
      shades,
      milky,
    );
    expect(state.lists.shade).toEqual(['Mixed']);
    expect(state.lists.milky).toEqual(['M2']);
  });
});

describe('girdle range', () => {
  it('a second click fills the steps in between, whichever end is clicked first', () => {
    const first = clickGirdle(null, 'THK');
    const range = clickGirdle(first, 'STN');
    expect(range).toEqual({ from: 'STN', to: 'THK' });
    expect(girdleSteps(range)).toEqual(['STN', 'THN', 'MED', 'STK', 'THK']);
  });

  it('clicking the single selected grade clears it; a click on a range starts again', () => {
    expect(clickGirdle({ from: 'MED', to: 'MED' }, 'MED')).toBeNull();
    expect(clickGirdle({ from: 'STN', to: 'THK' }, 'VTK')).toEqual({ from: 'VTK', to: 'VTK' });
  });
});
