import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEmails, notifications, user } from '@server/core/db/schema';
import { createJobQueue } from '@server/core/jobs/queue';
import { unsubscribeSignature } from '@server/notifications/links';
import type { TMailer } from '@server/core/mailer';
import { createServices } from '@server/services';
import { quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type TStudent = Awaited<ReturnType<typeof quickStudent>>;
const sendCode = (s: TStudent, teacher: TTeacher, code = '482913') => s.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code });
const unread = async (b: TStudent['b'], host?: string) =>
  (await b.json(await b.get(`${host ? `http://${host}` : ''}/api/notifications/unread`))).unread as number;

/** Runs the queued notification e-mails as the worker would; `services`: another instance on the same database. */
async function runEmailJobs(services = t.services) {
  const jobs = (await t.services.jobs.boss.findJobs('notifications.email')) as unknown as Array<{ data: { ids: string[] } }>;
  let sent = 0;
  for (const job of jobs) sent += (await services.notifications.jobs.sendNotificationEmails(job.data.ids)).sent;
  return sent;
}

/** Another instance on the same database, with its own mailer if given. */
function instance(mailer?: TMailer) {
  const logger = pino({ level: 'silent' });
  return createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger, ...(mailer ? { mailer } : {}) });
}

/** An instance whose mail server is down; `tried` lists the addresses it attempted. */
function mailServerDown() {
  const tried: string[] = [];
  const services = instance({
    ...t.services.mailer,
    send: async (mail) => {
      tried.push(mail.to);
      throw new Error('SMTP down');
    },
  });
  return { services, tried };
}

describe(`notification centre on ${DRIVER}`, () => {
  it('tells the teacher a code waits in the app; a message is e-mailed once, even when a restarted instance runs the job again', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    expect(await unread(teacher.b)).toBe(0);
    expect((await sendCode(student, teacher)).status).toBe(200);
    // The same request again is the same event: nothing new.
    await sendCode(student, teacher);

    expect(await unread(teacher.b)).toBe(1);
    expect(await unread(other.b)).toBe(0);
    const list = await teacher.b.json(await teacher.b.get('/api/notifications'));
    expect(list.items).toEqual([
      expect.objectContaining({ kind: 'codeRequest', params: { student: student.name }, link: '/teacher/codes#code-requests', readAt: null }),
    ]);

    // The hourly "codes wait" e-mail stays that domain's (waiting-mail.ts): the notification adds none.
    expect(await runEmailJobs()).toBe(0);

    // A kind with its own e-mail (a student's message): sent once, and never again after a restart.
    expect((await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body: 'سؤال عن الدرس الأول' })).status).toBe(201);
    const [account] = await t.database.db.select().from(user).where(eq(user.id, teacher.userId));
    const [messageRow] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, teacher.userId), eq(notifications.kind, 'message')));
    expect(await runEmailJobs()).toBe(1);
    const logger = pino({ level: 'silent' });
    const restarted = createServices({ config: t.config, db: t.database.db, jobs: createJobQueue(t.database.jobBackend, logger), logger });
    expect(await runEmailJobs(restarted)).toBe(0);
    expect(await runEmailJobs()).toBe(0);
    const claims = await t.database.db
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.key, `n:${messageRow!.id}`));
    expect(claims).toHaveLength(1);
    const mails = t.services.mailer.recent.filter((m) => m.to === account!.email && m.text.includes('سؤال عن الدرس الأول'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/api/notifications/unsubscribe?u=');
  });

  it('tells the student the decision; read one, read all; another person cannot mark it', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const stranger = await quickStudent(t, teacher);
    await sendCode(student, teacher, '771204');
    const requests = await teacher.b.json(await teacher.b.get('/api/codes/teacher/code-requests'));
    expect((await teacher.b.post(`/api/codes/teacher/code-requests/${requests.requests[0].id}/reject`)).status).toBe(200);

    expect(await unread(student.b)).toBe(1);
    const mine = await student.b.json(await student.b.get('/api/notifications'));
    expect(mine.items[0]).toMatchObject({ kind: 'codeDecided', params: { context: 'refused', last2: '04' }, platform: teacher.subdomain });
    expect((await stranger.b.post(`/api/notifications/${mine.items[0].id}/read`)).status).toBe(200);
    expect(await unread(student.b)).toBe(1);
    await student.b.post(`/api/notifications/${mine.items[0].id}/read`);
    expect(await unread(student.b)).toBe(0);
    expect((await student.b.post('/api/notifications/read-all')).status).toBe(200);
    expect((await t.request('/api/notifications')).status).toBe(401);
  });

  it('respects preferences per kind: nothing shown, no e-mail', async () => {
    const teacher = await registerTeacher(t);
    const prefs = await teacher.b.json(await teacher.b.get('/api/notifications/preferences'));
    expect(prefs.preferences.map((p: { kind: string }) => p.kind)).toContain('codeRequest');
    expect(prefs.preferences.map((p: { kind: string }) => p.kind)).not.toContain('broadcast');
    expect((await teacher.b.put('/api/notifications/preferences', { kind: 'message', inApp: false, email: 'off' })).status).toBe(200);
    // A kind that is not a teacher's is refused.
    expect((await teacher.b.put('/api/notifications/preferences', { kind: 'broadcast', inApp: false, email: 'off' })).status).toBe(404);
    await runEmailJobs();
    const before = t.services.mailer.recent.length;
    const student = await quickStudent(t, teacher);
    expect((await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body: 'hello' })).status).toBe(201);
    expect(await unread(teacher.b)).toBe(0);
    expect(await runEmailJobs()).toBe(0);
    expect(t.services.mailer.recent.length).toBe(before);
  });

  it('unsubscribes by a signed link for one kind only, through a form (opening the link changes nothing)', async () => {
    const teacher = await registerTeacher(t);
    const sig = unsubscribeSignature(t.config.authSecret!, teacher.userId, 'codeRequest');
    expect((await t.request(`/api/notifications/unsubscribe?u=${teacher.userId}&k=enrollment&s=${sig}`)).status).toBe(404);
    expect((await t.request(`/api/notifications/unsubscribe?u=${teacher.userId}&k=codeRequest&s=x${sig.slice(1)}`)).status).toBe(404);
    const page = await t.request(`/api/notifications/unsubscribe?u=${teacher.userId}&k=codeRequest&s=${sig}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const prefs = async () =>
      (await teacher.b.json(await teacher.b.get('/api/notifications/preferences'))).preferences as Array<{ kind: string; email: string }>;
    expect((await prefs()).find((p) => p.kind === 'codeRequest')!.email).toBe('instant');
    const origin = `http://${t.config.publicHost}`;
    const done = await t.request('/api/notifications/unsubscribe', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ u: teacher.userId, k: 'codeRequest', s: sig }).toString(),
    });
    expect(done.status).toBe(200);
    const after = await prefs();
    expect(after.find((p) => p.kind === 'codeRequest')!.email).toBe('off');
    expect(after.find((p) => p.kind === 'enrollment')!.email).toBe('instant');
  });

  it('pushes the new unread count down the open event stream', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const cookie = await teacher.b.jar.getCookieString(`http://${t.config.publicHost}/`);
    const res = await t.request('/api/notifications/stream', { headers: { cookie } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const nextEvent = async () => {
      let text = '';
      while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value);
      return text;
    };
    expect(await nextEvent()).toContain('data: 0');
    await sendCode(student, teacher, '300777');
    expect(await nextEvent()).toContain('data: 1');
    await reader.cancel();
  });
});

