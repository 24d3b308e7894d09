import { and, eq, isNull, sql } from 'drizzle-orm';
import { COURSE_TIME_ZONE, planDays, subscriptionStatus } from '../../shared/courses';
import { coursePlans, courses, enrollments, lessonProgress, lessons, teachers, teacherStudents } from '../db/schema';
import { AppError } from '../errors';
import { audit } from './audit';
import { activePlans, coverUrl, outlineOf, planView } from './courses';
import { DAY_MS, iso, type TCoursesDeps, type TTx } from './courses-deps';
import { grantAccess, rowsOf } from './courses-grant';
import { ensureStudentCapacity } from './courses-limits';
import { progressView } from './subscriptions';

type TLessonRow = typeof lessons.$inferSelect;
type TCourseRow = typeof courses.$inferSelect;
export type TLockReason = 'subscription' | 'previous' | 'release';

/** Where the request came from: a teacher's host only serves that teacher's courses. */
type TWhere = { hostSubdomain: string | null };

/**
 * Spec course kinds, decided here and only here (docs/decisions/034-lesson-access.md):
 * - no active subscription: everything is locked;
 * - organized: a lesson opens when the one before it is completed (or once it was itself completed);
 * - scheduled: a lesson opens at its release date-time;
 * - regular: everything is open.
 */
export function lockReasons(kind: string, ordered: Array<Pick<TLessonRow, 'id' | 'releaseAt'>>, hasAccess: boolean, completed: Set<string>, now: Date): Array<TLockReason | null> {
  return ordered.map((lesson, i) => {
    if (!hasAccess) return 'subscription';
    if (kind === 'scheduled' && lesson.releaseAt && lesson.releaseAt.getTime() > now.getTime()) return 'release';
    const previous = ordered[i - 1];
    if (kind === 'organized' && previous && !completed.has(lesson.id) && !completed.has(previous.id)) return 'previous';
    return null;
  });
}

/** The lesson to study next: the first one, in course order, that is open and not completed yet. */
function nextOpenLesson(ordered: Array<{ id: string }>, reasons: Array<TLockReason | null>, completed: Set<string>): string | null {
  return ordered.find((l, i) => reasons[i] === null && !completed.has(l.id))?.id ?? null;
}

/** Active or expiring: the subscription opens the course's lessons. */
const opensLessons = (status: string) => status === 'active' || status === 'expiring';

function algiersDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COURSE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** Longest run of consecutive days in a sorted list of YYYY-MM-DD days. */
function longestStreak(days: string[]): number {
  let best = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of days) {
    const t = Date.parse(`${day}T00:00:00Z`);
    run = previous !== null && t - previous === DAY_MS ? run + 1 : 1;
    best = Math.max(best, run);
    previous = t;
  }
  return best;
}

export const FAST_LEARNER_LESSONS = 5;
export const CONSISTENT_DAYS = 7;

