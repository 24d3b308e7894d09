import type { PinoLogger } from 'hono-pino';
import type { RequestIdVariables } from 'hono/request-id';

/** Hono context variables shared by every route. */
export type TAppEnv = {
  Variables: RequestIdVariables & {
    logger: PinoLogger;
    language: string;
  };
};
