/**
 * The guided tour's state per customer: GET and POST /tour-guide. The status and the feature views
 * are kept on the customer's record, written through customers.
 */

export { tourRoutes } from './routes.ts';
export { getTourGuide, updateTourGuide } from './tour-guide.ts';
