import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onStonesChanged } from '../domain/stones/stones-on-screen';
import {
  clearForNavigation,
  clearStaleSearch,
  markFoundStones,
} from '../features/text-search/stone-search-store';
import { isDevAccessShortcut, setDevAccess, urlGrantsDevAccess } from '../lib/dev-access';
import { NETWORK_ERROR_MESSAGE } from '../lib/error-text';
import { scheduleCampaignCapture } from '../lib/tracking/campaign';
import { wantToasts } from './toaster-slot';

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
  );
}

/** App-wide rules that belong to no single screen (spec §2 "Other screens and overlays"). */
export function useGlobalBehaviours() {
  const { pathname, search } = useLocation();
  const previousPath = useRef(pathname);

  // Navigating to another page clears the stone id search state and the stored bid. A reload
  // keeps what belongs to the page being reloaded.
  useEffect(() => {
    if (previousPath.current === pathname) {
      clearStaleSearch(pathname);
      return;
    }
    previousPath.current = pathname;
    clearForNavigation(pathname);
  }, [pathname]);

  // The stone id search kept in the session follows stones put in the cart or sold elsewhere.
  useEffect(() => onStonesChanged(markFoundStones), []);

  // The developer override: the URL flag sets the stored flag.
  useEffect(() => {
    if (urlGrantsDevAccess(search)) setDevAccess(true);
  }, [search]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isDevAccessShortcut(event)) {
        event.preventDefault();
        setDevAccess(true);
      }
    };
    // Right-click is blocked, except in form fields where the menu is needed to paste.
    const onContextMenu = (event: MouseEvent) => {
      if (!isEditable(event.target)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('contextmenu', onContextMenu);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('contextmenu', onContextMenu);
    };
  }, []);

  // The campaign link this load came by (spec §9: saved 100 ms after load).
  useEffect(() => scheduleCampaignCapture(), []);

  // A reload while offline (spec §8 "Connectivity").
  useEffect(() => {
    if (!navigator.onLine) {
      wantToasts();
      void import('sonner').then(({ toast }) =>
        toast.error(NETWORK_ERROR_MESSAGE, { id: 'offline-at-boot' }),
      );
    }
  }, []);
}
