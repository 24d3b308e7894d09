import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import type { TConfig } from '@server/core/config';
import { defineJob } from '@server/core/jobs/queue';
import type { TLiveDeps } from './deps';

/*
 * Removing a replaced device from a self-hosted Jitsi room (issue 23.3, decision 141). When a student joins from a
 * second device, the first one loses its lease (its heartbeat answers 409 and an honest page hangs up). A page
 * that does not hang up would stay in the room until its connection drops; so Darsi asks the meeting server to
 * remove that occupant, through Jitsi's own Prosody module `mod_muc_kick_participant`:
 *
 *   PUT {JITSI_KICK_URL}?room={room}        Authorization: Bearer {ASAP token, RS256, kid = JITSI_ASAP_KEY_ID}
 *   Content-Type: application/json          {"participantId": "{the occupant's endpoint id}"}
 *   → 200 removed, 404 no such room or occupant (gone already), anything else: try again (pg-boss retries).
 *
 * Prosody checks the token with the public key it fetches from `prosody_password_public_key_repo_url` at
 * `{sha256(kid)}.pem`. The occupant's id is the one the Jitsi IFrame reports on `videoConferenceJoined`; the page
 * sends it with its heartbeats and it is kept on the lease (`live_leases.participant_id`).
 */

type TKickResult = 'removed' | 'absent';
export type TKicker = (room: string, participantId: string) => Promise<TKickResult>;

const ASAP_SECONDS = 60;

/** The kick call, or null when the three settings are not all given (or the key does not read). */
export async function resolveKicker(live: TConfig['live']): Promise<TKicker | null> {
  if (!live.kickUrl || !live.asapKeyId || !live.asapPrivateKey || !live.jitsiDomain) return null;
  const key = await importPKCS8(live.asapPrivateKey.replace(/\\n/g, '\n'), 'RS256').catch(() => null);
  if (!key) return null;
  const { kickUrl, asapKeyId, jitsiDomain } = live;
  const issuer = live.jitsiAppId ?? 'darsi';
  return async (room, participantId) => {
    const now = Math.floor(Date.now() / 1000);
    // One token per call, for this room only, a minute long.
    const asap = await new SignJWT({ room })
      .setProtectedHeader({ alg: 'RS256', kid: asapKeyId, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience('jitsi')
      .setSubject(jitsiDomain)
      .setIssuedAt(now)
      .setExpirationTime(now + ASAP_SECONDS)
      .setJti(randomUUID())
      .sign(key);
    const url = new URL(kickUrl);
    url.searchParams.set('room', room);
    const res = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${asap}`, 'content-type': 'application/json' },
      body: JSON.stringify({ participantId }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    if (res.status === 200) return 'removed';
    if (res.status === 404) return 'absent';
    throw new Error(`kick-participant answered ${res.status}`);
  };
}

type TKickJob = { sessionId: string; room: string; participantId: string };

export const kickJob = (deps: Pick<TLiveDeps, 'kicker'>) =>
  defineJob<TKickJob>({
    name: 'live.kick-replaced-device',
    queue: { retryLimit: 4, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    run: async ({ room, participantId }) => {
      const kicker = await deps.kicker();
      return kicker ? { result: await kicker(room, participantId) } : { result: 'not configured' };
    },
  });
