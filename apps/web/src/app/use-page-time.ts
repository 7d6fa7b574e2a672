import { logTimeSpent } from '@loupe/contract/tracking';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { call } from '../lib/api-client';
import { log } from '../lib/log';
import { mayMeasure } from '../lib/tracking/consent';
import { PageTimer, type PageVisit } from '../lib/tracking/page-timer';

function report(visit: PageVisit | null, closing = false) {
  // Time on a page is personal: measured only with analytics consent (spec §9 cookie consent).
  if (!visit || !mayMeasure()) return;
  call(logTimeSpent, { body: visit, keepalive: closing }).catch((error: unknown) =>
    log.info('Time on page not recorded', error),
  );
}

/** Reports the time the customer spent on each page of the portal (spec §7). */
export function usePageTime() {
  const { pathname } = useLocation();
  const timer = useRef<PageTimer>(null);
  timer.current ??= new PageTimer();

  useEffect(() => {
    report(timer.current!.enter(pathname, Date.now(), document.visibilityState === 'visible'));
  }, [pathname]);

  useEffect(() => {
    const t = timer.current!;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') t.show(Date.now());
      else t.hide(Date.now());
    };
    const onPageHide = () => report(t.leave(Date.now()), true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Logging out or leaving the portal's pages ends the visit.
      report(t.leave(Date.now()));
    };
  }, []);
}
