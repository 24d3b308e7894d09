/** GET /api/health (readiness: is the database answering) and /api/health/live (liveness). */
export { healthRoutes } from './routes';
