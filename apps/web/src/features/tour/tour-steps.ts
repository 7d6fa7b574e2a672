import { MINI_TOUR_PAGES, type MiniTourPage, TOUR } from './tour-constants';

/**
 * What each tour shows, step by step: the element it points at (a CSS selector), its words, what a
 * click on the element means to the tour, and what must hold before Next. Pure data; the machine
 * decides, the runner draws.
 *
 * Targets carry `data-tour="…"` where no stable selector exists (the main tour's buttons); the
 * mini tours find the bidding and matching-pair screens' parts by those screens' own classes.
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
      id: 'bid-search',
      target: '.bidding .bid-search',
      title: "Find the event's stones",
      text: 'Search the event by stone id, or show all of its stones.',
      click: 'none',
    },
    {
      id: 'bid-stone-list',
      target: '.bidding .stone-grid',
      title: 'Stones open for bids',
      text: 'Each stone has a floor discount: bid above it in steps of 0.25. Bids are sealed; nobody sees yours.',
      click: 'none',
    },
  ],
  'bid-to-buy-update': [
    {
      id: 'active-bid-list',
      target: '.bidding .stone-grid',
      title: 'Your bids',
      text: 'Every stone you bid on in this event. Select one to raise your bid; a bid is never lowered.',
      click: 'none',
    },
    {
      id: 'event-end',
      target: '.bidding-head',
      title: 'When the event ends',
      text: 'The highest bid on each stone wins when the event closes, and goes to your pending invoices.',
      click: 'none',
    },
  ],
  'new-arrivals-add': [
    {
      id: 'bid-stone-list',
      target: '.bidding .stone-grid',
      title: "Today's new arrivals",
      text: 'Stones certified in the last 24 hours, open for bids until the round closes. Select one to bid on it.',
      click: 'none',
    },
    {
      id: 'round-end',
      target: '.bidding-head',
      title: 'The round closes',
      text: 'A bid in the last 2 minutes moves the close by 2 minutes, so everyone can answer.',
      click: 'none',
    },
  ],
  'new-arrivals-update': [
    {
      id: 'active-bid-list',
      target: '.bidding .stone-grid',
      title: 'Your active bids',
      text: 'The stones you bid on in this round, with the highest bid so far. Select one to raise yours.',
      click: 'none',
    },
    {
      id: 'round-end',
      target: '.bidding-head',
      title: 'Stay ahead',
      text: 'Raise your bid before the round closes if someone outbids you; we tell you when that happens.',
      click: 'none',
    },
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
