import { Hono, type Context } from 'hono';
import { loadViewer, type TAuth } from '@server/auth';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { entitlement } from './access';
import { unwrapKey } from './crypto';
import type { TVideoDeps } from './deps';
import { leasedClaims } from './playback';
import { isVisitor, visitorClaims } from './preview';
import { enforce, type TRipGuard } from './rip-guard';
import { segmentKey, videoOf, videoPrefix } from './queries';

const NO_STORE = 'private, no-store';

/** Any refusal on these routes is the same bare 403: nothing about keys, lessons or why. */
const refused = () => new AppError('VIDEO_TOKEN_INVALID');

async function playable(deps: TVideoDeps, token: string) {
  // A visitor's token plays only a lesson that is still a free preview, checked again on every request.
  const claims = (await visitorClaims(deps, token)) ?? (await leasedClaims(deps, token));
  if (!claims) throw refused();
  const video = await videoOf(deps.db, claims.lessonId);
  if (video?.state !== 'ready') throw refused();
  return { claims, video };
}

async function stored(deps: TVideoDeps, c: Context<TAppEnv>, key: string, type: string, cache: string) {
  const object = await deps.storage.get(key);
  if (!object) throw new AppError('NOT_FOUND');
  return c.body(object.body, 200, { 'content-type': type, 'content-length': String(object.size), 'cache-control': cache, 'x-content-type-options': 'nosniff' });
}

const PLAYLIST = 'application/vnd.apple.mpegurl';

/**
 * /api/video/play/{token}/…: the master and rendition playlists, the encrypted segments and their keys. The
 * token is in the path so that every URI in the playlists stays relative and works in hls.js and in Safari's
 * native player alike (decision 063). Not part of the typed client: players fetch these by URL.
 */
export function playRoutes(deps: TVideoDeps & { auth: TAuth; db: Db; ripGuard: TRipGuard }) {
  /** A student's segment or key counted against the playback's pace; false when the session was just stopped. */
  const paced = async (claims: { userId: string; lessonId: string; sessionId: string }, teacherId: string, kind: 'segment' | 'key', what: string) => {
    if (isVisitor(claims.userId)) return true;
    return enforce(deps, deps.ripGuard, claims, teacherId, deps.ripGuard.see(claims.sessionId, kind, what, deps.clock.now().getTime()));
  };
  return new Hono<TAppEnv>()
    .get('/:token/master.m3u8', async (c) => {
      const { video } = await playable(deps, c.req.param('token'));
      return stored(deps, c, `${videoPrefix(video, video.generation)}/master.m3u8`, PLAYLIST, NO_STORE);
    })
    .get('/:token/key/:rendition{[0-9]{3,4}}/:n{[0-9]{1,5}}', async (c) => {
      const { claims, video } = await playable(deps, c.req.param('token'));
      // The key needs more than the token: the signed-in user it was made for, still entitled (a visitor's
      // lesson was checked again just now by playable(): still a free preview, published, ready).
      if (!isVisitor(claims.userId)) {
        const viewer = await loadViewer(deps.auth, deps.db, c.req.raw.headers);
        if (viewer?.userId !== claims.userId) throw refused();
        await entitlement(deps, viewer.userId, claims.lessonId).catch(() => {
          throw refused();
        });
      }
      const place: [string, number, number, number] = [video.lessonId, video.generation, Number(c.req.param('rendition')), Number(c.req.param('n'))];
      if (!(await paced(claims, video.teacherId, 'key', `${place[2]}/${place[3]}`))) throw refused();
      const wrapped = await segmentKey(deps.db, ...place);
      if (!wrapped) throw refused();
      return c.body(new Uint8Array(unwrapKey(deps.keys, wrapped, place)), 200, {
        'content-type': 'application/octet-stream',
        'cache-control': NO_STORE,
        'x-content-type-options': 'nosniff',
      });
    })
    .get('/:token/:rendition{[0-9]{3,4}}/:file{index\\.m3u8|seg-[0-9]{4}\\.ts}', async (c) => {
      const { claims, video } = await playable(deps, c.req.param('token'));
      const rendition = Number(c.req.param('rendition'));
      if (!video.renditions.includes(rendition)) throw new AppError('NOT_FOUND');
      const file = c.req.param('file');
      const playlist = file === 'index.m3u8';
      if (!playlist && !(await paced(claims, video.teacherId, 'segment', `${rendition}/${file}`))) throw refused();
      return stored(deps, c, `${videoPrefix(video, video.generation)}/${rendition}/${file}`, playlist ? PLAYLIST : 'video/mp2t', playlist ? NO_STORE : 'private, max-age=3600');
    });
}
