import { Hono, type Context } from 'hono';
import { ERROR_STATUS, type TErrorCode } from '@shared/errors';
import { toLanguage } from '@shared/i18n';
import type { TAppEnv } from '@server/core/env';
import { errorMessage } from '@server/core/i18n';
import type { TTusServer } from './tus';

const CODE_FOR_STATUS: Record<number, TErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
};

function refusalOf(text: string, status: number): { code: TErrorCode; extra: Record<string, number> } {
  try {
    const { code, ...extra } = JSON.parse(text) as { code: string } & Record<string, number>;
    if (code in ERROR_STATUS) return { code: code as TErrorCode, extra };
  } catch {
    // tus's own refusals are plain text: mapped by status below.
  }
  return { code: CODE_FOR_STATUS[status] ?? (status >= 500 ? 'UPLOAD_FAILED' : 'BAD_REQUEST'), extra: {} };
}

/** Every tus refusal leaves as `{ error: { code, message, remainingBytes? } }`, translated like the rest of the API. */
async function withJsonRefusal(c: Context<TAppEnv>, res: Response, maxBytes: number): Promise<Response> {
  if (res.status < 400) return res;
  const { code, extra } = refusalOf(await res.text(), res.status);
  const params = { mb: extra.mb ?? Math.floor(maxBytes / 1024 ** 2) };
  const error = {
    code,
    message: errorMessage(toLanguage(c.get('language')), code, params),
    ...(extra.remainingBytes === undefined ? {} : { remainingBytes: extra.remainingBytes }),
  };
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error }), { status: res.status, headers });
}

/** /api/video/uploads: the tus 1.0.0 endpoint (no general body limit: tus streams to disk under VIDEO_MAX_BYTES). */
export function uploadRoutes(tus: TTusServer, maxBytes: number) {
  const handle = async (c: Context<TAppEnv>) => withJsonRefusal(c, await tus.handleWeb(c.req.raw), maxBytes);
  return new Hono<TAppEnv>().all('/', handle).all('/*', handle);
}
