/** Finding stones by stock number or certificate number, with the reports sales follows. */
export { textSearchRoutes } from './routes.ts';
