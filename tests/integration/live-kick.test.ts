import { createHash, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { liveClass, startIn } from './live-helpers';

/*
 * Issue 23.3, decision 141: when a student joins from a second device, Darsi removes the first device's occupant
 * from the Jitsi room. The meeting server is a local stand-in that speaks the protocol of Jitsi's Prosody module
 * mod_muc_kick_participant: `PUT /kick-participant?room=…`, `Authorization: Bearer <ASAP token>` checked with the
 * public key found at `{sha256(kid)}.pem` (RS256, `iss` and `aud` accepted), a JSON body naming `participantId`
 * (the occupant's resource); 200 when removed, 404 when no such occupant, 400 on a malformed request.
 */

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'darsi-kick-1';
/** What prosody_password_public_key_repo_url serves: the PEM under the sha256 of the key id. */
const keyRepo = new Map([[`${createHash('sha256').update(KID).digest('hex')}.pem`, publicKey.export({ type: 'spki', format: 'pem' }).toString()]]);

type TCall = { status: number; room: string | null; participantId: unknown; claims: Record<string, unknown> | null };
const rooms = new Map<string, Set<string>>();
const calls: TCall[] = [];

async function verifyAsap(header: string | undefined) {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  if (!token) return null;
  const { kid } = decodeProtectedHeader(token);
  const pem = kid ? keyRepo.get(`${createHash('sha256').update(kid).digest('hex')}.pem`) : undefined;
  if (!pem) return null;
  const { payload } = await jwtVerify(token, await importSPKI(pem, 'RS256'), { algorithms: ['RS256'], issuer: 'darsi', audience: 'jitsi' }).catch(() => ({
    payload: null,
  }));
  return payload as Record<string, unknown> | null;
}

const meeting = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://meet');
      const room = url.searchParams.get('room');
      const claims = await verifyAsap(req.headers.authorization);
      const parsed = (() => {
        try {
          return JSON.parse(body) as { participantId?: unknown };
        } catch {
          return null;
        }
      })();
      const participantId = parsed?.participantId;
      let status = 200;
      if (req.method !== 'PUT' || url.pathname !== '/kick-participant') status = 404;
      else if (req.headers['content-type'] !== 'application/json' || typeof participantId !== 'string' || !room) status = 400;
      else if (!claims) status = 403;
      else if (!rooms.get(room)?.delete(participantId)) status = 404;
      calls.push({ status, room, participantId, claims });
      res.writeHead(status).end();
    })();
  });
});

let t: TTestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => meeting.listen(0, '127.0.0.1', resolve));
  const port = (meeting.address() as AddressInfo).port;
  t = await createTestApp({
    JITSI_DOMAIN: 'meet.example.dz',
    JITSI_APP_ID: 'darsi',
    JITSI_APP_SECRET: 'a-jitsi-app-secret-of-32-characters-or-more',
    JITSI_KICK_URL: `http://127.0.0.1:${port}/kick-participant`,
    JITSI_ASAP_KEY_ID: KID,
    JITSI_ASAP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  await t.services.jobs.start();
});
afterAll(async () => {
  await t.close();
  meeting.close();
});

describe(`a replaced device leaves the Jitsi room on ${DRIVER}`, () => {
  it('asks the meeting server to remove the first device once a second device joins, with a signed request', async () => {
    const c = await liveClass(t);
    const created = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة مدمجة',
      courseId: c.course.courseId,
      startsAt: startIn(5),
      durationMinutes: 60,
    });
    const id = ((await created.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const room = `darsi-${id}`;
    rooms.set(room, new Set(['teacher01', 'a1b2c3d4']));
    const b = c.a.b;
    expect((await b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'phone-device-01' })).status).toBe(200);
    // The page reports its occupant id (the IFrame's videoConferenceJoined) with its heartbeat.
    expect((await b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'phone-device-01', participantId: 'a1b2c3d4' })).status).toBe(200);
    // A hostile id is refused before anything is stored.
    expect((await b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'phone-device-01', participantId: '../x"' })).status).toBe(400);
    // A reload on the same device is no replacement: nobody is removed.
    expect((await b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'phone-device-01' })).status).toBe(200);
    expect((await b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'phone-device-01', participantId: 'a1b2c3d4' })).status).toBe(200);

    expect((await b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'laptop-device-02' })).status).toBe(200);
    await expect.poll(() => rooms.get(room)?.has('a1b2c3d4'), { timeout: 30_000 }).toBe(false);
    expect(rooms.get(room)).toEqual(new Set(['teacher01']));
    const kicks = calls.filter((x) => x.room === room);
    expect(kicks).toHaveLength(1);
    expect(kicks[0]).toMatchObject({ status: 200, participantId: 'a1b2c3d4', claims: { iss: 'darsi', aud: 'jitsi', sub: 'meet.example.dz', room } });
    expect(Number(kicks[0]!.claims!.exp) - Number(kicks[0]!.claims!.iat)).toBeLessThanOrEqual(60);
    // The replaced device's heartbeat is refused, as before.
    expect((await b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'phone-device-01' })).status).toBe(409);
  });

  it('does not call the meeting server for a device that never reported an occupant', async () => {
    const c = await liveClass(t);
    const created = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة ثانية',
      courseId: c.course.courseId,
      startsAt: startIn(5),
      durationMinutes: 60,
    });
    const id = ((await created.json()) as { sessionIds: string[] }).sessionIds[0]!;
    const before = calls.length;
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'phone-device-01' })).status).toBe(200);
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'laptop-device-02' })).status).toBe(200);
    // A third join that does replace a reporting device is the marker that the queue has run past this point.
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId: 'laptop-device-02', participantId: 'ffff0000' })).status).toBe(200);
    rooms.set(`darsi-${id}`, new Set(['ffff0000']));
    expect((await c.a.b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'tablet-device-03' })).status).toBe(200);
    await expect.poll(() => calls.length, { timeout: 30_000 }).toBe(before + 1);
    expect(calls.at(-1)).toMatchObject({ status: 200, participantId: 'ffff0000' });
  });
});
