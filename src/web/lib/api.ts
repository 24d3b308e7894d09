import { hc, type ClientResponse, type InferRequestType } from 'hono/client';
import type { AppType } from '@server/app';
import { BACKEND_TIMEOUT_MS } from '@shared/constants';
import type { TErrorBody } from '@shared/errors';
import { ApiError } from './api-error';
import { currentClientInfo } from './client-info';

/** The only way the web talks to the server: typed from the server's own route definitions. */
export const api = hc<AppType>('/api', {
  // Spec §7: every backend request gives up after 30 s and says which kind of client sent it.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('client-info', currentClientInfo());
    return fetch(input, { ...init, headers, credentials: 'same-origin', signal: init?.signal ?? AbortSignal.timeout(BACKEND_TIMEOUT_MS) });
  },
});

/**
 * Resolves to the success body or throws ApiError. A network failure or an unreadable body becomes
 * code NETWORK, whose message the caller translates (errors:codes.NETWORK).
 */
export async function unwrap<T>(call: Promise<ClientResponse<T>>): Promise<T> {
  let res: ClientResponse<T>;
  try {
    res = await call;
  } catch {
    throw new ApiError('NETWORK', '', 0);
  }
  if (res.ok) return (await res.json()) as T;
  const body = (await res.json().catch(() => null)) as TErrorBody | null;
  if (!body?.error) throw new ApiError('NETWORK', '', res.status);
  throw new ApiError(body.error.code, body.error.message, res.status, body.error.fields, body.error.details);
}

/** The JSON body a typed client method takes, for the features' api.ts modules that wrap it. */
export type TJson<T extends (...args: never[]) => unknown> = InferRequestType<T>['json' & keyof InferRequestType<T>];
