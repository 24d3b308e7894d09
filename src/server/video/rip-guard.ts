import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@server/core/db/client';
import { videoLeases, videoWatches } from '@server/core/db/schema';
import { audit } from '@server/core/audit';
import type { TVideoDeps } from './deps';
import { SEGMENT_SECONDS } from './ffmpeg';

/*
 * Ripping made expensive and traceable (issue 23.4, decisions 116 and 140). A player fetches about as much video
 * as it plays: real time at up to 2× speed, plus hls.js's buffer (30 s ahead, at most 60 s) and what a few seeks
 * add. A script that rebuilds a clear copy fetches the whole lecture, and every rendition's keys, in minutes. Per
 * playback session, the media fetched (distinct segments × their 5 seconds) is compared with the wall-clock time
 * since the session's first request; keys are counted for the record (a ripper asks for every rendition's):
 *   - over `slow`, each further segment and key is answered 2 s late: a player with a full buffer does not notice,
 *     a script slows to a crawl;
 *   - over `stop`, the session's lease is removed (every playlist, segment and key answers 403 from now on, the
 *     heartbeat 409) and the teacher is told who, which lesson and when (an audit row the lesson's video panel shows).
 *
 * Shared by every instance (decision 140), without a query on the request's path: each instance counts in memory
 * and, every FLUSH_MS, merges what it saw into `video_watches` in one statement (distinct segments and keys as
 * integer arrays, the earliest first request), reading back the cluster's totals. A verdict uses the larger of
 * this instance's own count and the cluster's last total plus what it saw since (sessions requested in the last
 * minute are refreshed at every flush); so behind a load balancer that spreads a ripper's requests, the stop comes
 * at most two flushes (4 s) later than on one instance. The stop itself is
 * taken once in the cluster (`stopped_at` set where still null): one lease removal, one line for the teacher.
 */

const RIP_LIMITS = {
  slow: { rate: 3, allowanceSec: 240 },
  stop: { rate: 6, allowanceSec: 480 },
};
const SLOW_DELAY_MS = 2_000;
const FORGET_AFTER_MS = 6 * 3_600_000;
const FLUSH_MS = 2_000;
/** A session requested within this long is refreshed at each flush even when this instance saw nothing new. */
const ACTIVE_MS = 60_000;
/** Segments and keys are stored as rendition × PLACE + number (at most 99,999 segments: 138 hours). */
const PLACE = 100_000;

type TWatched = { sessionId: string; teacherId: string; userId: string; lessonId: string };
type TCount = { segments: number; keys: number; firstAt: number };
type TWatch = TWatched & {
  firstAt: number;
  lastAt: number;
  /** What this instance saw, and what of it the cluster has not been told yet. */
  seen: { segments: Set<number>; keys: Set<number> };
  pending: { segments: number[]; keys: number[] };
  /** The cluster's totals at the last flush. */
  merged: TCount;
  stopped: boolean;
};
export type TRipVerdict = 'ok' | 'slow' | 'stop';

/** A segment or key's place in a video, as one integer. */
export const watchItem = (rendition: number, n: number) => rendition * PLACE + n;

/** This instance's best estimate of a session's totals: its own view or the cluster's, whichever is larger. */
const estimate = (w: TWatch): TCount => ({
  segments: Math.max(w.seen.segments.size, w.merged.segments + w.pending.segments.length),
  keys: Math.max(w.seen.keys.size, w.merged.keys + w.pending.keys.length),
  firstAt: Math.min(w.firstAt, w.merged.firstAt),
});

const fresh = (who: TWatched, now: number): TWatch => ({
  ...who,
  firstAt: now,
  lastAt: now,
  seen: { segments: new Set(), keys: new Set() },
  pending: { segments: [], keys: [] },
  merged: { segments: 0, keys: 0, firstAt: now },
  stopped: false,
});

/** Merges what this instance saw since the last flush into the shared rows, and reads the totals back. */
async function flushWatches(db: Db, sessions: Map<string, TWatch>): Promise<void> {
  const now = Date.now();
  for (const w of sessions.values()) if (now - w.lastAt > FORGET_AFTER_MS) sessions.delete(w.sessionId);
  // Sessions with news, and those still playing here (to learn what the other instances saw meanwhile).
  const batch = [...sessions.values()].filter((w) => w.pending.segments.length + w.pending.keys.length > 0 || now - w.lastAt < ACTIVE_MS);
  if (batch.length === 0) return;
  const rows = batch.map((w) => {
    const row = {
      sessionId: w.sessionId,
      teacherId: w.teacherId,
      userId: w.userId,
      lessonId: w.lessonId,
      firstAt: new Date(w.firstAt),
      lastAt: new Date(w.lastAt),
      ...w.pending,
    };
    w.pending = { segments: [], keys: [] };
    return row;
  });
  const union = (column: typeof videoWatches.segments | typeof videoWatches.keys, name: string) =>
    sql`array(select distinct unnest(${column} || excluded.${sql.identifier(name)}))`;
  const totals = await db
    .insert(videoWatches)
    .values(rows)
    .onConflictDoUpdate({
      target: videoWatches.sessionId,
      set: {
        firstAt: sql`least(${videoWatches.firstAt}, excluded.first_at)`,
        lastAt: sql`greatest(${videoWatches.lastAt}, excluded.last_at)`,
        segments: union(videoWatches.segments, 'segments'),
        keys: union(videoWatches.keys, 'keys'),
      },
    })
    .returning({
      sessionId: videoWatches.sessionId,
      firstAt: videoWatches.firstAt,
      segments: sql<number>`cardinality(${videoWatches.segments})`.mapWith(Number),
      keys: sql<number>`cardinality(${videoWatches.keys})`.mapWith(Number),
      stoppedAt: videoWatches.stoppedAt,
    });
  for (const t of totals) {
    const w = sessions.get(t.sessionId);
    if (!w) continue;
    // What arrived after this batch was taken stays pending; the totals already hold what was sent.
    w.merged = { segments: t.segments, keys: t.keys, firstAt: t.firstAt.getTime() };
    if (t.stoppedAt) w.stopped = true;
  }
}

