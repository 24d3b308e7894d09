import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, algiersDay, dayStart, weekStart } from '@server/analytics/days';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { DAY_MS, rawWriter } from './analytics-helpers';

/*
 * Issue 27: the funnel, completion and "where students stop" on a small hand-made data set whose right answers are
 * written here; the roll-ups equal a direct count of the raw events; tenant isolation; the CSV.
 */

let t: TTestApp;
let a: TTeacher;
let b: TTeacher;
let raw: ReturnType<typeof rawWriter>;
let course: Awaited<ReturnType<typeof publishedCourse>>;
let students: Array<Awaited<ReturnType<typeof quickStudent>>>;
// Noon in Algiers today: every "today" event below is before it, every "n days ago" lands on the day n before.
const now = new Date(dayStart(algiersDay(new Date())).getTime() + 12 * 3_600_000);
const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
const today = algiersDay(now);
const period = `from=${addDays(today, -10)}&to=${today}`;

beforeAll(async () => {
  t = await createTestApp();
  t.services.clock.now = () => now;
  raw = rawWriter(t);
  a = await registerTeacher(t);
  b = await registerTeacher(t);
  await raw.backdateTeacher(a.id, ago(40));
  await raw.backdateTeacher(b.id, ago(40));
  course = await publishedCourse(a, { lessons: 3 });
  students = [];
  for (let i = 0; i < 5; i += 1) students.push(await quickStudent(t, a));
  const [s1, s2, s3, s4, s5] = students.map((s) => s.id) as [string, string, string, string, string];
  // Funnel: 10 views and 2 registrations three days ago, 3 registrations today; 4 enrollments, one per source.
  await raw.landingViews(a.id, addDays(today, -3), 10);
  for (const [id, at] of [
    [s1, ago(3)],
    [s2, ago(3)],
    [s3, ago(0, 2)],
    [s4, ago(0, 2)],
    [s5, ago(0, 2)],
  ] as const)
    await raw.joined(a.id, id, at);
  const c = course.courseId;
  const e1 = await raw.enroll(a.id, c, s1, 'code', ago(3));
  await raw.enroll(a.id, c, s2, 'card', ago(3), ago(1));
  await raw.enroll(a.id, c, s3, 'payment', ago(0, 1));
  await raw.enroll(a.id, c, s4, 'free', ago(0, 1), null, 'landing');
  // s1 renewed two days ago (a second payment on the same enrollment).
  await raw.payment(a.id, c, s1, e1, 'code', 3000, ago(3));
  await raw.payment(a.id, c, s1, e1, 'code', 3000, ago(2));
  // Completion: s1 finished all 3 lessons; s2 stopped after lesson 2; s3 and s4 after lesson 1 (all 20 days ago).
  const [l1, l2, l3] = course.lessonIds as [string, string, string];
  for (const l of [l1, l2, l3]) await raw.progress(a.id, c, s1, l, ago(20));
  for (const l of [l1, l2]) await raw.progress(a.id, c, s2, l, ago(20));
  await raw.progress(a.id, c, s3, l1, ago(20));
  await raw.progress(a.id, c, s4, l1, ago(20));
  // Video: lesson 1 is 100 s (20 segments). s1 watched all of it yesterday, s2 the first half today.
  await raw.video(a.id, c, l1, 100);
  await raw.watch(a.id, s1, l1, 0, 20, ago(1));
  await raw.watch(a.id, s2, l1, 0, 10, ago(0, 1));
  await t.services.analytics.captureVideoSessions();
}, 120_000);

afterAll(async () => {
  await t.close();
});

const get = async (who: TTeacher, path: string) => {
  const res = await who.b.get(`/api/analytics/teacher/${path}`);
  expect(res.status).toBe(200);
  return res.json();
};

async function expectFigures() {
  const f = await get(a, `funnel?${period}`);
  expect([f.views, f.registrations, f.enrollments]).toEqual([10, 5, 4]);
  expect(f.bySource).toEqual({ landing: 1, course: 0, code: 1, card: 1, transfer: 1, teacher: 0 });
  expect([f.viewToRegistration, f.registrationToEnrollment]).toEqual([0.5, 0.8]);
  const act = await get(a, `activity?${period}`);
  expect(act.totals).toEqual({ enrolled: 4, ended: 1, renewals: 1 });
  expect(act.days.find((d: { day: string }) => d.day === addDays(today, -1))).toMatchObject({ active: 1, ended: 1 });
  expect(act.days.find((d: { day: string }) => d.day === today)).toMatchObject({ active: 1 });
  // s1 watched yesterday, s2 today: one week with both, or two weeks with one each.
  const weeks = weekStart(addDays(today, -1)) === weekStart(today) ? [2] : [1, 1];
  expect(act.weeks.slice(-weeks.length).map((w: { active: number }) => w.active)).toEqual(weeks);
  const overview = await get(a, `overview?${period}`);
  expect(overview.current).toMatchObject({ activeStudents: 2, enrollments: 4, watchMinutes: 3 });
  const completion = await get(a, `completion?${period}`);
  expect(completion).toEqual([{ courseId: course.courseId, title: expect.any(String), lessons: 3, enrolled: 4, started: 4, completed: 1, rate: 0.25 }]);
  const stops = await get(a, `stops?${period}`);
  expect(stops.map((s: { ordinal: number; students: number; most: boolean }) => [s.ordinal, s.students, s.most])).toEqual([
    [1, 2, true],
    [2, 1, false],
  ]);
  const video = await get(a, `video?${period}`);
  expect(video).toHaveLength(1);
  expect(video[0]).toMatchObject({ lessonId: course.lessonIds[0], sessions: 2, minutes: 2.5, share: 0.75 });
  expect(video[0].reach).toEqual([1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5]);
}

