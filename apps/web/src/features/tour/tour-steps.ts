import { MINI_TOUR_PAGES, type MiniTourPage, TOUR } from './tour-constants';

/**
 * What each tour shows, step by step: the element it points at (a CSS selector), its words, what a
 * click on the element means to the tour, and what must hold before Next. Pure data; the machine
 * decides, the runner draws.
 *
 * Targets carry `data-tour="…"` where no stable selector exists. Screens that offer a mini tour
 * put those names on their elements (the bidding screens: `bid-stone-list`, `active-bid-list`,
 * `bid-input`, `place-bid`); the matching-pair results are found by their own classes.
 */

/**
 * What a click on the highlighted element does: it moves to another screen (the next step waits
 * for it), it completes the tour (Add to cart: pre_kyc_completed; Confirm Stone: completed), or
 * nothing to the tour.
 */
export type StepClick = 'navigate' | 'finish-pre-kyc' | 'finish' | 'none';

/** What must hold before Next: the search narrowed under 300 stones, or a row selected. */
export type StepGate = 'filter-count' | 'row-selected';

export interface TourStep {
  id: string;
  /** The element the step points at, and whose click `click` describes. */
  target: string;
  /** The region lit up around the target, when the customer must reach more than it (rows to tick). */
  highlight?: string;
  title: string;
  text: string;
  click: StepClick;
  gate?: StepGate;
}

/** The main tour: the 4 pre-KYC steps, then the 2 post-KYC steps (spec §4). */
export const MAIN_STEPS: readonly TourStep[] = [
  {
    id: 'search',
    target: '.side-bar a[aria-label="Search"]',
    title: 'Search our stock',
    text: 'Every stone we have is one search away. Open Search to choose what you are looking for.',
    click: 'navigate',
  },
  {
    id: 'filters',
    target: '.search-form-main',
    title: 'Narrow it with filters',
    text: `Pick shapes, a carat range, colours and clarities until fewer than ${TOUR.filterAdviceBelowStones} stones match.`,
    click: 'none',
    gate: 'filter-count',
  },
  {
    id: 'show-results',
    target: '[data-tour="search-submit"]',
    highlight: '.search-actions',
    title: 'See the stones',
    text: 'Search opens the matching stones in a result tab, with their grades, measurements and prices.',
    click: 'navigate',
  },
  {
    id: 'add-to-cart',
    target: '[data-tour="add-to-cart"]',
    highlight: '.stone-grid',
    title: 'Keep what you like',
    text: 'Tick the stones you like and add them to your cart to compare and buy them later.',
    click: 'finish-pre-kyc',
  },
  {
    id: 'download-excel',
    target: '[data-tour="download-excel"]',
    highlight: '.stone-grid',
    title: 'Take the list with you',
    text: 'Download the selected stones as an Excel sheet to share with your team or your clients.',
    click: 'none',
    gate: 'row-selected',
  },
  {
    id: 'confirm-stone',
    target: '[data-tour="confirm-stone"]',
    highlight: '.stone-grid',
    title: 'Buy in one step',
    text: 'Confirm Stone buys the selected stones at the price shown. We check each one is still yours to buy.',
    click: 'finish',
    gate: 'row-selected',
  },
];

export const PRE_KYC_STEP_COUNT = TOUR.preKycSteps;
export const POST_KYC_STEP_COUNT = TOUR.preKycSteps + TOUR.postKycSteps;

const bidInput = {
  id: 'bid-input',
  target: '[data-tour="bid-input"]',
  title: 'Your discount',
  text: 'Bid a discount above the one offered, in steps of 0.25. You can raise a bid, never lower it.',
  click: 'none',
} as const;

/** The mini tours of spec §9, each of at most 4 steps. */
export const MINI_TOURS: Record<MiniTourPage, readonly TourStep[]> = {
  dashboard: [
    {
      id: 'search-stone-id',
      target: '.text-search-card',
      title: 'Find stones by id',
      text: 'Paste one or more stock numbers or certificate numbers and press Enter to open them at once.',
      click: 'none',
    },
  ],
  dashboard_new_arrivals: [
    {
      id: 'new-arrivals-bids',
      target: 'section[aria-labelledby="new-arrivals-card"]',
      title: 'New arrivals, every day',
      text: 'Stones certified in the last 24 hours are offered here first, by a daily bidding round.',
      click: 'none',
    },
  ],
  dashboard_bid_to_buy: [
    {
      id: 'bid-to-buy-bids',
      target: 'section[aria-labelledby="bid-to-buy-card"]',
      title: 'Bid to Buy',
      text: 'A monthly event with stones below their usual discount. Bids are sealed; the highest wins.',
      click: 'none',
    },
  ],
  'bid-to-buy-add': [
    {
      id: 'bid-stone-list',
      target: '[data-tour="bid-stone-list"]',
      title: 'Stones open for bids',
      text: 'These stones are in the event. Their floor discount is the lowest bid accepted.',
      click: 'none',
    },
    bidInput,
    {
      id: 'place-bid',
      target: '[data-tour="place-bid"]',
      title: 'Place your bid',
      text: 'Your bid stays sealed: nobody else sees it. The highest bid wins when the event closes.',
      click: 'none',
    },
  ],
  'bid-to-buy-update': [
    {
      id: 'active-bid-list',
      target: '[data-tour="active-bid-list"]',
      title: 'Your bids',
      text: 'Every stone you bid on in this event, with your current bid.',
      click: 'none',
    },
    { ...bidInput, title: 'Raise your bid', text: 'Enter a higher discount to raise your bid.' },
  ],
  'new-arrivals-add': [
    {
      id: 'bid-stone-list',
      target: '[data-tour="bid-stone-list"]',
      title: "Today's new arrivals",
      text: 'Stones certified in the last 24 hours, open for bids until the round closes.',
      click: 'none',
    },
    bidInput,
    {
      id: 'place-bid',
      target: '[data-tour="place-bid"]',
      title: 'Place your bid',
      text: 'A bid in the last 2 minutes moves the close by 2 minutes, so everyone can answer.',
      click: 'none',
    },
  ],
  'new-arrivals-update': [
    {
      id: 'active-bid-list',
      target: '[data-tour="active-bid-list"]',
      title: 'Your active bids',
      text: 'The stones you bid on in this round, with the highest bid so far.',
      click: 'none',
    },
    { ...bidInput, title: 'Stay ahead', text: 'Raise your bid if someone outbids you before the close.' },
  ],
  match_pair_search: [
    {
      id: 'pair-result',
      target: '.pair-list > .pair-card:first-child',
      title: 'Matching pairs',
      text: 'Two stones matched on your settings; the grades where they differ are marked.',
      click: 'none',
    },
    {
      id: 'pair-details',
      target: '.pair-list > .pair-card:first-child .pair-card-head a',
      title: 'See the details',
      text: 'View pair opens both stones side by side, with their measurements and media.',
      click: 'none',
    },
  ],
};

export { MINI_TOUR_PAGES };
