import { createHash, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import type { TConfig } from '@server/core/config';

/*
 * The meeting service behind one small interface (decision 070): Darsi only mints a short-lived token per person
 * and session; another service (LiveKit, BigBlueButton) is one more implementation of `TLiveProvider`.
 */

export type TJoinSession = { id: string; startsAt: Date; durationMinutes: number; lobby: boolean; externalUrl: string | null };
export type TJoinUser = { id: string; name: string; email: string; avatar: string | null };
export type TJoinRole = 'teacher' | 'student';

export type TJoinInfo = { kind: 'jitsi'; domain: string; roomName: string; jwt: string; scriptUrl: string; lobby: boolean } | { kind: 'external'; url: string };

/** The student's lease a token is bound to (decision 114): the device that holds it now. */
export type TJoinLease = { studentId: string; deviceId: string };

export type TLiveProvider = {
  mode: 'jitsi' | 'jaas';
  /** Where its IFrame API script and meeting frame come from (allowed by the join pages' CSP). */
  origin: string;
  /** A teacher's token has no lease (null); a student's always has one. */
  mintJoin: (session: TJoinSession, user: TJoinUser, role: TJoinRole, now: Date, lease: TJoinLease | null) => Promise<TJoinInfo>;
};

/** What the teacher's settings show: the active mode, or the setting that keeps the embedded mode off. */
export type TProviderStatus = { mode: 'jitsi' | 'jaas' | 'external'; problem: { setting: string; reason: 'missing' | 'invalid' } | null };

/** A teacher's token outlives the session's end by this much, so a class that runs over is not cut. */
export const TOKEN_MARGIN_MS = 30 * 60_000;
/**
 * A student's token lives this long (decision 114): it is needed only to connect, each heartbeat of the lease
 * hands out a new one, and a token copied from a device that lost its lease is useless minutes later.
 */
export const STUDENT_TOKEN_MS = 5 * 60_000;
/** The join button opens this long before the start (issue 14). */
export const JOIN_OPENS_BEFORE_MS = 10 * 60_000;
// Clock skew between Darsi and the meeting server.
const SKEW_MS = 60_000;

export const roomOf = (sessionId: string) => `darsi-${sessionId}`;

function timeClaims(session: TJoinSession, now: Date, lease: TJoinLease | null) {
  const end = session.startsAt.getTime() + session.durationMinutes * 60_000 + TOKEN_MARGIN_MS;
  if (lease) return { nbf: Math.floor((now.getTime() - SKEW_MS) / 1000), exp: Math.floor(Math.min(now.getTime() + STUDENT_TOKEN_MS, end) / 1000) };
  const opens = Math.min(now.getTime(), session.startsAt.getTime() - JOIN_OPENS_BEFORE_MS);
  return { nbf: Math.floor((opens - SKEW_MS) / 1000), exp: Math.floor(end / 1000) };
}

/**
 * The claims every token carries besides the service's own: a unique `jti` (no two joins, and no two
 * heartbeats, share a token) and, for a student, a digest of the lease it was minted under, so that a token
 * seen in the meeting service's logs names the device that held the place.
 */
function bindingClaims(sessionId: string, lease: TJoinLease | null) {
  const digest = lease ? createHash('sha256').update(`${sessionId}:${lease.studentId}:${lease.deviceId}`).digest('base64url').slice(0, 22) : null;
  return { jti: randomUUID(), ...(digest ? { lease: digest } : {}) };
}

/** context.user: every value a string, never null (the Jitsi plugin throws on null). */
function contextUser(user: TJoinUser, moderator: boolean) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    ...(user.avatar ? { avatar: user.avatar } : {}),
    moderator: moderator ? 'true' : 'false',
    // Read by the token_affiliation Prosody module on a self-hosted Jitsi (integration notes §4).
    affiliation: moderator ? 'owner' : 'member',
  };
}

type TJitsiSettings = { domain: string; appId: string; secret: string };
type TJaasSettings = { appId: string; keyId: string };

