import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { students, user } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { errorCode, liveClass, MINUTE, startIn } from './live-helpers';

/*
 * Issue 23.3: "one device per student" reaches the meeting. Each join and each heartbeat gets its own
 * short-lived token bound to the lease; names come from the account, marked as a student's; a device that lost
 * its lease gets no new token, so the one it holds dies within minutes (decision 114).
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    JITSI_DOMAIN: 'meet.example.dz',
    JITSI_APP_ID: 'darsi',
    JITSI_APP_SECRET: 'a-jitsi-app-secret-of-32-characters-or-more',
  });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
});

type TClaims = { jti: string; exp: number; nbf: number; lease: string; context: { user: { id: string; name: string; moderator: string } } };
const claims = (jwt: string) => decodeJwt(jwt) as unknown as TClaims;
type TB = { post: (u: string, body?: unknown) => Promise<Response>; json: (r: Response) => Promise<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function embeddedSession(c: Awaited<ReturnType<typeof liveClass>>) {
  const res = await c.teacher.b.post('/api/live/teacher/sessions', {
    title: 'حصة مدمجة',
    courseId: c.course.courseId,
    startsAt: startIn(5),
    durationMinutes: 60,
  });
  return ((await res.json()) as { sessionIds: string[] }).sessionIds[0]!;
}
const join = async (b: TB, id: string, deviceId: string) =>
  (await b.json(await b.post(`/api/live/student/sessions/${id}/join`, { deviceId }))) as { join: { jwt: string } };
const beat = (b: TB, id: string, deviceId: string) => b.post(`/api/live/student/sessions/${id}/heartbeat`, { deviceId });

describe(`live meeting tokens on ${DRIVER}`, () => {
  it('gives every join its own short token bound to the lease, and the name of the account marked as a student', async () => {
    const c = await liveClass(t);
    // A student who calls themselves "the teacher" on their account still shows as a student.
    await t.database.db.update(students).set({ name: 'الأستاذ كريم' }).where(eq(students.id, c.a.id));
    await t.database.db.update(user).set({ language: 'en' }).where(eq(user.id, c.b.id));
    const id = await embeddedSession(c);

    const before = Math.floor(Date.now() / 1000);
    const [first, second] = await Promise.all([join(c.a.b, id, 'device-one-0001'), join(c.a.b, id, 'device-one-0001')]);
    const [one, two] = [claims(first.join.jwt), claims(second.join.jwt)];
    expect(first.join.jwt).not.toBe(second.join.jwt);
    expect(one.jti).not.toBe(two.jti);
    expect(one.lease).toBe(two.lease);
    // Minutes, not "until 30 minutes after the session".
    expect(one.exp - before).toBeLessThanOrEqual(5 * 60 + 1);
    expect(one.exp - before).toBeGreaterThanOrEqual(4 * 60);
    expect(one.nbf).toBeLessThanOrEqual(before);
    expect(one.context.user).toMatchObject({ id: c.a.id, name: 'الأستاذ كريم · من الطلاب', moderator: 'false' });
    // In the student's own language.
    expect(claims((await join(c.b.b, id, 'device-b-0001')).join.jwt).context.user.name).toBe(`${c.b.name} · student`);
  });

  it('refreshes the token at each heartbeat, and a replaced device gets none: its token dies within minutes', async () => {
    const c = await liveClass(t);
    const id = await embeddedSession(c);
    const first = await join(c.a.b, id, 'device-one-0001');

    t.services.clock.now = () => new Date(Date.now() + 3 * MINUTE);
    const renewed = await beat(c.a.b, id, 'device-one-0001');
    expect(renewed.status).toBe(200);
    const fresh = (await renewed.json()) as { ended: boolean; jwt: string };
    expect(fresh.ended).toBe(false);
    expect(claims(fresh.jwt).jti).not.toBe(claims(first.join.jwt).jti);
    expect(claims(fresh.jwt).exp).toBeGreaterThan(claims(first.join.jwt).exp + 2 * 60);
    expect(claims(fresh.jwt).lease).toBe(claims(first.join.jwt).lease);

    // A second device takes over: its token names another lease; the first device's heartbeat gets a 409 and
    // no token, so the newest token it holds is expired five minutes after its last heartbeat.
    const second = await join(c.a.b, id, 'device-two-0002');
    expect(claims(second.join.jwt).lease).not.toBe(claims(first.join.jwt).lease);
    const refused = await beat(c.a.b, id, 'device-one-0001');
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(JSON.parse(body).error.code).toBe('LIVE_DEVICE_REPLACED');
    expect(body).not.toContain('jwt');
    expect(claims(fresh.jwt).exp * 1000).toBeLessThanOrEqual(t.services.clock.now().getTime() + 5 * MINUTE + 1000);
  });

  it('hands out no token in link mode and none after the end', async () => {
    const c = await liveClass(t);
    const res = await c.teacher.b.post('/api/live/teacher/sessions', {
      title: 'حصة برابط',
      courseId: c.course.courseId,
      startsAt: startIn(5),
      durationMinutes: 30,
      externalUrl: 'https://meet.google.com/abc-defg-hij',
    });
    const id = ((await res.json()) as { sessionIds: string[] }).sessionIds[0]!;
    expect((await c.a.b.json(await c.a.b.post(`/api/live/student/sessions/${id}/join`, { deviceId: 'device-one-0001' }))).join.kind).toBe('external');
    expect(await (await beat(c.a.b, id, 'device-one-0001')).json()).toEqual({ ended: false });

    const embedded = await embeddedSession(c);
    await join(c.a.b, embedded, 'device-one-0001');
    t.services.clock.now = () => new Date(Date.now() + 66 * MINUTE);
    const late = await beat(c.a.b, embedded, 'device-one-0001');
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ ended: true });
    // And another student's device id gets nothing either.
    expect(await errorCode(await beat(c.b.b, embedded, 'device-one-0001'))).toBe('LIVE_DEVICE_REPLACED');
  });
});