describe(`e-mails never twice, and not lost to a failed send, on ${DRIVER}`, () => {
  it('a mail server that is down fails the batch at its first e-mail and gives the claim back; the retry sends each once', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    const bodies = ['سؤال أول عن الواجب', 'سؤال ثانٍ عن الواجب'];
    for (const body of bodies) expect((await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body })).status).toBe(201);
    const rows = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipientId, teacher.userId), eq(notifications.kind, 'message')));
    expect(rows).toHaveLength(2);

    const down = mailServerDown();
    await expect(down.services.notifications.jobs.sendNotificationEmails(rows.map((r) => r.id))).rejects.toThrow('SMTP down');
    expect(down.tried).toHaveLength(1);
    const claims = await t.database.db.select().from(notificationEmails).where(eq(notificationEmails.recipientId, teacher.userId));
    expect(claims).toEqual([]);

    expect(await runEmailJobs()).toBe(2);
    expect(await runEmailJobs(instance())).toBe(0);
    const [account] = await t.database.db.select().from(user).where(eq(user.id, teacher.userId));
    for (const body of bodies) {
      expect(t.services.mailer.recent.filter((m) => m.to === account!.email && m.text.includes(body))).toHaveLength(1);
    }
  });

  it('sends the daily digest once per person and day, after a failed attempt and on another instance', async () => {
    const teacher = await registerTeacher(t);
    const student = await quickStudent(t, teacher);
    expect((await teacher.b.put('/api/notifications/preferences', { kind: 'message', inApp: true, email: 'digest' })).status).toBe(200);
    const body = 'سؤال ينتظر ملخص اليوم';
    expect((await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body })).status).toBe(201);
    const [account] = await t.database.db.select().from(user).where(eq(user.id, teacher.userId));
    const digests = () => t.services.mailer.recent.filter((m) => m.to === account!.email && m.text.includes(body));
    // A digest choice: no e-mail of its own.
    await runEmailJobs();
    expect(digests()).toEqual([]);

    await expect(mailServerDown().services.notifications.jobs.sendDigests()).rejects.toThrow('SMTP down');
    expect(await t.services.notifications.jobs.sendDigests()).toBeGreaterThanOrEqual(1);
    expect(await t.services.notifications.jobs.sendDigests()).toBe(0);
    expect(await instance().notifications.jobs.sendDigests()).toBe(0);
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.text).toContain('• ');
  });
});
