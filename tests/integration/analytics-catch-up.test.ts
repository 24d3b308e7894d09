import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, algiersDay, dayStart } from '@server/analytics/days';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { rawWriter } from './analytics-helpers';

/*
 * Issue 27: the nightly roll-up makes up for the nights it missed. The service is "down" for five days: the next
 * run rolls up every missing day, and the figures equal what the raw events say.
 */

let t: TTestApp;
let a: TTeacher;
let raw: ReturnType<typeof rawWriter>;
let course: Awaited<ReturnType<typeof publishedCourse>>;
const realToday = algiersDay(new Date());
const noon = (day: string) => new Date(dayStart(day).getTime() + 12 * 3_600_000);
let now = noon(addDays(realToday, -6));

beforeAll(async () => {
  t = await createTestApp();
  t.services.clock.now = () => now;
  raw = rawWriter(t);
  a = await registerTeacher(t);
  await raw.backdateTeacher(a.id, noon(addDays(realToday, -12)));
  course = await publishedCourse(a, { lessons: 2 });
}, 120_000);

afterAll(async () => {
  await t.close();
});

const rolledDays = async () => raw.count(sql`select count(*) as n from analytics_teacher_days where teacher_id = ${a.id}`);

describe(`analytics catch-up on ${DRIVER}`, () => {
  it('rolls up every day missed while the service was down, through the pg-boss job', async () => {
    expect(await t.services.analytics.catchUp()).toEqual({ from: addDays(realToday, -12), to: addDays(realToday, -7) });
    expect(await rolledDays()).toBe(6);
    // Five days of activity while nothing rolled up: one enrollment and one completion a day.
    for (let d = 6; d >= 2; d -= 1) {
      const s = await quickStudent(t, a);
      const at = new Date(noon(addDays(realToday, -d)).getTime() + 3_600_000);
      await raw.joined(a.id, s.id, at);
      await raw.enroll(a.id, course.courseId, s.id, 'code', at);
      await raw.progress(a.id, course.courseId, s.id, course.lessonIds[0]!, at);
    }
    now = noon(realToday);
    const period = `from=${addDays(realToday, -6)}&to=${realToday}`;
    const live = await (await a.b.get(`/api/analytics/teacher/funnel?${period}`)).json();
    expect([live.registrations, live.enrollments]).toEqual([5, 5]);

    await t.services.jobs.start();
    await t.services.jobs.boss.send('analytics-roll-up', {});
    for (let i = 0; i < 100 && (await rolledDays()) < 12; i += 1) await new Promise((r) => setTimeout(r, 200));
    expect(await rolledDays()).toBe(12);
    const days = await t.database.db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, enrolled_code from analytics_course_days where teacher_id = ${a.id} order by day`,
    );
    expect((days as unknown as { rows: Array<{ day: string; enrolled_code: number }> }).rows).toEqual(
      [6, 5, 4, 3, 2].map((d) => ({ day: addDays(realToday, -d), enrolled_code: 1 })),
    );
    const rolled = await (await a.b.get(`/api/analytics/teacher/funnel?${period}`)).json();
    expect(rolled).toEqual(live);
    const activity = await (await a.b.get(`/api/analytics/teacher/activity?${period}`)).json();
    expect(activity.days.map((d: { active: number }) => d.active)).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });
});