export function learningService(deps: TCoursesDeps) {
  const { db, clock } = deps;

  async function visibleCourse(tx: TTx, courseId: string, where: TWhere) {
    const [row] = await tx
      .select({ course: courses, subdomain: teachers.subdomain, teacherName: teachers.name, teacherActive: sql<boolean>`(${teachers.status} = 'active' and ${teachers.isActive})` })
      .from(courses)
      .innerJoin(teachers, eq(teachers.id, courses.teacherId))
      .where(eq(courses.id, courseId));
    if (!row || row.course.status === 'draft') throw new AppError('COURSE_NOT_FOUND');
    if (where.hostSubdomain && where.hostSubdomain !== row.subdomain.toLowerCase()) throw new AppError('COURSE_NOT_FOUND');
    return row;
  }

  /** Everything a student's view of a course needs, with the locks decided on the server. */
  async function studentView(studentId: string, courseId: string, where: TWhere) {
    const now = clock.now();
    const { course, subdomain, teacherName } = await visibleCourse(db, courseId, where);
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, course.id), eq(enrollments.studentId, studentId)));
    // An archived course stays open to its subscribers and disappears for everyone else.
    if (course.status === 'archived' && !enrollment) throw new AppError('COURSE_NOT_FOUND');
    const status = enrollment ? subscriptionStatus(enrollment, now) : null;
    const hasAccess = status !== null && opensLessons(status.status);
    const done = await db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.courseId, course.id), eq(lessonProgress.studentId, studentId)));
    const completed = new Set(done.map((d) => d.lessonId));
    return { ...(await buildView(course, subdomain, teacherName, hasAccess, completed, now)), subscription: enrollment && status ? { ...status, expiresAt: iso(enrollment.expiresAt), type: enrollment.type } : null };
  }

  /** `hasAccess` null: the teacher's preview, where nothing is locked. */
  async function buildView(course: TCourseRow, subdomain: string, teacherName: string, hasAccess: boolean | null, completed: Set<string>, now: Date) {
    const outline = await outlineOf(db, course.id);
    const ordered = outline.flatMap((o) => o.lessons);
    const reasons = hasAccess === null ? ordered.map(() => null) : lockReasons(course.kind, ordered, hasAccess, completed, now);
    const lockOf = new Map(ordered.map((l, i) => [l.id, reasons[i] ?? null]));
    const plans = (await activePlans(db, [course.id])).map(planView);
    const doneCount = ordered.filter((l) => completed.has(l.id)).length;
    return {
      course: { id: course.id, title: course.title, description: course.description, kind: course.kind, status: course.status, coverUrl: coverUrl(course), teacherName, subdomain },
      plans,
      progress: { done: doneCount, total: ordered.length, percent: ordered.length ? Math.round((doneCount * 100) / ordered.length) : 0 },
      sections: outline.map(({ section, lessons: ls }) => ({
        id: section.id,
        title: section.title,
        lessons: ls.map((l) => ({ id: l.id, title: l.title, type: l.type, releaseAt: iso(l.releaseAt), completed: completed.has(l.id), lock: lockOf.get(l.id) ?? null })),
      })),
      ordered,
      lockOf,
      nextLessonId: nextOpenLesson(ordered, reasons, completed),
    };
  }

  function lessonPayload(view: Awaited<ReturnType<typeof buildView>>, lessonId: string, fileBase: string) {
    const index = view.ordered.findIndex((l) => l.id === lessonId);
    const lesson = view.ordered[index];
    if (!lesson) throw new AppError('LESSON_NOT_FOUND');
    return {
      lesson: {
        id: lesson.id,
        title: lesson.title,
        type: lesson.type,
        bodyHtml: lesson.bodyHtml,
        url: lesson.url,
        releaseAt: iso(lesson.releaseAt),
        file: lesson.fileKey ? { name: lesson.fileName ?? 'file', type: lesson.fileType ?? '', size: lesson.fileSize ?? 0, url: `${fileBase}/${lesson.id}/file` } : null,
      },
      previousId: view.ordered[index - 1]?.id ?? null,
      nextId: view.ordered[index + 1]?.id ?? null,
    };
  }

  function publicView(view: Awaited<ReturnType<typeof buildView>>) {
    const { ordered: _o, lockOf: _l, nextLessonId: _n, ...rest } = view;
    return rest;
  }

  /** Throws the reason a student may not open this lesson now. */
  function ensureOpen(lock: TLockReason | null) {
    if (lock === 'subscription') throw new AppError('SUBSCRIPTION_REQUIRED');
    if (lock === 'previous') throw new AppError('LESSON_LOCKED_PREVIOUS');
    if (lock === 'release') throw new AppError('LESSON_LOCKED_RELEASE');
  }

  return {
    async outline(studentId: string, courseId: string, where: TWhere) {
      const view = await studentView(studentId, courseId, where);
      return { ...publicView(view), subscription: view.subscription, nextLessonId: view.nextLessonId };
    },

    async lesson(studentId: string, courseId: string, lessonId: string, where: TWhere) {
      const view = await studentView(studentId, courseId, where);
      const lesson = view.ordered.find((l) => l.id === lessonId);
      if (!lesson) throw new AppError('LESSON_NOT_FOUND');
      ensureOpen(view.lockOf.get(lessonId) ?? null);
      const completed = view.sections.some((s) => s.lessons.some((l) => l.id === lessonId && l.completed));
      return { ...publicView(view), subscription: view.subscription, ...lessonPayload(view, lessonId, '/api/courses/student/lessons'), completed };
    },

    /** The teacher sees any lesson of their own course as a student would, without locks. */
    async preview(teacherId: string, courseId: string, lessonId: string) {
      const [row] = await db
        .select({ course: courses, subdomain: teachers.subdomain, teacherName: teachers.name })
        .from(courses)
        .innerJoin(teachers, eq(teachers.id, courses.teacherId))
        .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId)));
      if (!row) throw new AppError('COURSE_NOT_FOUND');
      const view = await buildView(row.course, row.subdomain, row.teacherName, null, new Set(), clock.now());
      return { ...publicView(view), ...lessonPayload(view, lessonId, '/api/courses/teacher/lessons') };
    },

    /** Marked by the student or sent automatically (video ended, link opened, file downloaded). */
    async complete(studentId: string, lessonId: string, where: TWhere) {
      const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
      if (!lesson) throw new AppError('LESSON_NOT_FOUND');
      const view = await studentView(studentId, lesson.courseId, where);
      ensureOpen(view.lockOf.get(lessonId) ?? null);
      await db
        .insert(lessonProgress)
        .values({ teacherId: lesson.teacherId, studentId, courseId: lesson.courseId, lessonId, completedAt: clock.now() })
        .onConflictDoNothing();
      const index = view.ordered.findIndex((l) => l.id === lessonId);
      return { ok: true as const, nextLessonId: view.ordered[index + 1]?.id ?? null };
    },

    async lessonFile(studentId: string, lessonId: string, where: TWhere) {
      const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
      if (!lesson) throw new AppError('LESSON_NOT_FOUND');
      const view = await studentView(studentId, lesson.courseId, where);
      ensureOpen(view.lockOf.get(lessonId) ?? null);
      if (!lesson.fileKey) throw new AppError('NOT_FOUND');
      return { key: lesson.fileKey, type: lesson.fileType ?? 'application/octet-stream', name: lesson.fileName ?? 'file' };
    },

    /**
     * A course with a free plan: the student enrolls themselves. A suspended or inactive teacher takes
     * no new students (their current subscribers keep reading: decision 034).
     */
    async enrollFree(studentId: string, courseId: string, where: TWhere, ip: string) {
      const { course, teacherActive } = await visibleCourse(db, courseId, where);
      if (!teacherActive) throw new AppError('TEACHER_INACTIVE');
      if (course.status !== 'published') throw new AppError('COURSE_UNAVAILABLE');
      const [plan] = await db
        .select()
        .from(coursePlans)
        .where(and(eq(coursePlans.courseId, course.id), eq(coursePlans.type, 'free'), isNull(coursePlans.retiredAt)));
      if (!plan) throw new AppError('PLAN_NOT_FREE');
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureStudentCapacity(tx, course.teacherId, studentId, now).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'PLAN_LIMIT_STUDENTS' ? new AppError('PLATFORM_FULL') : error;
        });
        const row = await grantAccess(tx, {
          teacherId: course.teacherId,
          courseId: course.id,
          studentId,
          planId: plan.id,
          type: 'free',
          days: planDays(plan),
          paid: 0,
          autoRenew: false,
          source: 'free',
          now,
        });
        await tx.insert(teacherStudents).values({ teacherId: course.teacherId, studentId }).onConflictDoNothing();
        await audit(tx, {
          actorUserId: studentId,
          actorRole: 'student',
          action: 'subscription.enrolled',
          targetType: 'enrollment',
          targetId: row.id,
          teacherId: course.teacherId,
          details: { studentId, courseId: course.id, planId: plan.id, source: 'free', expiresAt: iso(row.expiresAt) },
          ip,
        });
        return { id: row.id };
      });
    },

    /** Spec §2.4 My Subscriptions, for one platform (host or /platform/{subdomain}) or for all of them. */
    async dashboard(studentId: string, platform: string | null) {
      const now = clock.now();
      const data = await dashboardData(db, studentId, platform);
      if (platform && !data.teacher) throw new AppError('PLATFORM_NOT_FOUND');
      const subscriptions = data.subs.map((row) => {
        const en = { status: row.status, expiresAt: row.expires_at === null ? null : new Date(row.expires_at) };
        const state = subscriptionStatus(en, now);
        const ordered = row.lessons.map((l) => ({ id: l.id, releaseAt: l.releaseAt === null ? null : new Date(l.releaseAt) }));
        const completed = new Set(row.done);
        // The same locks as the course's own page; a course taken back to draft opens nothing (visibleCourse).
        const open = opensLessons(state.status) && row.course_status !== 'draft';
        return {
          id: row.id,
          course: {
            id: row.course_id,
            title: row.title,
            status: row.course_status,
            coverUrl: coverUrl({ id: row.course_id, coverKey: row.cover_key, updatedAt: new Date(row.course_updated_at) }),
            teacherName: row.teacher_name,
            subdomain: row.subdomain,
          },
          type: row.type,
          paid: row.type !== 'free',
          priceDzd: row.plan_price ?? 0,
          ...state,
          startedAt: new Date(row.started_at).toISOString(),
          expiresAt: iso(en.expiresAt),
          autoRenew: row.auto_renew,
          permanent: en.expiresAt === null,
          totalPaidDzd: row.total_paid_dzd,
          progress: progressView({ lessonTotal: ordered.length, lessonDone: completed.size }),
          nextLessonId: open ? nextOpenLesson(ordered, lockReasons(row.kind, ordered, true, completed, now), completed) : null,
        };
      });
      const activity = data.activity.map((a) => ({ day: a.day, lessons: Number(a.n) }));
      return {
        platform: data.teacher ? { name: data.teacher.name, subdomain: data.teacher.subdomain } : null,
        summary: {
          total: subscriptions.length,
          active: subscriptions.filter((s) => s.status === 'active').length,
          expiring: subscriptions.filter((s) => s.status === 'expiring').length,
          expired: subscriptions.filter((s) => s.status === 'expired' || s.status === 'cancelled').length,
          totalPaidDzd: subscriptions.reduce((sum, s) => sum + s.totalPaidDzd, 0),
          lessonsCompleted: activity.reduce((sum, d) => sum + d.lessons, 0),
        },
        subscriptions,
        weeklyActivity: weekOf(activity, now),
        achievements: achievementsOf(activity),
        liveSessions: [] as Array<{ id: string; title: string; startsAt: string }>,
        available: availableCourses(data.available),
      };
    },
  };
}

