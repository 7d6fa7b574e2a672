import { lazy } from 'react';

/** The authenticated layout as its own chunk, so the login page never loads it. */
export const LazyAppShell = lazy(() =>
  import('./shell/app-shell').then((module) => ({ default: module.AppShell })),
);