describe(`analytics figures on ${DRIVER}`, () => {
  it('reads the hand-made figures live, before any roll-up', async () => {
    await expectFigures();
  });

  it('rolls up to yesterday, and the same figures come from the roll-ups and today live', async () => {
    const done = await t.services.analytics.catchUp();
    expect(done).toEqual({ from: algiersDay(ago(40)), to: addDays(today, -1) });
    await expectFigures();
    // A second run finds nothing left to do.
    expect(await t.services.analytics.catchUp()).toBeNull();
  });

  it('keeps roll-ups equal to a direct count of the raw events', async () => {
    const before = sql`${dayStart(today).toISOString()}::timestamptz`;
    const pairs: Array<[string, ReturnType<typeof sql>, ReturnType<typeof sql>]> = [
      [
        'completions',
        sql`select count(*) as n from lesson_progress where completed_at < ${before}`,
        sql`select coalesce(sum(completions), 0) as n from analytics_lesson_days`,
      ],
      [
        'enrollments',
        sql`select count(*) as n from enrollments where created_at < ${before}`,
        sql`select coalesce(sum(enrolled_code + enrolled_card + enrolled_transfer + enrolled_free + enrolled_teacher), 0) as n from analytics_course_days`,
      ],
      [
        'views',
        sql`select count(*) as n from landing_page_views where day < ${today}::date`,
        sql`select coalesce(sum(landing_views), 0) as n from analytics_teacher_days`,
      ],
      [
        'watch',
        sql`select coalesce(sum(seconds), 0) as n from analytics_video_sessions where first_at < ${before}`,
        sql`select coalesce(sum(watch_seconds), 0) as n from analytics_student_days`,
      ],
      [
        'registrations',
        sql`select count(*) as n from teacher_students where joined_at < ${before}`,
        sql`select coalesce(sum(registrations), 0) as n from analytics_teacher_days`,
      ],
    ];
    pairs.push([
      'active students, per day',
      sql`select count(*) as n from (select distinct day, student_id from analytics_student_days) x`,
      sql`select coalesce(sum(active), 0) as n from analytics_active_counts where span = 'day' and course_id is null`,
    ]);
    for (const [name, direct, rolled] of pairs) expect([name, await raw.count(rolled)]).toEqual([name, await raw.count(direct)]);
    // Every day from each teacher's first to yesterday has its row.
    expect(await raw.count(sql`select count(*) as n from analytics_teacher_days where teacher_id = ${a.id}`)).toBe(40);
  });

  it('never counts another teacher’s students', async () => {
    const f = await get(b, `funnel?${period}`);
    expect([f.views, f.registrations, f.enrollments]).toEqual([0, 0, 0]);
    expect(await get(b, `completion?${period}`)).toEqual([]);
    expect(await get(b, `video?${period}`)).toEqual([]);
    expect((await get(b, `activity?${period}`)).totals).toEqual({ enrolled: 0, ended: 0, renewals: 0 });
    expect((await b.b.get(`/api/analytics/teacher/students/${students[0]!.id}`)).status).toBe(404);
    // A's course id in B's filter finds nothing either.
    expect((await get(b, `funnel?${period}&courseId=${course.courseId}`)).enrollments).toBe(0);
  });

  it('shows one student: progress, watch time and payments', async () => {
    const s = await get(a, `students/${students[0]!.id}`);
    expect(s.courses).toEqual([expect.objectContaining({ courseId: course.courseId, lessons: 3, done: 3, source: 'code' })]);
    expect(s.payments.map((p: { amountDzd: number }) => p.amountDzd)).toEqual([3000, 3000]);
    expect(s.watchMinutes).toBe(2);
    expect(s.lastActivityAt).toBe(ago(1).toISOString());
  });

  it('exports every table as CSV with a BOM, headers in the asked language', async () => {
    const res = await a.b.get(`/api/analytics/teacher/csv/funnel?${period}&lng=en`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\n');
    expect(lines[0]).toBe('Step,Count,Previous period');
    expect(lines.slice(1, 5)).toEqual([
      'Landing-page views,10,0',
      'Registrations,5,0',
      '"Free, from the landing page",1,0',
      '"Free, from the course page",0,0',
    ]);
    const stops = (await (await a.b.get(`/api/analytics/teacher/csv/stops?${period}&lng=en`)).text()).trim().split('\n');
    expect(stops).toHaveLength(3);
    expect(stops[1]).toMatch(/,1,الدرس 1,2$/);
    for (const table of ['activity', 'subscriptions', 'completion', 'video', 'codes', 'ranges', 'revenue'])
      expect((await a.b.get(`/api/analytics/teacher/csv/${table}?${period}`)).status).toBe(200);
  });
});