type TPlanView = ReturnType<typeof planView>;

type TDashboardRows = {
  teacher: { id: string; name: string; subdomain: string } | null;
  subs: Array<{
    id: string;
    course_id: string;
    title: string;
    kind: string;
    course_status: string;
    cover_key: string | null;
    course_updated_at: string;
    teacher_name: string;
    subdomain: string;
    plan_price: number | null;
    type: string;
    status: string;
    started_at: string;
    expires_at: string | null;
    auto_renew: boolean;
    total_paid_dzd: number;
    /** The course's lessons in outline order (sections, then lessons), for the locks. */
    lessons: Array<{ id: string; releaseAt: string | null }>;
    /** The lessons this student completed. */
    done: string[];
  }>;
  activity: Array<{ day: string; n: number }>;
  available: Array<{ id: string; title: string; kind: string; cover_key: string | null; updated_at: string; plan: TPlanView | null }>;
};

/**
 * Everything My Subscriptions shows, in one statement returning JSON: on the embedded database each round
 * trip has a fixed cost, so one statement instead of four keeps it within 2× of PostgreSQL (bench/results/courses.md).
 * Per subscription it reads the course's lessons in order and the ids the student completed (the (course) and
 * (course, student) indexes): progress and the next lesson come from them, the locks from lockReasons.
 */
