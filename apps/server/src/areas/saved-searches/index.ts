/** The one writer of saved_searches and column_preferences. */
export { savedSearchRoutes } from './routes.ts';
