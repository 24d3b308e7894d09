import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { liveClass, MINUTE, schedule, startIn, subscribed } from './live-helpers';

/*
 * The older domains' own e-mails (live sessions here; codes, receipts, card payments and billing the same way) go
 * through the notifications domain's sender: the person's choice per kind applies and each ends with the kind's
 * signed unsubscribe link (decision 181).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
});

const mailsTo = (email: string) => t.services.mailer.recent.filter((m) => m.to === email);
const inApp = async (userId: string, context: string) =>
  (
    await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'liveSession')))
  ).filter((n) => n.params.context === context).length;

describe(`older domains' e-mails follow the notification preferences on ${DRIVER}`, () => {
  it('a live invitation and the 15-minute reminder: e-mailed only to who wants them, with the unsubscribe link, in the app for all', async () => {
    const c = await liveClass(t);
    const d = await subscribed(t, c.teacher, c.course.courseId, c.course.planIds[0]!);
    expect((await c.a.b.put('/api/notifications/preferences', { kind: 'liveSession', inApp: true, email: 'off' })).status).toBe(200);
    expect((await c.b.b.put('/api/notifications/preferences', { kind: 'liveSession', inApp: true, email: 'digest' })).status).toBe(200);

    const { sessionIds } = await schedule(c.teacher, { title: 'مراجعة الفصل', courseId: c.course.courseId, startsAt: startIn(3 * 24 * 60) });
    await t.services.live.notices.sendNotices('invite', sessionIds);
    expect(mailsTo(c.a.email)).toHaveLength(0);
    expect(mailsTo(c.b.email)).toHaveLength(0);
    const [invite] = mailsTo(d.email);
    // The calendar file stays; the kind's own unsubscribe link ends the text.
    expect(invite?.ics).toContain('BEGIN:VCALENDAR');
    expect(invite?.text).toMatch(new RegExp(`/api/notifications/unsubscribe\\?u=${d.id}&k=liveSession&s=`));
    for (const s of [c.a, c.b, d]) expect(await inApp(s.id, 'scheduled')).toBe(1);

    // 15 minutes before a session planned an hour ahead: in the app for all three, by e-mail to d only, once.
    const soon = await schedule(c.teacher, { title: 'حصة سريعة', courseId: c.course.courseId, startsAt: startIn(60) });
    const [session] = soon.sessionIds;
    const startsAt = new Date(Math.ceil((Date.now() + 60 * MINUTE) / MINUTE) * MINUTE);
    t.services.clock.now = () => new Date(startsAt.getTime() - 12 * MINUTE);
    const before = mailsTo(d.email).length;
    await t.services.live.notices.sendDueReminders();
    await t.services.live.notices.sendDueReminders();
    expect(mailsTo(d.email).length - before).toBe(1);
    expect(mailsTo(c.a.email)).toHaveLength(0);
    for (const s of [c.a, c.b, d]) expect(await inApp(s.id, 'soon')).toBe(1);
    expect(session).toBeDefined();

    // Unsubscribing through the link stops that kind only.
    const link = new URL(invite!.text.match(/https?:\/\/\S+unsubscribe\S+/)![0]);
    const done = await t.request('/api/notifications/unsubscribe', {
      method: 'POST',
      headers: { origin: `http://${t.config.publicHost}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.fromEntries(link.searchParams)).toString(),
    });
    expect(done.status).toBe(200);
    const prefs = await d.b.json(await d.b.get('/api/notifications/preferences'));
    const byKind = Object.fromEntries((prefs.preferences as Array<{ kind: string; email: string }>).map((p) => [p.kind, p.email]));
    expect(byKind).toMatchObject({ liveSession: 'off', broadcast: 'instant' });
  });
});