async function dashboardData(db: TTx, studentId: string, platform: string | null): Promise<TDashboardRows> {
  const day = sql.raw(`to_char(lp.completed_at at time zone '${COURSE_TIME_ZONE}', 'YYYY-MM-DD')`);
  const result = await db.execute(sql`
    with t as (select id, name, subdomain from teachers where ${platform === null ? sql`false` : sql`lower(subdomain) = ${platform.toLowerCase()}`}),
    subs as (
      select e.id, e.course_id, c.title, c.kind, c.status as course_status, c.cover_key, c.updated_at as course_updated_at, tt.name as teacher_name, tt.subdomain,
        p.price_dzd as plan_price, e.type, e.status, e.started_at, e.expires_at, e.auto_renew, e.total_paid_dzd,
        coalesce((select json_agg(json_build_object('id', l.id, 'releaseAt', l.release_at) order by s.position, s.created_at, s.id, l.position, l.created_at)
          from lessons l join course_sections s on s.id = l.section_id where l.course_id = e.course_id), '[]') as lessons,
        coalesce((select json_agg(lp.lesson_id) from lesson_progress lp where lp.course_id = e.course_id and lp.student_id = e.student_id), '[]') as done
      from enrollments e
      join courses c on c.id = e.course_id
      join teachers tt on tt.id = e.teacher_id
      left join course_plans p on p.id = e.plan_id
      where e.student_id = ${studentId} ${platform === null ? sql`` : sql`and e.teacher_id = (select id from t)`}
    ),
    act as (
      select ${day} as day, count(*) as n from lesson_progress lp
      where lp.student_id = ${studentId} ${platform === null ? sql`` : sql`and lp.teacher_id = (select id from t)`}
      group by 1
    ),
    avail as (
      select c.id, c.title, c.kind, c.cover_key, c.updated_at, c.created_at, p.position, p.created_at as plan_created_at,
        case when p.id is null then null else json_build_object('id', p.id, 'type', p.type, 'priceDzd', p.price_dzd, 'durationDays', p.duration_days, 'autoRenew', p.auto_renew) end as plan
      from courses c
      left join course_plans p on p.course_id = c.id and p.retired_at is null
      where c.teacher_id = (select id from t) and c.status = 'published' and c.id not in (select course_id from subs)
    )
    select (select row_to_json(t) from t) as teacher,
      coalesce((select json_agg(subs order by subs.started_at desc) from subs), '[]') as subs,
      coalesce((select json_agg(act order by act.day) from act), '[]') as activity,
      coalesce((select json_agg(avail order by avail.created_at, avail.id, avail.position, avail.plan_created_at) from avail), '[]') as available`);
  const [row] = rowsOf<Record<keyof TDashboardRows, unknown>>(result);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  return { teacher: parse(row!.teacher), subs: parse(row!.subs), activity: parse(row!.activity), available: parse(row!.available) };
}

