import { type Driver, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useEffect, useRef } from 'react';
import { findTarget, highlightOf } from '../tour-screen';
import {
  canGoBack,
  currentStep,
  gateMessage,
  progressOf,
  type TourEvent,
  type TourMachineState,
} from '../tour-state';
import '../tour.css';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Draws the shown step with driver.js: the lit-up element, and a popover with its words, "n of m",
 * Previous, Next (held while the step's condition is not met, with the reason), the close button
 * and, on the main tour, Skip tour. Every button only reports an event; the machine decides.
 */
export function useTourPopover(state: TourMachineState, dispatch: (event: TourEvent) => void) {
  const driverRef = useRef<Driver | null>(null);
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;

  const a = state.activity;
  const showing = (a.kind === 'main' || a.kind === 'mini') && a.phase === 'showing';
  const step = showing ? currentStep(state) : null;
  const progress = progressOf(state);
  const index = progress?.index ?? 0;
  const count = progress?.count ?? 0;
  const gate = gateMessage(state);
  const isMain = a.kind === 'main';
  const backward = canGoBack(state);

  useEffect(() => {
    const target = step ? findTarget(step) : null;
    if (!step || !target || count === 0) {
      driverRef.current?.destroy();
      return;
    }
    if (!driverRef.current) {
      driverRef.current = driver({
        animate: true,
        allowClose: true,
        // A click beside the lit-up element does nothing: only Close, Skip or Escape end a tour.
        overlayClickBehavior: () => {},
        overlayOpacity: 0.55,
        stagePadding: 6,
        stageRadius: 8,
        popoverClass: 'tour-popover',
        // Escape (or any close of driver.js's own): the machine ends the tour.
        onDestroyStarted: () => dispatchRef.current({ type: 'exit', reason: 'close' }),
      });
    }
    const last = index + 1 === count;
    const description = gate
      ? `${escapeHtml(step.text)}<span class="tour-gate" role="status">${escapeHtml(gate)}</span>`
      : escapeHtml(step.text);
    driverRef.current.highlight({
      element: highlightOf(step, target),
      popover: {
        title: escapeHtml(step.title),
        description,
        side: 'bottom',
        align: 'start',
        showButtons: backward ? ['previous', 'next', 'close'] : ['next', 'close'],
        disableButtons: gate ? ['next'] : [],
        showProgress: true,
        progressText: `${index + 1} of ${count}`,
        nextBtnText: last ? 'Finish' : 'Next',
        prevBtnText: 'Previous',
        onNextClick: () => dispatchRef.current({ type: 'next' }),
        onPrevClick: () => dispatchRef.current({ type: 'back' }),
        onCloseClick: () => dispatchRef.current({ type: 'exit', reason: 'close' }),
        onPopoverRender: (popover) => {
          popover.closeButton.setAttribute('aria-label', isMain ? 'Close the tour' : 'Close');
          if (!isMain) return;
          const skip = document.createElement('button');
          skip.type = 'button';
          skip.className = 'tour-skip';
          skip.textContent = 'Skip tour';
          skip.addEventListener('click', () => dispatchRef.current({ type: 'exit', reason: 'skip' }));
          popover.footer.prepend(skip);
        },
      },
    });
  }, [step, index, count, gate, isMain, backward]);

  useEffect(
    () => () => {
      driverRef.current?.destroy();
      driverRef.current = null;
    },
    [],
  );
}
