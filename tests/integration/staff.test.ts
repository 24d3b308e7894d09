import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers, teachers } from '@server/core/db/schema';
import { browser } from './browser';
import { inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { startIn } from './live-helpers';
import { invitationLink, inviteAs, staffMember, tokenOf } from './staff-helpers';

/*
 * Issue 28: invitations (single-use, expiring, revocable), seats by plan, a person on several platforms, a staff
 * member of teacher A with teacher B's IDs, a role change or removal ending sessions, the audit by person, a
 * downgrade naming who must go, the live host's moderator token.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    JITSI_DOMAIN: 'meet.example.dz',
    JITSI_APP_ID: 'darsi',
    JITSI_APP_SECRET: 'a-jitsi-app-secret-of-32-characters-or-more',
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const codeOf = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;
let n = 0;
const email = () => `person-${(n += 1)}-${Date.now()}@example.test`;

async function batchOf(teacher: TTeacher) {
  const { courseId, planIds } = await publishedCourse(teacher, { lessons: 1 });
  const batch = await teacher.b.json(await teacher.b.post('/api/codes/teacher/batches', { courseId, planId: planIds[0], count: 2, validUntil: inDays(30) }));
  const { codes } = await teacher.b.json(await teacher.b.get(`/api/codes/teacher/batches/${batch.id as string}/codes`));
  return { courseId, planId: planIds[0]!, batchId: batch.id as string, codeIds: (codes as Array<{ id: string }>).map((c) => c.id) };
}

describe(`teaching staff on ${DRIVER}`, () => {
  it('gives no seat on independent, 3 on academy, 10 on institution; a revoked invitation frees its seat', async () => {
    const solo = await registerTeacher(t, 'independent');
    const refused = await inviteAs(solo, email(), 'assistant');
    expect(refused.status).toBe(402);
    expect(await codeOf(refused)).toBe('STAFF_SEATS_FULL');
    const academy = await registerTeacher(t, 'academy');
    for (let i = 0; i < 3; i += 1) expect((await inviteAs(academy, email(), 'assistant')).status).toBe(201);
    const full = await inviteAs(academy, email(), 'assistant');
    expect(full.status).toBe(402);
    expect(((await full.json()) as { error: { message: string } }).error.message).toContain('3');
    const team = await academy.b.json(await academy.b.get('/api/staff/teacher/team'));
    expect(team.seats).toMatchObject({ invitations: 3, limit: 3 });
    const revoked = await academy.b.post(`/api/staff/teacher/invitations/${team.invitations[0].id as string}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await inviteAs(academy, email(), 'live_host')).status).toBe(201);
    const institution = await registerTeacher(t, 'institution');
    const seats = await institution.b.json(await institution.b.get('/api/staff/teacher/team'));
    expect(seats.seats.limit).toBe(10);
  });

  it('refuses a revoked, an expired and an already used link', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const revokedEmail = email();
    await inviteAs(teacher, revokedEmail, 'assistant');
    const { invitations } = await teacher.b.json(await teacher.b.get('/api/staff/teacher/team'));
    await teacher.b.post(`/api/staff/teacher/invitations/${invitations[0].id as string}/revoke`);
    const revoked = await browser(t).post('/api/staff/invitations/accept', {
      token: tokenOf(invitationLink(t, revokedEmail)),
      name: 'س',
      password: 'staff-pass-123',
    });
    expect(await codeOf(revoked)).toBe('STAFF_INVITATION_INVALID');

    const usedEmail = email();
    await inviteAs(teacher, usedEmail, 'assistant');
    const token = tokenOf(invitationLink(t, usedEmail));
    expect((await browser(t).post('/api/staff/invitations/accept', { token, name: 'أمين', password: 'staff-pass-123' })).status).toBe(200);
    const again = await browser(t).post('/api/staff/invitations/accept', { token, name: 'أمين', password: 'staff-pass-123' });
    expect(again.status).toBe(410);

    const lateEmail = email();
    await inviteAs(teacher, lateEmail, 'assistant');
    const realNow = t.services.clock.now;
    t.services.clock.now = () => new Date(Date.now() + 8 * 86_400_000);
    try {
      const late = await browser(t).post('/api/staff/invitations/preview', { token: tokenOf(invitationLink(t, lateEmail)) });
      expect(await codeOf(late)).toBe('STAFF_INVITATION_INVALID');
    } finally {
      t.services.clock.now = realNow;
    }
  });

  it('lets a student of another platform accept with their account, sign in where teachers do and switch platforms', async () => {
    const a = await registerTeacher(t, 'academy');
    const b = await registerTeacher(t, 'academy');
    const student = await quickStudent(t, b);
    // Signed in as someone else: refused.
    const other = await quickStudent(t, a);
    await inviteAs(a, student.email, 'assistant');
    const wrong = await other.b.post('/api/staff/invitations/accept', { token: tokenOf(invitationLink(t, student.email)) });
    expect(await codeOf(wrong)).toBe('STAFF_WRONG_ACCOUNT');
    const accepted = await student.b.post('/api/staff/invitations/accept', { token: tokenOf(invitationLink(t, student.email)) });
    expect(accepted.status).toBe(200);
    const session = await student.b.session();
    expect(session).toMatchObject({ isTeacher: true, teacher: { id: a.id }, staff: { role: 'assistant' }, student: { platforms: [{ id: b.id }] } });
    // Staff on B too, as a content editor: the switcher lists both and the choice is where requests act.
    await inviteAs(b, student.email, 'content_editor');
    expect((await student.b.post('/api/staff/invitations/accept', { token: tokenOf(invitationLink(t, student.email)) })).status).toBe(200);
    const { platforms } = await student.b.json(await student.b.get('/api/staff/platforms'));
    expect(platforms.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect((await student.b.post('/api/staff/platforms/current', { teacherId: a.id })).status).toBe(200);
    expect((await student.b.get('/api/subscriptions/teacher/students')).status).toBe(200);
    expect((await student.b.post('/api/staff/platforms/current', { teacherId: b.id })).status).toBe(200);
    expect(await codeOf(await student.b.get('/api/subscriptions/teacher/students'))).toBe('STAFF_FORBIDDEN');
    expect((await student.b.get('/api/courses/teacher/courses')).status).toBe(200);
  });

  it('keeps a staff member of teacher A away from teacher B: B’s IDs are not found, B cannot be chosen', async () => {
    const a = await registerTeacher(t, 'academy');
    const b = await registerTeacher(t, 'academy');
    const assistant = await staffMember(t, a, 'assistant');
    const theirs = await batchOf(b);
    const res = await assistant.b.post(`/api/codes/teacher/codes/${theirs.codeIds[0]!}/sold`);
    expect(res.status).toBe(404);
    expect(await codeOf(await assistant.b.post('/api/staff/platforms/current', { teacherId: b.id }))).toBe('STAFF_NOT_FOUND');
    // A forged platform cookie is not a membership: the guard keeps acting for A.
    await assistant.b.jar.setCookie(`darsi_platform=${b.id}; Path=/`, `http://${t.config.publicHost}/`);
    expect((await assistant.b.post(`/api/codes/teacher/codes/${theirs.codeIds[0]!}/sold`)).status).toBe(404);
    const ours = await batchOf(a);
    expect((await assistant.b.post(`/api/codes/teacher/codes/${ours.codeIds[0]!}/sold`)).status).toBe(200);
  });

  it('records every staff action in the teacher’s log, which the teacher filters by person', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const assistant = await staffMember(t, teacher, 'assistant');
    const { codeIds } = await batchOf(teacher);
    expect((await assistant.b.post(`/api/codes/teacher/codes/${codeIds[1]!}/sold`)).status).toBe(200);
    const log = await teacher.b.json(await teacher.b.get(`/api/staff/teacher/audit?person=${assistant.userId}`));
    const actions = (log.entries as Array<{ action: string; actorUserId: string }>).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['codes.code_sold', 'staff.action', 'staff.joined']));
    expect(new Set((log.entries as Array<{ actorUserId: string }>).map((e) => e.actorUserId))).toEqual(new Set([assistant.userId]));
    expect(log.people.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([assistant.userId, teacher.userId]));
    // The assistant cannot read the log, the money or the settings.
    for (const path of ['/api/staff/teacher/audit', '/api/revenue/teacher/summary', '/api/payments/teacher/card-settings', '/api/accounts/teacher/contact'])
      expect(await codeOf(await assistant.b.get(path)), path).toBe('STAFF_FORBIDDEN');
  });

  it('records an owner-role member who changes the team as the actor, not the teacher', async () => {
    const teacher = await registerTeacher(t, 'institution');
    const owner = await staffMember(t, teacher, 'owner');
    const helper = await staffMember(t, teacher, 'assistant');
    const leaving = await staffMember(t, teacher, 'live_host');
    expect((await inviteAs(owner, email(), 'content_editor')).status).toBe(201);
    const { invitations } = await owner.b.json(await owner.b.get('/api/staff/teacher/team'));
    expect((await owner.b.post(`/api/staff/teacher/invitations/${invitations[0].id as string}/revoke`)).status).toBe(200);
    expect((await owner.b.patch(`/api/staff/teacher/members/${helper.memberId}`, { role: 'content_editor' })).status).toBe(200);
    expect((await owner.b.delete(`/api/staff/teacher/members/${leaving.memberId}`)).status).toBe(200);
    const team = ['staff.invited', 'staff.invitation_revoked', 'staff.role_changed', 'staff.removed'];
    type TEntry = { action: string; actorUserId: string; actorRole: string; actorName: string };
    const { entries } = await teacher.b.json(await teacher.b.get('/api/staff/teacher/audit'));
    const changes = (entries as TEntry[]).filter((e) => team.includes(e.action) && !(e.action === 'staff.invited' && e.actorUserId === teacher.userId));
    expect(changes.map((e) => e.action).sort()).toEqual([...team].sort());
    for (const e of changes) expect(e, e.action).toMatchObject({ actorUserId: owner.userId, actorRole: 'staff', actorName: 'عضو owner' });
    // The teacher's own invitations stay the teacher's.
    const own = (entries as TEntry[]).filter((e) => e.action === 'staff.invited' && e.actorUserId === teacher.userId);
    expect(own).toHaveLength(3);
    expect(own.every((e) => e.actorRole === 'teacher')).toBe(true);
    // Filtered by the owner-role member: their team changes are there.
    const theirs = await teacher.b.json(await teacher.b.get(`/api/staff/teacher/audit?person=${owner.userId}`));
    expect((theirs.entries as TEntry[]).map((e) => e.action)).toEqual(expect.arrayContaining(team));
  });

  it('ends a member’s sessions at once when their role changes or they are removed', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const member = await staffMember(t, teacher, 'assistant');
    expect((await member.b.get('/api/subscriptions/teacher/students')).status).toBe(200);
    expect((await teacher.b.patch(`/api/staff/teacher/members/${member.memberId}`, { role: 'content_editor' })).status).toBe(200);
    expect(await member.b.session()).toBeNull();
    expect((await member.b.get('/api/subscriptions/teacher/students')).status).toBe(401);
    const other = await staffMember(t, teacher, 'live_host');
    expect((await teacher.b.delete(`/api/staff/teacher/members/${other.memberId}`)).status).toBe(200);
    expect(await other.b.session()).toBeNull();
    expect(await t.database.db.select().from(staffMembers).where(eq(staffMembers.id, other.memberId))).toEqual([]);
  });

  it('refuses a smaller plan that holds fewer staff, naming who must go', async () => {
    const teacher = await registerTeacher(t, 'institution');
    const members = [];
    for (let i = 0; i < 4; i += 1) members.push(await staffMember(t, teacher, 'assistant'));
    const res = await teacher.b.post('/api/billing/teacher/invoices', { plan: 'academy', period: 'monthly', method: 'transfer' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; details: { names: string } } };
    expect(body.error.code).toBe('STAFF_OVER_SEATS');
    expect(body.error.details.names.split(',')).toHaveLength(1);
    const [row] = await t.database.db.select().from(teachers).where(eq(teachers.id, teacher.id));
    expect(row!.plan).toBe('institution');
  });

  it('gives the live host a moderator token; an assistant reads attendance but cannot run the session', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const host = await staffMember(t, teacher, 'live_host');
    const assistant = await staffMember(t, teacher, 'assistant');
    const { courseId } = await publishedCourse(teacher, { lessons: 1 });
    const created = await teacher.b.json(
      await teacher.b.post('/api/live/teacher/sessions', { title: 'حصة', courseId, startsAt: startIn(30), durationMinutes: 60 }),
    );
    const sessionId = (created.sessionIds as string[])[0]!;
    const joined = await host.b.json(await host.b.post(`/api/live/teacher/sessions/${sessionId}/join`));
    const claims = decodeJwt(joined.join.jwt as string) as { context: { user: { id: string; moderator: string } } };
    expect(claims.context.user).toMatchObject({ id: host.userId, moderator: 'true' });
    expect(await codeOf(await assistant.b.post(`/api/live/teacher/sessions/${sessionId}/join`))).toBe('STAFF_FORBIDDEN');
    expect((await assistant.b.get(`/api/live/teacher/sessions/${sessionId}/attendance/csv`)).status).toBe(200);
  });
});