/** Published courses of the platform the student has not joined, with their plans. */
function availableCourses(rows: TDashboardRows['available']) {
  const open = new Map<string, { id: string; title: string; kind: string; coverUrl: string | null; plans: TPlanView[] }>();
  for (const row of rows) {
    const entry = open.get(row.id) ?? { id: row.id, title: row.title, kind: row.kind, coverUrl: coverUrl({ id: row.id, coverKey: row.cover_key, updatedAt: new Date(row.updated_at) }), plans: [] };
    if (row.plan) entry.plans.push(row.plan);
    open.set(row.id, entry);
  }
  return [...open.values()];
}

/** The last seven days, today last, zeros included: the weekly activity chart. */
function weekOf(activity: Array<{ day: string; lessons: number }>, now: Date) {
  const byDay = new Map(activity.map((a) => [a.day, a.lessons]));
  return Array.from({ length: 7 }, (_, i) => {
    const date = algiersDay(new Date(now.getTime() - (6 - i) * DAY_MS));
    return { date, lessons: byDay.get(date) ?? 0 };
  });
}

/** Spec §3 achievements. Quizzes come later, so the perfect score stays locked. */
function achievementsOf(activity: Array<{ day: string; lessons: number }>) {
  const fastDay = activity.find((a) => a.lessons >= FAST_LEARNER_LESSONS);
  const streak = longestStreak(activity.map((a) => a.day));
  return [
    { key: 'fastLearner' as const, earned: Boolean(fastDay), locked: false, earnedOn: fastDay?.day ?? null, progress: Math.min(FAST_LEARNER_LESSONS, Math.max(0, ...activity.map((a) => a.lessons))), goal: FAST_LEARNER_LESSONS },
    { key: 'perfectScore' as const, earned: false, locked: true, earnedOn: null, progress: 0, goal: 100 },
    { key: 'consistent' as const, earned: streak >= CONSISTENT_DAYS, locked: false, earnedOn: null, progress: Math.min(CONSISTENT_DAYS, streak), goal: CONSISTENT_DAYS },
  ];
}
