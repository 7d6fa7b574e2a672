import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isDashboardPath, paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { log } from '../../../lib/log';
import { useTourGuide, useTourWrites } from '../api/tour-api';
import { TOUR } from '../tour-constants';
import { tourReducer } from '../tour-machine';
import { findTarget, miniPagesFor, readFacts } from '../tour-screen';
import {
  currentStep,
  initialTourState,
  stepsOf,
  type TourEffect,
  type TourEvent,
  type TourMachineState,
} from '../tour-state';

/**
 * Runs the tour machine in the browser: reports what happens on screen as events (the tour guide
 * read, the address, lookups, the 500 ms monitoring, clicks on the target, back navigation, a
 * hidden tab) and carries out the machine's effects (saves, timers, clicks, navigation).
 */
export function useTourRunner(approved: boolean, enabled: boolean) {
  const guide = useTourGuide(enabled);
  const writes = useTourWrites();
  const navigate = useNavigate();
  const location = useLocation();
  const stateRef = useRef<TourMachineState>(initialTourState());
  const [state, setState] = useState(stateRef.current);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dispatchRef = useRef<(event: TourEvent) => void>(() => {});

  const perform = useCallback(
    (effect: TourEffect) => {
      const dispatch = (event: TourEvent) => dispatchRef.current(event);
      const failed = (error: unknown) => dispatch({ type: 'save-failed', message: errorText(error) });
      switch (effect.type) {
        case 'save-status':
          writes.saveStatus(effect.status).catch(failed);
          return;
        case 'mark-view':
          writes.markView(effect.page).catch(failed);
          return;
        case 'schedule': {
          const id = setTimeout(() => {
            timers.current.delete(id);
            dispatch(effect.event);
          }, effect.delayMs);
          timers.current.add(id);
          return;
        }
        case 'cancel-timers':
          for (const id of timers.current) clearTimeout(id);
          timers.current.clear();
          return;
        case 'navigate-dashboard':
          navigate(paths.dashboard.href());
          return;
        case 'lookup':
          // After the current render: the screen the step needs may be drawing now.
          queueMicrotask(() => {
            const step = currentStep(stateRef.current);
            const found = step ? findTarget(step) !== null : false;
            if (step && !found && log.enabled)
              log.info(
                `tour lookup: ${step.target} ${document.querySelector(step.target) ? 'not laid out' : 'absent'}`,
              );
            dispatch({ type: 'lookup-result', found, facts: readFacts() });
          });
          return;
        case 'click-target':
          queueMicrotask(() => {
            // The machine is navigating to the next step already: the click is on the one before.
            const a = stateRef.current.activity;
            const from = a.kind === 'main' ? stepsOf(a.flow)[a.from] : undefined;
            const target = from ? findTarget(from) : null;
            target?.click();
          });
          return;
        case 'log':
          log.warn(effect.message);
          return;
      }
    },
    [navigate, writes],
  );

  // One dispatch for the shell's life: effects run with the latest navigate and writes.
  const performRef = useRef(perform);
  performRef.current = perform;
  const dispatch = useCallback((event: TourEvent) => {
    const transition = tourReducer(stateRef.current, event);
    // What moved the tour, for a failed e2e test's report (every check but a found target's).
    if (log.enabled && (event.type !== 'monitor-tick' || !event.present))
      log.info(`tour ${JSON.stringify(event)} -> ${JSON.stringify(transition.state.activity)}`);
    if (transition.state === stateRef.current && transition.effects.length === 0) return;
    stateRef.current = transition.state;
    setState(transition.state);
    for (const effect of transition.effects) performRef.current(effect);
  }, []);
  dispatchRef.current = dispatch;

  // The tour guide read (once), and KYC approval as it changes.
  const loaded = state.loaded;
  useEffect(() => {
    if (enabled && guide.data && !loaded) {
      dispatch({
        type: 'loaded',
        status: guide.data.main_tour_status,
        views: guide.data.feature_views,
        approved,
      });
    }
  }, [enabled, guide.data, loaded, approved, dispatch]);
  useEffect(() => {
    if (loaded) dispatch({ type: 'approval-changed', approved });
  }, [approved, loaded, dispatch]);

  // The screen on show.
  const { pathname, search } = location;
  useEffect(() => {
    dispatch({
      type: 'screen-changed',
      onDashboard: isDashboardPath(pathname),
      miniPages: miniPagesFor(pathname, search),
    });
  }, [pathname, search, dispatch]);

  // Unexpected exits: back navigation and a tab change.
  useEffect(() => {
    const onPopState = () => dispatch({ type: 'exit', reason: 'back-navigation' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dispatch({ type: 'exit', reason: 'tab-change' });
    };
    window.addEventListener('popstate', onPopState);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [dispatch]);

  // Monitoring of the shown step, and clicks on its target.
  const activity = state.activity;
  const showing = (activity.kind === 'main' || activity.kind === 'mini') && activity.phase === 'showing';
  const step = showing ? currentStep(state) : null;
  useEffect(() => {
    if (!step) return;
    const tick = setInterval(() => {
      dispatch({ type: 'monitor-tick', present: findTarget(step) !== null, facts: readFacts() });
    }, TOUR.monitorIntervalMs);
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(step.target))
        dispatch({ type: 'target-clicked' });
    };
    document.addEventListener('click', onClick, true);
    return () => {
      clearInterval(tick);
      document.removeEventListener('click', onClick, true);
    };
  }, [step, dispatch]);

  // Timers end with the shell.
  useEffect(
    () => () => {
      for (const id of timers.current) clearTimeout(id);
    },
    [],
  );

  return { state, dispatch };
}
