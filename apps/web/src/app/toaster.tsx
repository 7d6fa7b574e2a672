import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/config';
import './toasts.css';

/** The toasts' stack: its own chunk, so a page that shows no toast (the login page) never loads sonner. */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      // 320 px wide (spec §9); the top offset is a CSS variable so a KYC mini nudge can push toasts down.
      style={{ '--width': '320px' } as CSSProperties}
      offset={{ top: 'var(--toast-offset-top)', right: 'var(--toast-offset-right)' }}
      toastOptions={{ classNames: { toast: 'toast', success: 'toast-success', error: 'toast-error' } }}
    />
  );
}
