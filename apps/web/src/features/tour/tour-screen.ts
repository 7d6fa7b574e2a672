import { BID_TABS, isDashboardPath, oneOf, sourcePageFor } from '../../config/paths';
import type { MiniTourPage } from './tour-constants';
import type { StepFacts } from './tour-state';
import type { TourStep } from './tour-steps';

/**
 * What the runner reads off the screen for the machine: which mini tours a screen offers, whether
 * a step's target is there, and the facts of the gated steps.
 */

/** The mini tours of a screen, in the order they run (spec §9 "Mini tour pages"). */
export function miniPagesFor(pathname: string, search: string): MiniTourPage[] {
  if (isDashboardPath(pathname)) return ['dashboard', 'dashboard_new_arrivals', 'dashboard_bid_to_buy'];
  const tab = oneOf(BID_TABS, new URLSearchParams(search).get('path'), 'bidStone');
  const bidding = tab === 'activeBid' ? 'update' : tab === 'bidStone' ? 'add' : null;
  const source = sourcePageFor(pathname, search);
  if (source === 'bid_to_buy' && bidding) return [`bid-to-buy-${bidding}`];
  if (source === 'new_arrivals' && bidding) return [`new-arrivals-${bidding}`];
  if (source === 'match_result_page') return ['match_pair_search'];
  return [];
}

/** The step's element when it is on screen (laid out, not hidden), else null. */
export function findTarget(step: TourStep, root: ParentNode = document): HTMLElement | null {
  const element = root.querySelector<HTMLElement>(step.target);
  if (!element?.isConnected) return null;
  if (element.getClientRects().length === 0 && element.offsetParent === null) return null;
  return element;
}

/** The element to light up: the step's region around its target, or the target itself. */
export function highlightOf(step: TourStep, target: HTMLElement): HTMLElement {
  return (step.highlight ? target.closest<HTMLElement>(step.highlight) : null) ?? target;
}

/** The live count of the search form and the ticked rows of the result grid. */
export function readFacts(root: ParentNode = document): StepFacts {
  const counted = root.querySelector<HTMLElement>('[data-tour-count]')?.dataset.tourCount;
  const stoneCount = counted === undefined || counted === '' ? null : Number(counted);
  const rowsSelected = root.querySelectorAll('.stone-table tbody input[type="checkbox"]:checked').length;
  return { stoneCount: Number.isFinite(stoneCount) ? stoneCount : null, rowsSelected };
}
