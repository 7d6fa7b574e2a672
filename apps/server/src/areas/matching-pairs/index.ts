/**
 * Matching pairs (decision 017): the one writer of matching_pair_settings; pairs found in SQL by
 * bucket and neighbours, then picked best first; similar stones.
 */
export { matchingPairRoutes } from './routes.ts';
