import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_SECONDS, PageTimer } from './page-timer';

describe('time spent per page', () => {
  it('reports the previous page in whole seconds when the next one is entered', () => {
    const timer = new PageTimer();
    expect(timer.enter('/v2', 0)).toBeNull();
    expect(timer.enter('/v2/search', 12_900)).toEqual({ page: '/v2', seconds: 12 });
    expect(timer.leave(15_000)).toEqual({ page: '/v2/search', seconds: 2 });
    expect(timer.leave(20_000)).toBeNull();
  });

  it('counts only the time the tab was visible', () => {
    const timer = new PageTimer();
    timer.enter('/v2/my-cart', 0);
    timer.hide(5_000);
    timer.show(65_000);
    expect(timer.leave(70_000)).toEqual({ page: '/v2/my-cart', seconds: 10 });
  });

  it('starts the clock when a page opened in a hidden tab is first shown', () => {
    const timer = new PageTimer();
    timer.enter('/v2/faqs', 0, false);
    timer.show(30_000);
    expect(timer.leave(33_000)).toEqual({ page: '/v2/faqs', seconds: 3 });
  });

  it('does not report a visit under a second, and caps a tab left open at a day', () => {
    const timer = new PageTimer();
    timer.enter('/v2', 0);
    expect(timer.enter('/v2/search', 999)).toBeNull();
    expect(timer.leave(999 + 3 * 86_400_000)).toEqual({ page: '/v2/search', seconds: MAX_REPORTED_SECONDS });
  });
});
