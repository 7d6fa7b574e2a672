import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MOBILE_MAX_WIDTH } from '../../lib/config';
import { hasDevAccess } from '../../lib/dev-access';

export const DEVTOOLS_MESSAGE = 'Please first close developer tool window and then access website';

/** Docked developer tools take more than 160 px of the window on one side. */
const DEVTOOLS_THRESHOLD = 160;

type WindowSize = Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight'>;

export function devtoolsLikelyOpen(size: WindowSize): boolean {
  return (
    size.outerWidth - size.innerWidth > DEVTOOLS_THRESHOLD ||
    size.outerHeight - size.innerHeight > DEVTOOLS_THRESHOLD
  );
}

/**
 * Never for automated browsers, never with the developer override, and never on a small
 * screen (the mobile alert covers that case).
 */
export function shouldWarnAboutDevtools(win: WindowSize, webdriver: boolean, devAccess: boolean): boolean {
  if (webdriver || devAccess || win.innerWidth < MOBILE_MAX_WIDTH) return false;
  return devtoolsLikelyOpen(win);
}

export function DevtoolsWarning() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => {
      if (shouldWarnAboutDevtools(window, navigator.webdriver === true, hasDevAccess())) setOpen(true);
    };
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
  if (!open) return null;
  return (
    <Dialog
      title={DEVTOOLS_MESSAGE}
      onClose={() => setOpen(false)}
      actions={
        <Button autoFocus onClick={() => setOpen(false)}>
          Okay
        </Button>
      }
    />
  );
}
