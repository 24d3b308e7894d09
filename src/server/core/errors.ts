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

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
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
