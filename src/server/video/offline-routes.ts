import { Hono } from 'hono';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { downloadable, type TOfflineDeps } from './offline';
import { videoPrefix } from './queries';

/**
 * /api/video/offline/{licence}/{rendition}/index.m3u8 and seg-NNNN.ts: a licence's rendition, downloaded as stored
 * (encrypted; the keys travel only inside the licence, wrapped for the device). Each file can be asked again, so a
 * download resumes where the connection dropped. Not part of the typed client: the web fetches these by URL.
 */
export function offlineRoutes(deps: TOfflineDeps) {
  return new Hono<TAppEnv>().get('/:licence/:rendition{[0-9]{1,4}}/:file{index\\.m3u8|seg-[0-9]{4}\\.ts}', async (c) => {
    const allowed = await downloadable(deps, c.req.param('licence'));
    const rendition = Number(c.req.param('rendition'));
    if (!allowed || allowed.claims.rendition !== rendition) throw new AppError('VIDEO_TOKEN_INVALID');
    const file = c.req.param('file');
    const object = await deps.storage.get(`${videoPrefix(allowed.video, allowed.video.generation)}/${rendition}/${file}`);
    if (!object) throw new AppError('NOT_FOUND');
    return c.body(object.body, 200, {
      'content-type': file === 'index.m3u8' ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      'content-length': String(object.size),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });
}
