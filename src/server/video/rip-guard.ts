import { and, eq } from 'drizzle-orm';
import { videoLeases } from '@server/core/db/schema';
import { audit } from '@server/core/audit';
import type { TVideoDeps } from './deps';
import { SEGMENT_SECONDS } from './ffmpeg';

/*
 * Ripping made expensive and traceable (issue 23.4, decision 116). A player fetches about as much video as it
 * plays: real time at up to 2× speed, plus hls.js's buffer (30 s ahead, at most 60 s) and what a few seeks add.
 * A script that rebuilds a clear copy fetches the whole lecture, and every rendition's keys, in minutes. Per
 * playback session, the media fetched (distinct segments × their 5 seconds) is compared with the wall-clock time
 * since the session's first request; keys are counted for the record (a ripper asks for every rendition's):
 *   - over `slow`, each further segment and key is answered 2 s late: a player with a full buffer does not notice,
 *     a script slows to a crawl;
 *   - over `stop`, the session's lease is removed (every playlist, segment and key answers 403 from now on, the
 *     heartbeat 409) and the teacher is told who, which lesson and when (an audit row the lesson's video panel shows).
 * Counters live in this process: behind several instances each one sees its share, which only delays the stop.
 */

const RIP_LIMITS = {
  slow: { rate: 3, allowanceSec: 240 },
  stop: { rate: 6, allowanceSec: 480 },
};
const SLOW_DELAY_MS = 2_000;
const FORGET_AFTER_MS = 6 * 3_600_000;

type TWatch = { firstAt: number; lastAt: number; segments: Set<string>; keys: Set<string>; stopped: boolean };
export type TRipVerdict = 'ok' | 'slow' | 'stop';

export function createRipGuard(limits = structuredClone(RIP_LIMITS)) {
  const sessions = new Map<string, TWatch>();
  let calls = 0;
  const forgetOld = (now: number) => {
    if (++calls % 500 !== 0) return;
    for (const [id, w] of sessions) if (now - w.lastAt > FORGET_AFTER_MS) sessions.delete(id);
  };
  /** Counts one request of a playback session and says how to answer it. */
  function see(sessionId: string, kind: 'segment' | 'key', what: string, now: number): TRipVerdict {
    forgetOld(now);
    const watch = sessions.get(sessionId) ?? { firstAt: now, lastAt: now, segments: new Set<string>(), keys: new Set<string>(), stopped: false };
    sessions.set(sessionId, watch);
    watch.lastAt = now;
    (kind === 'segment' ? watch.segments : watch.keys).add(what);
    const fetched = watch.segments.size * SEGMENT_SECONDS;
    const elapsed = (now - watch.firstAt) / 1000;
    if (watch.stopped || fetched > elapsed * limits.stop.rate + limits.stop.allowanceSec) {
      const first = !watch.stopped;
      watch.stopped = true;
      return first ? 'stop' : 'ok';
    }
    return fetched > elapsed * limits.slow.rate + limits.slow.allowanceSec ? 'slow' : 'ok';
  }
  /** The media seconds a session fetched and since when: what the teacher is told. */
  const measure = (sessionId: string) => {
    const w = sessions.get(sessionId);
    return w ? { segments: w.segments.size, keys: w.keys.size, seconds: Math.round((w.lastAt - w.firstAt) / 1000) } : null;
  };
  // `limits` is returned so that a test can reach the thresholds with a two-second video.
  return { see, measure, limits };
}

export type TRipGuard = ReturnType<typeof createRipGuard>;

type TClaims = { userId: string; lessonId: string; sessionId: string };

/** Applies a verdict: a delay, or the end of the session's lease and an audit row for the teacher. */
export async function enforce(deps: TVideoDeps, guard: TRipGuard, claims: TClaims, teacherId: string, verdict: TRipVerdict): Promise<boolean> {
  if (verdict === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_DELAY_MS));
  if (verdict !== 'stop') return true;
  await deps.db.delete(videoLeases).where(and(eq(videoLeases.userId, claims.userId), eq(videoLeases.sessionId, claims.sessionId)));
  await audit(deps.db, {
    actorUserId: claims.userId,
    actorRole: 'student',
    action: 'video.download_blocked',
    targetType: 'lesson',
    targetId: claims.lessonId,
    teacherId,
    details: { sessionId: claims.sessionId, ...guard.measure(claims.sessionId) },
  });
  deps.logger.warn({ userId: claims.userId, lessonId: claims.lessonId }, 'video download blocked');
  return false;
}
