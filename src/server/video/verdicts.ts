import { VIDEO_HEARTBEAT_SECONDS } from '@shared/schemas/video';

/*
 * The key endpoint's verdicts, kept per playback session (docs/decisions/151-video-key-verdict-cache.md). A player
 * asks for a key every few seconds of video, and a class of 300 starts a lesson together; checking the session
 * cookie, the subscription, the lesson's locks and the lease again for each key took about 45 queries. Once they
 * all pass, the session may fetch keys for VERDICT_MS without them (never past its lease's end), as long as it
 * comes with the same cookie. What ends a session at once in this process drops its verdicts: a newer device
 * (startPlayback), a refused heartbeat (subscription ended, lease taken), the rip guard's stop. Anything else (a
 * cancellation by the teacher, a lapse, another instance's decision) reaches the key endpoint within VERDICT_MS;
 * the heartbeat, every VIDEO_HEARTBEAT_SECONDS, checks everything again and refuses earlier.
 */
export const VERDICT_MS = VIDEO_HEARTBEAT_SECONDS * 1000;
// 50,000 sessions (a few hundred bytes each: the cookie header is most of it) at most; past that, the expired go
// and, if that is not enough, all go: the next key of each session is checked in full again, nothing is refused.
const MAX_SESSIONS = 50_000;

type TVerdict = { userId: string; cookie: string; until: number; epoch: number };

export function createVerdicts(max = MAX_SESSIONS) {
  const sessions = new Map<string, TVerdict>();
  // A user's sessions are dropped together (a new device) by moving the user's epoch: no scan of all sessions.
  const epochs = new Map<string, number>();
  const epochOf = (userId: string) => epochs.get(userId) ?? 0;

  function makeRoom(now: number) {
    if (sessions.size < max) return;
    for (const [id, v] of sessions) if (v.until <= now) sessions.delete(id);
    if (sessions.size < max) return;
    sessions.clear();
    epochs.clear();
  }

  return {
    /** Whether this session's keys may be served now without checking again: same user, same cookie, in time. */
    allows(sessionId: string, userId: string, cookie: string, now: number): boolean {
      const v = sessions.get(sessionId);
      return v !== undefined && v.userId === userId && v.cookie === cookie && now < v.until && v.epoch === epochOf(userId);
    },
    /** Records a full check that passed; `leaseEnds` bounds it (an idle device's lease lapses on its own). */
    grant(sessionId: string, userId: string, cookie: string, now: number, leaseEnds: number) {
      makeRoom(now);
      sessions.set(sessionId, { userId, cookie, until: Math.min(now + VERDICT_MS, leaseEnds), epoch: epochOf(userId) });
    },
    forgetSession(sessionId: string) {
      sessions.delete(sessionId);
    },
    forgetUser(userId: string) {
      // Forgetting the epochs would bring back verdicts an older epoch had ended: all verdicts go with them.
      if (epochs.size >= max) {
        epochs.clear();
        sessions.clear();
      }
      epochs.set(userId, epochOf(userId) + 1);
    },
  };
}

export type TVerdicts = ReturnType<typeof createVerdicts>;
