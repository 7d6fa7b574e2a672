import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { INCLUSIONS, type InclusionKey } from '@loupe/contract/stone-vocabulary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInCustomer, lotsFound, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mergeCaratRanges } from './stone-query.ts';

/**
 * Every graded filter group of the search form: a stone comes back exactly when it matches,
 * with stones just inside and just outside each filter's meaning.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
});
afterAll(() => t.close());

const found = async (filters: StoneFiltersInput, query = '') =>
  (await lotsFound(t, token, filters, query)).sort();

describe('[STOCK] shape', () => {
  it('finds the named shapes, "OTHER" as every shape outside the ten, and "All" as no filter', async () => {
    await stockOf(t, [
      { lot_id: 'ROUND', shape: 'BR' },
      { lot_id: 'PEAR', shape: 'PS' },
      { lot_id: 'HEART', shape: 'HS' },
      { lot_id: 'PEAR-ROSE', shape: 'PS-RS' },
      { lot_id: 'TRIANGLE', shape: 'TR' },
    ]);
    expect(await found({ shape: ['PS'] })).toEqual(['PEAR']);
    expect(await found({ shape: ['BR', 'HS'] })).toEqual(['HEART', 'ROUND']);
    expect(await found({ shape: ['OTHER'] })).toEqual(['PEAR-ROSE', 'TRIANGLE']);
    expect(await found({ shape: ['HS', 'OTHER'] })).toEqual(['HEART', 'PEAR-ROSE', 'TRIANGLE']);
    expect(await found({ shape: ['All'] })).toHaveLength(5);
    expect(await found({ shape: [] })).toHaveLength(5);
  });
});

describe('[STOCK] carats', () => {
  it('ORs several ranges, both ends inclusive to the hundredth', async () => {
    await stockOf(t, [
      { lot_id: 'C0.99', carats: 0.99 },
      { lot_id: 'C1.00', carats: 1.0 },
      { lot_id: 'C1.19', carats: 1.19 },
      { lot_id: 'C1.20', carats: 1.2 },
      { lot_id: 'C2.49', carats: 2.49 },
      { lot_id: 'C2.50', carats: 2.5 },
      { lot_id: 'C50', carats: 50 },
    ]);
    expect(await found({ carats: ['1.00-1.19'] })).toEqual(['C1.00', 'C1.19']);
    expect(await found({ carats: ['1.00-1.19', '2.00-2.49'] })).toEqual(['C1.00', 'C1.19', 'C2.49']);
    expect(await found({ carats: ['0.99-0.99', '10.00-50.00'] })).toEqual(['C0.99', 'C50']);
    expect(await found({ carats: ['1.2-2.5'] })).toEqual(['C1.20', 'C2.49', 'C2.50']);
    // A group tile's sub-ranges, and overlapping ranges, behave as their union.
    expect(await found({ carats: ['1.20-1.49', '1.00-1.19'] })).toEqual(['C1.00', 'C1.19', 'C1.20']);
    expect(await found({ carats: ['1.00-2.00', '1.50-2.49', '0.30-0.39'] })).toEqual([
      'C1.00',
      'C1.19',
      'C1.20',
      'C2.49',
    ]);
  });

  it('merges adjacent and overlapping ranges, and only those', () => {
    expect(mergeCaratRanges(['1.20-1.49', '1.00-1.19'])).toEqual([[1, 1.49]]);
    expect(mergeCaratRanges(['5.00-5.49', '5.50-5.99', '6.00-6.99', '8.00-9.99', '10.00-50.00'])).toEqual([
      [5, 6.99],
      [8, 50],
    ]);
    expect(mergeCaratRanges(['0.30-0.39', '0.41-0.49'])).toEqual([
      [0.3, 0.39],
      [0.41, 0.49],
    ]);
    expect(mergeCaratRanges(['1.00-3.00', '1.50-1.99'])).toEqual([[1, 3]]);
  });
});

describe('[STOCK] colour', () => {
  it('finds white colours, "N-Z" as N and below, and leaves fancy stones out of a white colour search', async () => {
    await stockOf(t, [
      { lot_id: 'D', color: 'D' },
      { lot_id: 'M', color: 'M' },
      { lot_id: 'N', color: 'N' },
      { lot_id: 'Z', color: 'Z' },
      { lot_id: 'FANCY', color: null, fancy_color: 'Yellow', fancy_intensity: 'Fancy Vivid' },
    ]);
    expect(await found({ color: ['D'] })).toEqual(['D']);
    expect(await found({ color: ['M'] })).toEqual(['M']);
    expect(await found({ color: ['N-Z'] })).toEqual(['N', 'Z']);
    expect(await found({ color: ['D', 'N-Z'] })).toEqual(['D', 'N', 'Z']);
    expect(await found({ color: ['M', 'N-Z'] })).toEqual(['M', 'N', 'Z']);
    expect(await found({ color: ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] })).toEqual(['D', 'M']);
    expect(await found({ color: ['All'] })).toHaveLength(5);
  });

  it('finds fancy colours by colour, intensity and overtone together', async () => {
    await stockOf(t, [
      {
        lot_id: 'VIVID-YELLOW',
        color: null,
        fancy_color: 'Yellow',
        fancy_intensity: 'Fancy Vivid',
        fancy_overtone: 'None',
      },
      {
        lot_id: 'LIGHT-YELLOW',
        color: null,
        fancy_color: 'Yellow',
        fancy_intensity: 'Fancy Light',
        fancy_overtone: 'Greenish',
      },
      {
        lot_id: 'PINK',
        color: null,
        fancy_color: 'Pink',
        fancy_intensity: 'Fancy Intense',
        fancy_overtone: 'Purplish',
      },
      { lot_id: 'WHITE', color: 'F' },
    ]);
    expect(await found({ fancy_color: ['Yellow'] })).toEqual(['LIGHT-YELLOW', 'VIVID-YELLOW']);
    expect(
      await found({ fancy_color: ['Yellow', 'Pink'], fancy_intensity: ['Fancy Vivid', 'Fancy Intense'] }),
    ).toEqual(['PINK', 'VIVID-YELLOW']);
    expect(await found({ fancy_overtone: ['Greenish'] })).toEqual(['LIGHT-YELLOW']);
    expect(await found({ fancy_color: ['Blue'] })).toEqual([]);
  });
});

describe('[STOCK] clarity', () => {
  it('finds each clarity grade and nothing next to it', async () => {
    await stockOf(t, [
      { lot_id: 'IF', clarity: 'IF' },
      { lot_id: 'VS1', clarity: 'VS1' },
      { lot_id: 'VS2', clarity: 'VS2' },
      { lot_id: 'I3', clarity: 'I3' },
    ]);
    expect(await found({ clarity: ['VS1'] })).toEqual(['VS1']);
    expect(await found({ clarity: ['IF', 'I3'] })).toEqual(['I3', 'IF']);
  });
});

describe('[STOCK] make, cut, polish, symmetry and fluorescence', () => {
  const make = (cut: string, polish: string, symmetry: string, fluorescence = 'NON') => ({
    cut,
    polish,
    symmetry,
    fluorescence,
  });
  beforeAll(async () => {
    await stockOf(t, [
      { lot_id: '3EX-NON', ...make('EX', 'EX', 'EX') },
      { lot_id: '3EX-FNT', ...make('EX', 'EX', 'EX', 'FNT') },
      { lot_id: 'EX-EX-VG', ...make('EX', 'EX', 'VG') },
      { lot_id: '3VG', ...make('VG', 'VG', 'VG', 'MED') },
      { lot_id: 'VG-VG-G', ...make('VG', 'VG', 'G') },
      { lot_id: '3G', ...make('G', 'G', 'G', 'STG') },
      { lot_id: '3F', ...make('F', 'F', 'F', 'VSTG') },
      { lot_id: 'F-F-P', ...make('F', 'F', 'P') },
    ]);
  });

  it('3EX is cut, polish and symmetry all Excellent, whatever the fluorescence', async () => {
    expect(await found({ make: '3EX' })).toEqual(['3EX-FNT', '3EX-NON']);
  });
  it('3EX+NON also asks for no fluorescence', async () => {
    expect(await found({ make: '3EX+NON' })).toEqual(['3EX-NON']);
  });
  it('3VG+EX allows Excellent or Very Good in each of the three', async () => {
    expect(await found({ make: '3VG+EX' })).toEqual(['3EX-FNT', '3EX-NON', '3VG', 'EX-EX-VG']);
  });
  it('3G and 3F are all Good and all Fair', async () => {
    expect(await found({ make: '3G' })).toEqual(['3G']);
    expect(await found({ make: '3F' })).toEqual(['3F']);
  });
  it('hand-picked grades filter each column, and combine with a shortcut', async () => {
    expect(await found({ symmetry: ['VG'] })).toEqual(['3VG', 'EX-EX-VG']);
    expect(await found({ cut: ['VG'], symmetry: ['G'] })).toEqual(['VG-VG-G']);
    expect(await found({ make: '3VG+EX', symmetry: ['VG'] })).toEqual(['3VG', 'EX-EX-VG']);
    expect(await found({ polish: ['F'] })).toEqual(['3F', 'F-F-P']);
  });
  it('fluorescence lists its grades', async () => {
    expect(await found({ fluorescence: ['MED', 'STG'] })).toEqual(['3G', '3VG']);
    expect(await found({ fluorescence: ['VSL'] })).toEqual([]);
  });
});

describe('[STOCK] lab, location and origin', () => {
  it('finds labs, including the in-house ones', async () => {
    await stockOf(t, [
      { lot_id: 'GIA', lab: 'GIA' },
      { lot_id: 'GIA-DOR', lab: 'GIA DOR' },
      { lot_id: 'HOUSE', lab: 'LOUPE GRADING' },
    ]);
    expect(await found({ lab: ['GIA'] })).toEqual(['GIA']);
    expect(await found({ lab: ['GIA DOR', 'LOUPE GRADING'] })).toEqual(['GIA-DOR', 'HOUSE']);
  });

  it('counts USA-BD as USA, but USA-BD alone is only the bonded vault', async () => {
    await stockOf(t, [
      { lot_id: 'NEW-YORK', location: 'USA' },
      { lot_id: 'BONDED', location: 'USA-BD' },
      { lot_id: 'MUMBAI', location: 'IND' },
      { lot_id: 'ANTWERP', location: 'BEL' },
    ]);
    expect(await found({ location: ['USA'] })).toEqual(['BONDED', 'NEW-YORK']);
    expect(await found({ location: ['USA-BD'] })).toEqual(['BONDED']);
    expect(await found({ location: ['IND', 'BEL'] })).toEqual(['ANTWERP', 'MUMBAI']);
  });

  it('finds the country of origin', async () => {
    await stockOf(t, [
      { lot_id: 'BOTSWANA', origin_country: 'Botswana' },
      { lot_id: 'CANADA', origin_country: 'Canada' },
      { lot_id: 'ANY', origin_country: 'Any source' },
      { lot_id: 'UNKNOWN', origin_country: null },
    ]);
    expect(await found({ origin_country: ['Canada'] })).toEqual(['CANADA']);
    expect(await found({ origin_country: ['Botswana', 'Any source'] })).toEqual(['ANY', 'BOTSWANA']);
  });
});

describe('[STOCK] shade', () => {
  it('"No BGM" is a neutral shade (None, White, Yellow) together with milky M0', async () => {
    await stockOf(t, [
      { lot_id: 'NONE-M0', shade: 'None', milky: 'M0' },
      { lot_id: 'WHITE-M0', shade: 'White', milky: 'M0' },
      { lot_id: 'YELLOW-M0', shade: 'Yellow', milky: 'M0' },
      { lot_id: 'NONE-M1', shade: 'None', milky: 'M1' },
      { lot_id: 'BROWN-M0', shade: 'Brown', milky: 'M0' },
      { lot_id: 'MIXED-M0', shade: 'Mixed', milky: 'M0' },
    ]);
    expect(await found({ shade: ['No BGM'] })).toEqual(['NONE-M0', 'WHITE-M0', 'YELLOW-M0']);
    expect(await found({ shade: ['None'] })).toEqual(['NONE-M0', 'NONE-M1']);
    expect(await found({ shade: ['No BGM', 'Brown'] })).toEqual([
      'BROWN-M0',
      'NONE-M0',
      'WHITE-M0',
      'YELLOW-M0',
    ]);
    expect(await found({ shade: ['Mixed', 'Brown'] })).toEqual(['BROWN-M0', 'MIXED-M0']);
  });
});

describe('[STOCK] girdle and culet', () => {
  it('finds a stone when its thinnest and thickest girdle both lie within the range', async () => {
    await stockOf(t, [
      { lot_id: 'THN-MED', girdle_thin: 'THN', girdle_thick: 'MED' },
      { lot_id: 'STN-STK', girdle_thin: 'STN', girdle_thick: 'STK' },
      { lot_id: 'MED-MED', girdle_thin: 'MED', girdle_thick: 'MED' },
      { lot_id: 'MED-THK', girdle_thin: 'MED', girdle_thick: 'THK' },
      { lot_id: 'ONLY-THN', girdle_thin: 'THN', girdle_thick: null },
    ]);
    expect(await found({ girdle: { gte: 'THN', lte: 'MED' } })).toEqual(['MED-MED', 'ONLY-THN', 'THN-MED']);
    expect(await found({ girdle: { gte: 'STN', lte: 'STK' } })).toEqual([
      'MED-MED',
      'ONLY-THN',
      'STN-STK',
      'THN-MED',
    ]);
    expect(await found({ girdle: { gte: 'MED', lte: 'MED' } })).toEqual(['MED-MED']);
    expect(await found({ girdle: { gte: 'MED', lte: 'ETK' } })).toEqual(['MED-MED', 'MED-THK']);
  });

  it('finds culets', async () => {
    await stockOf(t, [
      { lot_id: 'NONE', culet: 'None' },
      { lot_id: 'POINTED', culet: 'Pointed' },
      { lot_id: 'SMALL', culet: 'Small' },
    ]);
    expect(await found({ culet: ['Pointed', 'Small'] })).toEqual(['POINTED', 'SMALL']);
  });
});

describe('[STOCK] key to symbols', () => {
  beforeAll(async () => {
    await stockOf(t, [
      { lot_id: 'CLOUD-PINPOINT', key_to_symbols: ['Cloud', 'Pinpoint'] },
      { lot_id: 'FEATHER', key_to_symbols: ['Feather'] },
      { lot_id: 'TWINNING', key_to_symbols: ['Twinning Wisp', 'Crystal'] },
      { lot_id: 'CLEAN', key_to_symbols: [] },
    ]);
  });

  it('"Contains" finds stones with any of the chosen symbols', async () => {
    expect(await found({ key_to_symbol: ['Feather'] })).toEqual(['FEATHER']);
    expect(
      await found({ key_to_symbol: ['Cloud', 'Twinning Wisp'], key_to_symbol_search_type: 'contain' }),
    ).toEqual(['CLOUD-PINPOINT', 'TWINNING']);
  });
  it('"Does not contain" finds stones with none of them', async () => {
    expect(
      await found({ key_to_symbol: ['Cloud', 'Feather'], key_to_symbol_search_type: 'doesNotContain' }),
    ).toEqual(['CLEAN', 'TWINNING']);
  });
  it('"All" is every symbol: contains any, or contains none', async () => {
    expect(await found({ key_to_symbol: ['All'] })).toEqual(['CLOUD-PINPOINT', 'FEATHER', 'TWINNING']);
    expect(await found({ key_to_symbol: ['All'], key_to_symbol_search_type: 'doesNotContain' })).toEqual([
      'CLEAN',
    ]);
  });
});

describe('[STOCK] inclusions', () => {
  const keys = Object.keys(INCLUSIONS) as InclusionKey[];
  it.each(keys)('%s finds the chosen grades only', async (key) => {
    const grades = INCLUSIONS[key].grades.map((g) => g.value);
    const [first, second, third] = grades as [string, string, string];
    await stockOf(t, [
      { lot_id: 'FIRST', [key]: first },
      { lot_id: 'SECOND', [key]: second },
      { lot_id: 'THIRD', [key]: third },
      { lot_id: 'UNGRADED', [key]: null },
    ]);
    expect(await found({ [key]: [second] })).toEqual(['SECOND']);
    expect(await found({ [key]: [first, third] })).toEqual(['FIRST', 'THIRD']);
    expect(await found({ [key]: ['All'] })).toHaveLength(4);
  });
});

describe('[STOCK] media and GemTrac', () => {
  beforeAll(async () => {
    await stockOf(t, [
      {
        lot_id: 'BOTH',
        image_url: 'https://media.loupe.test/a.jpg',
        video_url: 'https://media.loupe.test/a.mp4',
      },
      { lot_id: 'IMAGE-ONLY', image_url: 'https://media.loupe.test/b.jpg', video_url: null },
      { lot_id: 'VIDEO-ONLY', image_url: null, video_url: 'https://media.loupe.test/c.mp4' },
      { lot_id: 'NO-MEDIA', image_url: null, video_url: null, gemtrac: true },
      { lot_id: 'TRACED', gemtrac: true },
    ]);
  });

  it('"Images & Videos Required" wants an image and a video', async () => {
    expect(await found({ all_asset_required: true })).toEqual(['BOTH', 'TRACED']);
    expect(await found({ all_asset_required: false })).toHaveLength(5);
  });
  it('showOnlyWithVideo wants a video', async () => {
    expect(await found({ showOnlyWithVideo: true })).toEqual(['BOTH', 'TRACED', 'VIDEO-ONLY']);
  });
  it('isGemTrackAvailable and ?gemtrac=true keep traceable stones', async () => {
    expect(await found({ isGemTrackAvailable: true })).toEqual(['NO-MEDIA', 'TRACED']);
    expect(await found({}, '?gemtrac=true')).toEqual(['NO-MEDIA', 'TRACED']);
    expect(await found({}, '?gemtrac=false')).toHaveLength(5);
    expect(await found({ all_asset_required: true }, '?gemtrac=true')).toEqual(['TRACED']);
  });
});

describe('[STOCK] status', () => {
  it('searches Available, Hold and Memo stones, never Sold or bid-to-buy ones', async () => {
    await stockOf(t, [
      { lot_id: 'AVAILABLE', status: 'Available' },
      { lot_id: 'HOLD', status: 'Hold' },
      { lot_id: 'MEMO', status: 'Memo' },
      { lot_id: 'SOLD', status: 'Sold' },
      { lot_id: 'BID', status: 'BidToBuy' },
    ]);
    expect(await found({})).toEqual(['AVAILABLE', 'HOLD', 'MEMO']);
  });
});
