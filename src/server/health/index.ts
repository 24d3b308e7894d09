/** GET /api/health: is the database answering. */
export { healthRoutes } from './routes';
