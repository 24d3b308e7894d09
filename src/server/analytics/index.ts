import type { TPeriodQuery } from '@shared/schemas/analytics';
import type { TJobQueue } from '@server/core/jobs/queue';
import { platformReport } from './admin';
import type { TAnalyticsDeps } from './deps';
import { periodOf } from './days';
import { activity, funnel, overviewTrends } from './funnel';
import { completion, stops, video } from './learning';
import { scopeOf, type TScope } from './period-rows';
import { captureJob, captureVideoSessions, catchUp, rebuildDays, rollUpJob } from './rollup';
import { quizScores } from './quizzes';
import { codes, revenue } from './sales';
import { studentReport } from './student';

/*
 * The analytics domain (issue 27, decision 175): daily roll-ups of the raw events other domains write, kept by a
 * nightly pg-boss job with a catch-up, and the teacher's and admin's reports read from them (today live). Other
 * domains import this file only.
 */

export { analyticsApi } from './routes';

type TReport<R> = (deps: TAnalyticsDeps, scope: TScope) => Promise<R>;

export function createAnalytics(deps: TAnalyticsDeps & { jobs: TJobQueue }) {
  deps.jobs.define(rollUpJob(deps));
  deps.jobs.define(captureJob(deps));
  const report =
    <R>(run: TReport<R>) =>
    async (teacherId: string, query: TPeriodQuery) =>
      run(deps, await scopeOf(deps, teacherId, periodOf(query, deps.clock.now())));
  return {
    funnel: report(funnel),
    activity: report(activity),
    overview: report(overviewTrends),
    completion: report(completion),
    stops: report(stops),
    video: report(video),
    codes: report(codes),
    revenue: report(revenue),
    quizzes: report(quizScores),
    /** A quiz's item statistics (decision 164), through the quizzes domain (which checks the quiz is the teacher's). */
    quizItems: (teacherId: string, quizId: string) => deps.itemAnalysis(teacherId, quizId),
    student: (teacherId: string, studentId: string) => studentReport(deps, teacherId, studentId),
    platform: (query: TPeriodQuery) => platformReport(deps, periodOf(query, deps.clock.now())),
    catchUp: () => catchUp(deps),
    captureVideoSessions: () => captureVideoSessions(deps),
    rebuildDays: (from: string, to: string) => rebuildDays(deps, from, to),
  };
}

export type TAnalytics = ReturnType<typeof createAnalytics>;
