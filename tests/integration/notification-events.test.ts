import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, notifications } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { liveClass, schedule, startIn } from './live-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const kindsOf = async (userId: string) =>
  (await t.database.db.select({ kind: notifications.kind, params: notifications.params }).from(notifications).where(eq(notifications.recipientId, userId))).map(
    (n) => ({ kind: n.kind, context: n.params.context }),
  );

describe(`events that reach the notification centre on ${DRIVER}`, () => {
  it('live sessions scheduled, moved and cancelled reach the invited students in the app, once each', async () => {
    const c = await liveClass(t);
    const { sessionIds } = await schedule(c.teacher, { title: 'مراجعة', courseId: c.course.courseId, startsAt: startIn(3 * 24 * 60) });
    const id = sessionIds[0]!;
    await t.services.live.notices.sendNotices('invite', [id]);
    await t.services.live.notices.sendNotices('invite', [id]);
    expect(await kindsOf(c.a.id)).toEqual([{ kind: 'liveSession', context: 'scheduled' }]);
    expect(await kindsOf(c.outsider.id)).toEqual([]);
    expect(await kindsOf(c.expired.id)).toEqual([]);
    await t.services.live.notices.sendNotices('cancel', [id]);
    expect((await kindsOf(c.b.id)).map((n) => n.context).sort()).toEqual(['cancelled', 'scheduled']);
  });

  it('subscriptions ending in 7 days and in 1 day tell the student and the teacher, once per mark', async () => {
    const c = await liveClass(t);
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000 - 3_600_000);
    await t.database.db
      .update(enrollments)
      .set({ expiresAt: inDays(7) })
      .where(and(eq(enrollments.studentId, c.a.id), eq(enrollments.courseId, c.course.courseId)));
    await t.database.db
      .update(enrollments)
      .set({ expiresAt: inDays(1) })
      .where(and(eq(enrollments.studentId, c.b.id), eq(enrollments.courseId, c.course.courseId)));
    await t.services.notifications.jobs.sendEndingNotices();
    await t.services.notifications.jobs.sendEndingNotices();
    expect(await kindsOf(c.a.id)).toEqual([{ kind: 'subscriptionEnding', context: 'd7' }]);
    expect(await kindsOf(c.b.id)).toEqual([{ kind: 'subscriptionEnding', context: 'd1' }]);
    expect((await kindsOf(c.teacher.userId)).filter((n) => n.kind === 'subscriptionEnding')).toHaveLength(2);
  });
});