export function createRipGuard(db: Db, logger: Logger, limits = structuredClone(RIP_LIMITS)) {
  const sessions = new Map<string, TWatch>();

  /** Counts one request of a playback session and says how to answer it (memory only: no query). */
  function see(who: TWatched, kind: 'segment' | 'key', item: number, now: number): TRipVerdict {
    const w = sessions.get(who.sessionId) ?? fresh(who, now);
    sessions.set(who.sessionId, w);
    w.lastAt = now;
    const set = kind === 'segment' ? w.seen.segments : w.seen.keys;
    if (!set.has(item)) {
      set.add(item);
      (kind === 'segment' ? w.pending.segments : w.pending.keys).push(item);
    }
    const total = estimate(w);
    const fetched = total.segments * SEGMENT_SECONDS;
    const elapsed = (now - total.firstAt) / 1000;
    if (w.stopped || fetched > elapsed * limits.stop.rate + limits.stop.allowanceSec) {
      const first = !w.stopped;
      w.stopped = true;
      return first ? 'stop' : 'ok';
    }
    return fetched > elapsed * limits.slow.rate + limits.slow.allowanceSec ? 'slow' : 'ok';
  }

  const flush = () => flushWatches(db, sessions);

  let flushes = 0;
  const tick = async () => {
    try {
      await flush();
      // About every ten minutes: the rows of sessions nobody has played for six hours go.
      if (++flushes % 300 === 0) await db.delete(videoWatches).where(lt(videoWatches.lastAt, new Date(Date.now() - FORGET_AFTER_MS)));
    } catch (err) {
      logger.warn({ err }, 'video pace flush failed');
    }
  };
  // unref: a pending flush never keeps a stopping process alive (what it held is at most FLUSH_MS of counts).
  setInterval(() => void tick(), FLUSH_MS).unref();

  /** Marks the session stopped in the cluster; true for the one instance that did it first. */
  async function claimStop(sessionId: string): Promise<boolean> {
    await flush();
    const claimed = await db
      .update(videoWatches)
      .set({ stoppedAt: new Date() })
      .where(and(eq(videoWatches.sessionId, sessionId), isNull(videoWatches.stoppedAt)))
      .returning({ sessionId: videoWatches.sessionId });
    return claimed.length === 1;
  }

  /** The media a session fetched and for how long: what the teacher is told. */
  const measure = (sessionId: string) => {
    const w = sessions.get(sessionId);
    if (!w) return null;
    const total = estimate(w);
    return { segments: total.segments, keys: total.keys, seconds: Math.round((w.lastAt - total.firstAt) / 1000) };
  };
  /** Whether this instance knows the session was stopped (here, or by another instance at the last flush). */
  const stopped = (sessionId: string) => sessions.get(sessionId)?.stopped === true;
  // `limits` is returned so that a test can reach the thresholds with a short video; `flush` so that a test of
  // two instances need not wait for the timer.
  return { see, measure, limits, flush, claimStop, stopped };
}

export type TRipGuard = ReturnType<typeof createRipGuard>;

/** Applies a verdict: a delay, or the end of the session's lease and an audit row for the teacher. */
export async function enforce(deps: TVideoDeps, guard: TRipGuard, who: TWatched, verdict: TRipVerdict): Promise<boolean> {
  if (verdict === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_DELAY_MS));
  if (verdict !== 'stop') return true;
  // Another instance stopped it first: the lease is gone already, and the teacher was told once.
  if (!(await guard.claimStop(who.sessionId))) return false;
  await deps.db.delete(videoLeases).where(and(eq(videoLeases.userId, who.userId), eq(videoLeases.sessionId, who.sessionId)));
  await audit(deps.db, {
    actorUserId: who.userId,
    actorRole: 'student',
    action: 'video.download_blocked',
    targetType: 'lesson',
    targetId: who.lessonId,
    teacherId: who.teacherId,
    details: { sessionId: who.sessionId, ...guard.measure(who.sessionId) },
  });
  deps.logger.warn({ userId: who.userId, lessonId: who.lessonId }, 'video download blocked');
  return false;
}
