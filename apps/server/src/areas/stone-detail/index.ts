/** One stone: the detail page's lookup, its traceability, its diagram and grading summary. */
export { stoneDetailRoutes } from './routes.ts';
