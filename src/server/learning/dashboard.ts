import { dateToAlgiersLocal, subscriptionStatus } from '@shared/courses';
import { AppError } from '@server/core/errors';
import { coverUrl } from '@server/courses';
import { DAY_MS, iso } from '@server/core/dates';
import { progressView } from '@server/subscriptions';
import type { TLearningDeps, TPerfectScore } from './deps';
import { type TDashboardRows, type TPlanView, dashboardData } from './dashboard-query';
import { lockReasons, nextOpenLesson, opensLessons } from '@server/courses';

function algiersDay(date: Date): string {
  return dateToAlgiersLocal(date).slice(0, 10);
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

const FAST_LEARNER_LESSONS = 5;

const CONSISTENT_DAYS = 7;

/** Spec §2.4 My Subscriptions, for one platform (host or /platform/{subdomain}) or for all of them. */
export async function dashboard(deps: TLearningDeps, studentId: string, platform: string | null) {
  const { db, clock } = deps;
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
      expired: subscriptions.filter((s) => s.status === 'expired' || s.status === 'cancelled' || s.status === 'suspended').length,
      totalPaidDzd: subscriptions.reduce((sum, s) => sum + s.totalPaidDzd, 0),
      lessonsCompleted: activity.reduce((sum, d) => sum + d.lessons, 0),
    },
    subscriptions,
    weeklyActivity: weekOf(activity, now),
    achievements: achievementsOf(activity, deps.perfectScore ? await deps.perfectScore(studentId) : null),
    // The coming live sessions of the student's active subscriptions (the same list as the live page's).
    liveSessions: await deps.upcomingLive(studentId, platform),
    available: availableCourses(data.available),
  };
}

/** Published courses of the platform the student has not joined, with their plans. */
function availableCourses(rows: TDashboardRows['available']) {
  const open = new Map<string, { id: string; title: string; kind: string; coverUrl: string | null; plans: TPlanView[] }>();
  for (const row of rows) {
    const entry = open.get(row.id) ?? {
      id: row.id,
      title: row.title,
      kind: row.kind,
      coverUrl: coverUrl({ id: row.id, coverKey: row.cover_key, updatedAt: new Date(row.updated_at) }),
      plans: [],
    };
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

/** Spec §3 achievements; the perfect score is a counted quiz attempt at 100% (quizzes domain, wired in services.ts). */
function achievementsOf(activity: Array<{ day: string; lessons: number }>, perfect: TPerfectScore | null) {
  const fastDay = activity.find((a) => a.lessons >= FAST_LEARNER_LESSONS);
  const streak = longestStreak(activity.map((a) => a.day));
  return [
    {
      key: 'fastLearner' as const,
      earned: Boolean(fastDay),
      locked: false,
      earnedOn: fastDay?.day ?? null,
      progress: Math.min(FAST_LEARNER_LESSONS, Math.max(0, ...activity.map((a) => a.lessons))),
      goal: FAST_LEARNER_LESSONS,
    },
    {
      key: 'perfectScore' as const,
      earned: Boolean(perfect?.earnedOn),
      locked: perfect === null,
      earnedOn: perfect?.earnedOn ?? null,
      progress: Math.round(perfect?.bestPercent ?? 0),
      goal: 100,
    },
    {
      key: 'consistent' as const,
      earned: streak >= CONSISTENT_DAYS,
      locked: false,
      earnedOn: null,
      progress: Math.min(CONSISTENT_DAYS, streak),
      goal: CONSISTENT_DAYS,
    },
  ];
}
