import { WeightedTable } from './seeded-random.ts';

/**
 * The mix of a supplier's stock, as shares (they need not add up to 100). Generated stock draws
 * from these; they follow what a large Indian/Belgian supplier lists and the real sales in
 * ../shared/data (most stones between 0.30 and 1.20 ct, G–I and VS–SI the bulk).
 */

export const SHAPE_MIX = new WeightedTable<string>([
  ['BR', 60],
  ['OV', 8],
  ['PS', 6],
  ['CU', 6],
  ['EM', 5],
  ['PR', 4],
  ['RAD', 3.5],
  ['MQ', 2.5],
  ['AS', 1.5],
  ['HS', 1.5],
  ['SCU', 0.4],
  ['PS-RS', 0.3],
  ['SPL', 0.3],
  ['RC', 0.3],
  ['TR', 0.3],
  ['RMB', 0.2],
  ['RX', 0.2],
]);

/** White colours, best first; a stone's colour and clarity are drawn together (see generate-stones). */
export const COLOR_MIX = new WeightedTable<string>([
  ['D', 6],
  ['E', 10],
  ['F', 13],
  ['G', 16],
  ['H', 15],
  ['I', 12],
  ['J', 10],
  ['K', 7],
  ['L', 4],
  ['M', 3],
  ['N', 1.4],
  ['O', 0.8],
  ['P', 0.5],
  ['Q', 0.4],
  ['R', 0.3],
  ['S', 0.2],
  ['T', 0.1],
  ['U', 0.1],
  ['V', 0.05],
  ['W', 0.05],
  ['X', 0.04],
  ['Y', 0.03],
  ['Z', 0.03],
]);

export const CLARITY_MIX = new WeightedTable<string>([
  ['FL', 0.5],
  ['IF', 3],
  ['VVS1', 6],
  ['VVS2', 9],
  ['VS1', 15],
  ['VS2', 19],
  ['SI1', 19],
  ['SI2', 14],
  ['SI3', 2],
  ['I1', 8],
  ['I2', 3],
  ['I3', 1.5],
]);

/** Rounds' cut grade; other shapes get none (the labs grade cut on rounds only). */
export const ROUND_CUT_MIX = new WeightedTable<string>([
  ['EX', 65],
  ['VG', 22],
  ['G', 10],
  ['F', 3],
]);

export const FANCY_FINISH_MIX = new WeightedTable<string>([
  ['EX', 42],
  ['VG', 40],
  ['G', 14],
  ['F', 4],
]);

export const FLUORESCENCE_MIX = new WeightedTable<string>([
  ['NON', 55],
  ['VSL', 3],
  ['FNT', 20],
  ['SLT', 2],
  ['MED', 11],
  ['STG', 7],
  ['VSTG', 2],
]);

export const LAB_MIX = new WeightedTable<string>([
  ['GIA', 70],
  ['IGI', 14],
  ['HRD', 8],
  ['GIA DOR', 2],
  ['DBIOD', 1],
  ['FM', 1],
  ['NGTC', 1],
  ['LOUPE GRADING', 2],
  ['LOUPE', 1],
]);

export const LOCATION_MIX = new WeightedTable<string>([
  ['IND', 35],
  ['BEL', 18],
  ['USA', 15],
  ['DUB', 12],
  ['ISR', 12],
  ['USA-BD', 8],
]);

export const STATUS_MIX = new WeightedTable<string>([
  ['Available', 90],
  ['Hold', 4],
  ['Memo', 3],
  ['Sold', 1],
  ['BidToBuy', 2],
]);

/** A third of the stock has a declared mine of origin. */
export const ORIGIN_MIX = new WeightedTable<string>([
  ['', 65],
  ['Botswana', 10],
  ['South Africa', 6],
  ['Namibia', 3.5],
  ['Canada', 5],
  ['Angola', 3],
  ['DEBEERS', 4.5],
  ['Any source', 3],
]);

