import { lazy, Suspense, useSyncExternalStore } from 'react';

const AppToaster = lazy(() => import('./toaster'));

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Puts the toasts' stack on the page from now on (for every later page too). Called by the
 * signed-in shell and before a toast outside it; sonner replays a toast raised before its stack
 * was mounted, so nothing is lost while the chunk loads.
 */
export function wantToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToasterSlot() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
