import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TConfig } from '@server/core/config';
import { resolveProvider, roomOf, STUDENT_TOKEN_MS, TOKEN_MARGIN_MS, type TJoinSession } from './provider';

const none: TConfig['live'] = {
  jitsiDomain: undefined,
  jitsiAppId: undefined,
  jitsiAppSecret: undefined,
  jaasAppId: undefined,
  jaasKeyId: undefined,
  jaasPrivateKey: undefined,
  kickUrl: undefined,
  asapKeyId: undefined,
  asapPrivateKey: undefined,
};
const SECRET = 'a-jitsi-app-secret-of-32-characters-or-more';
const now = new Date('2026-12-01T17:00:00Z');
const session: TJoinSession = {
  id: '5b0b9d8e-0a51-4f3e-9d5e-1d7a1f6c2b10',
  startsAt: new Date('2026-12-01T17:05:00Z'),
  durationMinutes: 90,
  lobby: true,
  externalUrl: null,
};
const user = { id: 'u1', name: 'سارة', email: 'sara@example.test', avatar: null };
const endSeconds = (session.startsAt.getTime() + 90 * 60_000 + TOKEN_MARGIN_MS) / 1000;
const lease = { studentId: 'u1', deviceId: 'device-one-0001' };
const studentExp = (now.getTime() + STUDENT_TOKEN_MS) / 1000;

describe('self-hosted Jitsi tokens (HS256)', async () => {
  const { provider, status } = await resolveProvider({ ...none, jitsiDomain: 'meet.example.dz', jitsiAppId: 'darsi', jitsiAppSecret: SECRET });

  it('names the room, the app and the domain; a student token lives minutes, is unique and names its lease', async () => {
    expect(status).toEqual({ mode: 'jitsi', problem: null });
    const join = await provider!.mintJoin(session, user, 'student', now, lease);
    expect(join).toMatchObject({
      kind: 'jitsi',
      domain: 'meet.example.dz',
      roomName: roomOf(session.id),
      scriptUrl: 'https://meet.example.dz/external_api.js',
      lobby: true,
    });
    if (join.kind !== 'jitsi') throw new Error('jitsi expected');
    const { payload, protectedHeader } = await jwtVerify(join.jwt, new TextEncoder().encode(SECRET), {
      issuer: 'darsi',
      audience: 'jitsi',
      subject: 'meet.example.dz',
      currentDate: now,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.room).toBe(`darsi-${session.id}`);
    // Five minutes from now (issue 23.3: it used to live until 30 minutes after the session), from a minute ago.
    expect(payload.exp).toBe(studentExp);
    expect(payload.nbf).toBe((now.getTime() - 60_000) / 1000);
    expect(payload.context).toEqual({ user: { id: 'u1', name: 'سارة', email: 'sara@example.test', moderator: 'false', affiliation: 'member' } });
    expect(payload.lease).toMatch(/^[\w-]{22}$/);
    // Two joins in the same second get two different tokens; another device's lease another digest.
    const again = await provider!.mintJoin(session, user, 'student', now, lease);
    const other = await provider!.mintJoin(session, user, 'student', now, { ...lease, deviceId: 'device-two-0002' });
    if (again.kind !== 'jitsi' || other.kind !== 'jitsi') throw new Error('jitsi expected');
    const [second, third] = await Promise.all(
      [again, other].map(async (j) => (await jwtVerify(j.jwt, new TextEncoder().encode(SECRET), { currentDate: now })).payload),
    );
    expect(again.jwt).not.toBe(join.jwt);
    expect(typeof payload.jti).toBe('string');
    expect(second!.jti).not.toBe(payload.jti);
    expect(second!.lease).toBe(payload.lease);
    expect(third!.lease).not.toBe(payload.lease);
  });

  it("never outlives the session's end plus the margin, and a teacher's lasts until then", async () => {
    const late = new Date(endSeconds * 1000 - 60_000);
    const join = await provider!.mintJoin(session, user, 'student', late, lease);
    const teacher = await provider!.mintJoin(session, user, 'teacher', now, null);
    if (join.kind !== 'jitsi' || teacher.kind !== 'jitsi') throw new Error('jitsi expected');
    expect((await jwtVerify(join.jwt, new TextEncoder().encode(SECRET), { currentDate: late })).payload.exp).toBe(endSeconds);
    const { payload } = await jwtVerify(teacher.jwt, new TextEncoder().encode(SECRET), { currentDate: now });
    expect(payload.exp).toBe(endSeconds);
    // Usable from when the join button opens (10 minutes before), less a minute of clock skew.
    expect(payload.nbf).toBe((session.startsAt.getTime() - 10 * 60_000 - 60_000) / 1000);
    expect(payload.lease).toBeUndefined();
  });

  it('makes only the teacher a moderator, and carries the avatar when there is one', async () => {
    const join = await provider!.mintJoin(session, { ...user, avatar: 'https://cdn.example/a.png' }, 'teacher', now, null);
    if (join.kind !== 'jitsi') throw new Error('jitsi expected');
    const { payload } = await jwtVerify(join.jwt, new TextEncoder().encode(SECRET), { audience: 'jitsi', currentDate: now });
    expect((payload.context as { user: Record<string, string> }).user).toMatchObject({
      moderator: 'true',
      affiliation: 'owner',
      avatar: 'https://cdn.example/a.png',
    });
  });

  it("is refused by a verifier five minutes on (a replaced device's token dies with its lease) and before its nbf", async () => {
    const join = await provider!.mintJoin(session, user, 'student', now, lease);
    if (join.kind !== 'jitsi') throw new Error('jitsi expected');
    const key = new TextEncoder().encode(SECRET);
    await expect(jwtVerify(join.jwt, key, { currentDate: new Date((studentExp + 1) * 1000) })).rejects.toThrow(/exp/);
    await expect(jwtVerify(join.jwt, key, { currentDate: new Date(now.getTime() - 3_600_000) })).rejects.toThrow(/nbf/);
  });
});

describe('8x8 JaaS tokens (RS256 with kid)', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const appId = 'vpaas-magic-cookie-0123456789abcdef';
  // Operators often paste the key on one line with \n for the line breaks.
  const { provider, status } = await resolveProvider({ ...none, jaasAppId: appId, jaasKeyId: 'key1', jaasPrivateKey: pem.replace(/\n/g, '\\n') });

  it('signs for the app with kid AppID/keyId, room in the claims and AppID/room in the IFrame', async () => {
    expect(status).toEqual({ mode: 'jaas', problem: null });
    const join = await provider!.mintJoin(session, user, 'student', now, lease);
    if (join.kind !== 'jitsi') throw new Error('jitsi expected');
    expect(join).toMatchObject({ domain: '8x8.vc', roomName: `${appId}/darsi-${session.id}`, scriptUrl: `https://8x8.vc/${appId}/external_api.js` });
    expect(decodeProtectedHeader(join.jwt)).toMatchObject({ alg: 'RS256', kid: `${appId}/key1` });
    const { payload } = await jwtVerify(join.jwt, createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })), {
      issuer: 'chat',
      audience: 'jitsi',
      subject: appId,
      currentDate: now,
    });
    expect(payload.room).toBe(`darsi-${session.id}`);
    expect(payload.exp).toBe(studentExp);
    expect(typeof payload.nbf).toBe('number');
    expect(typeof payload.jti).toBe('string');
    const context = payload.context as { user: Record<string, string>; features: Record<string, string> };
    expect(context.user.moderator).toBe('false');
    expect(context.features.recording).toBe('false');
  });

  it('gives moderation and recording to the teacher only', async () => {
    const join = await provider!.mintJoin(session, user, 'teacher', now, null);
    if (join.kind !== 'jitsi') throw new Error('jitsi expected');
    const { payload } = await jwtVerify(join.jwt, createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })), { currentDate: now });
    const context = payload.context as { user: Record<string, string>; features: Record<string, string> };
    expect(context.user.moderator).toBe('true');
    expect(context.features.recording).toBe('true');
  });
});

