/** The public marketing site: ready HTML pages, sitemap, robots.txt and the contact form (writes no table). */
export { type PageNotFound, sitePageNotFound, siteRoutes } from './routes.ts';