/** Shades by colour: fine colours are white, tinted ones lean yellow or brown. */
export const SHADE_MIX_BY_COLOR: { upTo: string; mix: WeightedTable<string> }[] = [
  {
    upTo: 'F',
    mix: new WeightedTable([
      ['None', 70],
      ['White', 27],
      ['Mixed', 2],
      ['Blue', 0.5],
      ['Pink', 0.5],
    ]),
  },
  {
    upTo: 'H',
    mix: new WeightedTable([
      ['None', 62],
      ['White', 15],
      ['Faint Brown', 6],
      ['Very Light Brown', 4],
      ['Yellow', 5],
      ['Mixed', 3],
      ['Faint Green', 2],
      ['Grey', 2.5],
      ['Black', 0.5],
    ]),
  },
  {
    upTo: 'J',
    mix: new WeightedTable([
      ['None', 45],
      ['Yellow', 15],
      ['Faint Brown', 10],
      ['Very Light Brown', 8],
      ['Light Brown', 6],
      ['Brown', 5],
      ['Mixed', 4],
      ['Faint Green', 3],
      ['Green', 1],
      ['Grey', 3],
    ]),
  },
  {
    upTo: 'Z',
    mix: new WeightedTable([
      ['None', 25],
      ['Yellow', 25],
      ['Light Brown', 15],
      ['Brown', 15],
      ['Faint Brown', 8],
      ['Mixed', 5],
      ['Green', 3],
      ['Grey', 4],
    ]),
  },
];

export const FANCY_COLOR_MIX = new WeightedTable<string>([
  ['Yellow', 50],
  ['Brown', 12],
  ['Pink', 10],
  ['Gray', 4],
  ['Black', 4],
  ['Orange', 3],
  ['Green', 3],
  ['Blue', 3],
  ['Fancy', 2],
  ['Purple', 1],
  ['Other', 1],
  ['Violet', 0.5],
  ['Red', 0.5],
]);

export const FANCY_INTENSITY_MIX = new WeightedTable<string>([
  ['Faint', 4],
  ['Very Light', 7],
  ['Light', 10],
  ['Fancy Light', 15],
  ['Fancy', 22],
  ['Fancy Intense', 20],
  ['Fancy Vivid', 8],
  ['Fancy Dark', 7],
  ['Fancy Deep', 7],
]);

const overtones = (entries: [string, number][]) => new WeightedTable<string>(entries);
/** Secondary colours that occur with each main colour. */
export const FANCY_OVERTONE_MIX: Record<string, WeightedTable<string>> = {
  Yellow: overtones([
    ['None', 60],
    ['Brownish', 12],
    ['Orangy', 12],
    ['Greenish', 10],
    ['Light Brown', 6],
  ]),
  Pink: overtones([
    ['None', 50],
    ['Purplish', 25],
    ['Brownish', 15],
    ['Orangy', 10],
  ]),
  Blue: overtones([
    ['None', 45],
    ['Greyish', 25],
    ['Greenish', 20],
    ['Violetish', 10],
  ]),
  Green: overtones([
    ['None', 40],
    ['Yellowish', 25],
    ['Bluish', 15],
    ['Greyish', 15],
    ['Brownish', 5],
  ]),
  Brown: overtones([
    ['None', 30],
    ['Orangy', 20],
    ['Yellowish', 20],
    ['Pinkish', 15],
    ['Reddish', 10],
    ['Greenish', 5],
  ]),
  Orange: overtones([
    ['None', 40],
    ['Yellowish', 25],
    ['Brownish', 20],
    ['Reddish', 15],
  ]),
  Purple: overtones([
    ['None', 40],
    ['Pinkish', 40],
    ['Greyish', 20],
  ]),
  Red: overtones([
    ['None', 60],
    ['Purplish', 20],
    ['Brownish', 20],
  ]),
  Gray: overtones([
    ['None', 40],
    ['Bluish', 25],
    ['Greenish', 15],
    ['Yellowish', 10],
    ['Violetish', 10],
  ]),
  Violet: overtones([
    ['None', 40],
    ['Greyish', 30],
    ['Bluish', 30],
  ]),
  Fancy: overtones([
    ['None', 50],
    ['Light Brown', 25],
    ['Brownish Orangy', 25],
  ]),
};

/** Fancy colours come more often in the shapes that show colour best. */
export const FANCY_SHAPE_MIX = new WeightedTable<string>([
  ['CU', 25],
  ['RAD', 20],
  ['OV', 15],
  ['BR', 12],
  ['PS', 10],
  ['EM', 5],
  ['HS', 5],
  ['AS', 3],
  ['MQ', 3],
  ['PR', 2],
]);

/** Demand by shape on top of the grid: ovals sell, hearts and the odd shapes wait. */
export const SHAPE_DEMAND: Record<string, number> = {
  BR: 0,
  OV: 2,
  PS: 0,
  CU: -2,
  EM: 0,
  PR: -3,
  RAD: -1,
  MQ: -4,
  AS: -2,
  HS: -5,
};
export const OTHER_SHAPE_DEMAND = -6;
