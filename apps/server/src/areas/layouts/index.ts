/** Layouts: the one writer of layouts and layout_stones; sets of stones sold together. */
export { createLayout } from './layouts.ts';
export { layoutRoutes } from './routes.ts';