describe('provider settings', () => {
  it('is external links when nothing is set', async () => {
    expect((await resolveProvider(none)).status).toEqual({ mode: 'external', problem: null });
  });

  it('names the missing or wrong setting instead of failing', async () => {
    const cases: Array<[Partial<TConfig['live']>, string, string]> = [
      [{ jitsiDomain: 'meet.example.dz', jitsiAppId: 'darsi' }, 'JITSI_APP_SECRET', 'missing'],
      [{ jitsiDomain: 'meet.example.dz', jitsiAppId: 'darsi', jitsiAppSecret: 'short' }, 'JITSI_APP_SECRET', 'invalid'],
      [{ jitsiDomain: 'https://meet.example.dz/', jitsiAppId: 'darsi', jitsiAppSecret: SECRET }, 'JITSI_DOMAIN', 'invalid'],
      [{ jitsiAppId: 'darsi', jitsiAppSecret: SECRET }, 'JITSI_DOMAIN', 'missing'],
      [{ jaasAppId: 'vpaas-magic-cookie-x', jaasKeyId: 'k' }, 'JAAS_PRIVATE_KEY', 'missing'],
      [{ jaasAppId: 'vpaas-magic-cookie-x', jaasKeyId: 'k', jaasPrivateKey: 'not a key' }, 'JAAS_PRIVATE_KEY', 'invalid'],
    ];
    for (const [settings, setting, reason] of cases) {
      const { provider, status } = await resolveProvider({ ...none, ...settings });
      expect(provider).toBeNull();
      expect(status).toEqual({ mode: 'external', problem: { setting, reason } });
    }
  });
});
