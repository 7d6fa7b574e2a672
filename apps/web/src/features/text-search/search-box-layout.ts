/** On the dashboard the top-bar search appears once the page is scrolled this far (spec §9). */
export const DASHBOARD_REVEAL_SCROLL = 75;
export const SEARCH_BOX_MAX_WIDTH = 650;
export const SEARCH_BOX_MIN_WIDTH = 430;

/** Whether the top bar shows the global search box. */
export function isSearchBoxShown(onDashboard: boolean, scrollY: number): boolean {
  return !onDashboard || scrollY >= DASHBOARD_REVEAL_SCROLL;
}

/**
 * Width of the search box in px: 430 everywhere but the dashboard, where it starts at 650 and
 * shrinks by the scroll offset past the reveal point, never below 430.
 */
export function searchBoxWidth(onDashboard: boolean, scrollY: number): number {
  if (!onDashboard) return SEARCH_BOX_MIN_WIDTH;
  const shrink = Math.max(0, scrollY - DASHBOARD_REVEAL_SCROLL);
  return Math.max(SEARCH_BOX_MIN_WIDTH, SEARCH_BOX_MAX_WIDTH - shrink);
}
