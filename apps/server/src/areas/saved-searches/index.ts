/** A buyer's saved searches and their grid's columns: the one writer of saved_searches and column_preferences. */
export { savedSearchRoutes } from './routes.ts';
export { createSavedSearch } from './saved-searches.ts';
