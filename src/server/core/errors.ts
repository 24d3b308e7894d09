import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type TErrorBody, type TErrorCode } from '@shared/errors';
import { toLanguage } from '@shared/i18n';
import { errorMessage } from './i18n';
import type { TAppEnv } from './env';

/** The only way a service reports a failure the user should see. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly fields?: Record<string, string>,
    /** Values interpolated into the translated message, e.g. {{minutes}}. */
    readonly params?: Record<string, string | number>,
    /** Sent as they are beside the message (TErrorBody.details); never anything the caller may not see. */
    readonly details?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

const CODE_FOR_STATUS: Record<number, TErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

// PostgreSQL refuses U+0000 in text (22021) and in jsonb (22P05). Input that reaches the database without
// going through validate() (a form parsed by hand, an auth library's own route) is still the client's fault.
const REFUSED_TEXT_STATES = new Set(['22021', '22P05']);

/** The SQLSTATE of a driver error, also when Drizzle wrapped it (cause). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// The database cannot be reached (connection refused or cut, PostgreSQL shutting down or starting): a 503 the
// client may retry, not a 500 (R9: a PostgreSQL restart under load).
const DOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

function databaseDown(error: unknown): boolean {
  const state = sqlState(error) ?? '';
  if (state.startsWith('08') || DOWN_STATES.has(state)) return true;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DOWN_CODES.has(code)) return true;
    if (typeof message === 'string' && /connection terminated|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (REFUSED_TEXT_STATES.has(sqlState(error) ?? '')) return new AppError('VALIDATION_FAILED');
  if (databaseDown(error)) return new AppError('DATABASE_UNAVAILABLE');
  if (error instanceof HTTPException) {
    if (/malformed json/i.test(error.message)) return new AppError('INVALID_JSON');
    return new AppError(CODE_FOR_STATUS[error.status] ?? 'BAD_REQUEST');
  }
  return null;
}

export function errorBody(c: Context<TAppEnv>, error: AppError): TErrorBody {
  const message = errorMessage(toLanguage(c.get('language')), error.code, error.params);
  return { error: { code: error.code, message, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ? { details: error.details } : {}) } };
}

/** One place maps failures to responses; unexpected errors are logged with the request id, never returned. */
export function handleError(error: unknown, c: Context<TAppEnv>) {
  const appError = toAppError(error);
  if (appError) {
    return c.json(errorBody(c, appError), ERROR_STATUS[appError.code] as ContentfulStatusCode);
  }
  c.var.logger.error({ err: error }, 'unhandled error');
  return c.json(errorBody(c, new AppError('INTERNAL')), 500);
}
