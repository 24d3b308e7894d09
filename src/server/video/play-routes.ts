import { Hono, type Context } from 'hono';
import { loadViewer, type TAuth } from '@server/auth';
import type { Db } from '@server/core/db/client';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { entitlement } from './access';
import { unwrapKey, verifyToken } from './crypto';
import type { TVideoDeps } from './deps';
import { leasedClaims } from './playback';
import { cachedKeyRows } from './key-rows';
import { isVisitor, visitorClaims } from './preview';
import { enforce, watchItem, type TRipGuard } from './rip-guard';
import { prepareKeyOfPlaying, videoOf, videoPrefix } from './queries';

const NO_STORE = 'private, no-store';

/** Any refusal on these routes is the same bare 403: nothing about keys, lessons or why. */
const refused = () => new AppError('VIDEO_TOKEN_INVALID');

async function playable(deps: TVideoDeps, token: string) {
  // The token is verified once (a JWT, decision 139); a visitor's plays only a lesson that is still a free
  // preview, checked again on every request; a student's only while its session holds the lease.
  const verified = await verifyToken(deps.keys, token, deps.clock.now().getTime());
  if (!verified) throw refused();
  const leased = isVisitor(verified.userId) ? null : await leasedClaims(deps, verified);
  // A session whose lease is gone (stopped by any instance, or replaced) loses its kept key verdict here too.
  if (!leased && !isVisitor(verified.userId)) deps.verdicts.forgetSession(verified.sessionId);
  const claims = leased ?? (isVisitor(verified.userId) ? await visitorClaims(deps, verified) : null);
  if (!claims) throw refused();
  const video = await videoOf(deps.db, claims.lessonId);
  if (video?.state !== 'ready') throw refused();
  return { claims, video, leaseEnds: leased?.leaseEnds ?? null };
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
  // Prepared once, and its rows kept for a verdict's time (key-rows.ts): most keys make no database round trip.
  const keyOfPlaying = cachedKeyRows(prepareKeyOfPlaying(deps.db), () => deps.clock.now().getTime());
  /** A student's segment or key counted against the playback's pace; false when the session was just stopped. */
  const paced = async (claims: { userId: string; lessonId: string; sessionId: string }, teacherId: string, kind: 'segment' | 'key', item: number) => {
    if (isVisitor(claims.userId)) return true;
    const who = { sessionId: claims.sessionId, userId: claims.userId, lessonId: claims.lessonId, teacherId };
    const allowed = await enforce(deps, deps.ripGuard, who, deps.ripGuard.see(who, kind, item, deps.clock.now().getTime()));
    // A stopped session's lease is gone: its keys must not go on under a verdict given before.
    if (!allowed) deps.verdicts.forgetSession(claims.sessionId);
    return allowed;
  };
  /**
   * Who may have a key: the token's signed-in user, still entitled, whose session holds the lease (a visitor's
   * lesson is checked again on every key: still a free preview, published). A student's verdict is kept for a
   * short time per playback session (verdicts.ts, decision 151): most keys then cost no check at all.
   */
  const keyClaims = async (c: Context<TAppEnv>) => {
    const token = c.req.param('token')!;
    const now = deps.clock.now().getTime();
    const cookie = c.req.header('cookie') ?? '';
    const quick = await verifyToken(deps.keys, token, now);
    // A session stopped by the rip guard on any instance (learnt at the last flush) loses its kept verdict at once.
    const kept = quick && !isVisitor(quick.userId) && !deps.ripGuard.stopped(quick.sessionId);
    if (kept && deps.verdicts.allows(quick.sessionId, quick.userId, cookie, now)) return quick;
    const { claims, leaseEnds } = await playable(deps, token);
    if (isVisitor(claims.userId) || !leaseEnds) return claims;
    const viewer = await loadViewer(deps.auth, deps.db, c.req.raw.headers);
    if (viewer?.userId !== claims.userId) throw refused();
    await entitlement(deps, viewer.userId, claims.lessonId).catch(() => {
      throw refused();
    });
    deps.verdicts.grant(claims.sessionId, claims.userId, cookie, now, leaseEnds.getTime());
    return claims;
  };
  return new Hono<TAppEnv>()
    .get('/:token/master.m3u8', async (c) => {
      const { video } = await playable(deps, c.req.param('token'));
      return stored(deps, c, `${videoPrefix(video, video.generation)}/master.m3u8`, PLAYLIST, NO_STORE);
    })
    .get('/:token/key/:rendition{[0-9]{1,4}}/:n{[0-9]{1,5}}', async (c) => {
      const claims = await keyClaims(c);
      const [rendition, n] = [Number(c.req.param('rendition')), Number(c.req.param('n'))];
      // The video and the key of its current generation: one prepared query, its rows kept briefly.
      const row = await keyOfPlaying({ lessonId: claims.lessonId, rendition, n });
      if (row?.state !== 'ready' || !row.keyEnc) throw refused();
      if (!(await paced(claims, row.teacherId, 'key', watchItem(rendition, n)))) throw refused();
      const place: [string, number, number, number] = [claims.lessonId, row.generation, rendition, n];
      return c.body(new Uint8Array(unwrapKey(deps.keys, row.keyEnc, place)), 200, {
        'content-type': 'application/octet-stream',
        'cache-control': NO_STORE,
        'x-content-type-options': 'nosniff',
      });
    })
    .get('/:token/:rendition{[0-9]{1,4}}/:file{index\\.m3u8|seg-[0-9]{4}\\.ts}', async (c) => {
      const { claims, video } = await playable(deps, c.req.param('token'));
      const rendition = Number(c.req.param('rendition'));
      if (!video.renditions.includes(rendition)) throw new AppError('NOT_FOUND');
      const file = c.req.param('file');
      const playlist = file === 'index.m3u8';
      if (!playlist && !(await paced(claims, video.teacherId, 'segment', watchItem(rendition, Number(file.slice(4, 8)))))) throw refused();
      return stored(
        deps,
        c,
        `${videoPrefix(video, video.generation)}/${rendition}/${file}`,
        playlist ? PLAYLIST : 'video/mp2t',
        playlist ? NO_STORE : 'private, max-age=3600',
      );
    });
}