function jitsiProvider(s: TJitsiSettings): TLiveProvider {
  const key = new TextEncoder().encode(s.secret);
  return {
    mode: 'jitsi',
    origin: `https://${s.domain}`,
    async mintJoin(session, user, role, now, lease) {
      const room = roomOf(session.id);
      const time = timeClaims(session, now, lease);
      const jwt = await new SignJWT({ room, context: { user: contextUser(user, role === 'teacher') }, ...bindingClaims(session.id, lease) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(s.appId)
        .setAudience('jitsi')
        .setSubject(s.domain)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setNotBefore(time.nbf)
        .setExpirationTime(time.exp)
        .sign(key);
      return { kind: 'jitsi', domain: s.domain, roomName: room, jwt, scriptUrl: `https://${s.domain}/external_api.js`, lobby: session.lobby };
    },
  };
}

function jaasProvider(s: TJaasSettings, key: CryptoKey): TLiveProvider {
  return {
    mode: 'jaas',
    origin: 'https://8x8.vc',
    async mintJoin(session, user, role, now, lease) {
      const room = roomOf(session.id);
      const time = timeClaims(session, now, lease);
      const moderator = role === 'teacher';
      const features = { livestreaming: 'false', recording: moderator ? 'true' : 'false', transcription: 'false', 'outbound-call': 'false' };
      const jwt = await new SignJWT({ room, context: { user: contextUser(user, moderator), features }, ...bindingClaims(session.id, lease) })
        .setProtectedHeader({ alg: 'RS256', kid: `${s.appId}/${s.keyId}`, typ: 'JWT' })
        .setIssuer('chat')
        .setAudience('jitsi')
        .setSubject(s.appId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setNotBefore(time.nbf)
        .setExpirationTime(time.exp)
        .sign(key);
      return {
        kind: 'jitsi',
        domain: '8x8.vc',
        roomName: `${s.appId}/${room}`,
        jwt,
        scriptUrl: `https://8x8.vc/${s.appId}/external_api.js`,
        lobby: session.lobby,
      };
    },
  };
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/i;

/**
 * Reads the provider settings once. Nothing here throws: a missing or wrong value leaves the embedded mode off
 * and names the setting, so that the teacher's page explains it and external links keep working.
 */
export async function resolveProvider(live: TConfig['live']): Promise<{ provider: TLiveProvider | null; status: TProviderStatus }> {
  const off = (mode: TProviderStatus['mode'], setting: string, reason: 'missing' | 'invalid') => ({
    provider: null,
    status: { mode, problem: { setting, reason } },
  });
  if (live.jaasAppId || live.jaasKeyId || live.jaasPrivateKey) {
    if (!live.jaasAppId) return off('external', 'JAAS_APP_ID', 'missing');
    if (!live.jaasKeyId) return off('external', 'JAAS_KEY_ID', 'missing');
    if (!live.jaasPrivateKey) return off('external', 'JAAS_PRIVATE_KEY', 'missing');
    const pem = live.jaasPrivateKey.replace(/\\n/g, '\n');
    const key = await importPKCS8(pem, 'RS256').catch(() => null);
    if (!key) return off('external', 'JAAS_PRIVATE_KEY', 'invalid');
    return { provider: jaasProvider({ appId: live.jaasAppId, keyId: live.jaasKeyId }, key), status: { mode: 'jaas', problem: null } };
  }
  if (live.jitsiDomain || live.jitsiAppId || live.jitsiAppSecret) {
    if (!live.jitsiDomain) return off('external', 'JITSI_DOMAIN', 'missing');
    if (!HOST.test(live.jitsiDomain)) return off('external', 'JITSI_DOMAIN', 'invalid');
    if (!live.jitsiAppId) return off('external', 'JITSI_APP_ID', 'missing');
    if (!live.jitsiAppSecret) return off('external', 'JITSI_APP_SECRET', 'missing');
    // HS256 with a short secret can be guessed offline from any token a student holds.
    if (live.jitsiAppSecret.length < 32) return off('external', 'JITSI_APP_SECRET', 'invalid');
    return {
      provider: jitsiProvider({ domain: live.jitsiDomain, appId: live.jitsiAppId, secret: live.jitsiAppSecret }),
      status: { mode: 'jitsi', problem: null },
    };
  }
  return { provider: null, status: { mode: 'external', problem: null } };
}
