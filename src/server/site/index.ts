/*
 * Darsi's own public site on the main domain: server-rendered pages, help pages, sitemap, service worker, and
 * its forms (contact, feedback, newsletter). Other domains import this file only.
 */
export { siteService } from './forms';
export { mountSite } from './mount';
export { siteRoutes } from './routes';
