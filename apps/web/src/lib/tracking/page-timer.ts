/**
 * Time spent per page (spec §7 `track/page/log-time-spent`): only the time the page was visible
 * counts, whole seconds, and a visit under a second is not reported. Pure: the caller gives the clock.
 */
export interface PageVisit {
  page: string;
  seconds: number;
}

/** A day: a tab left open overnight is not time spent (the server refuses more). */
export const MAX_REPORTED_SECONDS = 86_400;

export class PageTimer {
  private page: string | null = null;
  private visibleSince: number | null = null;
  private accumulatedMs = 0;

  /** A new page is shown: answers the visit to the page before it, if worth reporting. */
  enter(page: string, now: number, visible = true): PageVisit | null {
    const previous = this.leave(now);
    this.page = page;
    this.accumulatedMs = 0;
    this.visibleSince = visible ? now : null;
    return previous;
  }

  /** The tab was hidden: the clock stops. */
  hide(now: number): void {
    if (this.visibleSince !== null) this.accumulatedMs += Math.max(0, now - this.visibleSince);
    this.visibleSince = null;
  }

  /** The tab is visible again: the clock runs. */
  show(now: number): void {
    if (this.page !== null && this.visibleSince === null) this.visibleSince = now;
  }

  /** The page is left (navigation, tab closed): answers its visit and stops timing. */
  leave(now: number): PageVisit | null {
    if (this.page === null) return null;
    this.hide(now);
    const seconds = Math.min(MAX_REPORTED_SECONDS, Math.floor(this.accumulatedMs / 1000));
    const visit = { page: this.page, seconds };
    this.page = null;
    this.accumulatedMs = 0;
    return seconds >= 1 ? visit : null;
  }
}
