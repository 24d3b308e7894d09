import type { TErrorBody } from '@shared/errors';
import { ApiError } from './api-error';

/** Long enough for a large file on a slow line; every other call keeps the 30 s of spec §7. */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

/**
 * Sends a file as the raw request body of a PUT to an API path, reporting how much has been sent. fetch cannot
 * report upload progress, so XMLHttpRequest sends it, and its answer is read as unwrap() reads one.
 */
export function putFile<T>(apiPath: string, file: File, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api${apiPath}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled below as a network failure.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as T);
      const error = (body as TErrorBody | null)?.error;
      reject(error ? new ApiError(error.code, error.message, xhr.status, error.fields) : new ApiError('NETWORK', '', xhr.status));
    };
    xhr.onerror = xhr.ontimeout = () => reject(new ApiError('NETWORK', '', 0));
    xhr.send(file);
  });
}
