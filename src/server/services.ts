import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { accountsService } from '@server/accounts';
import { createAdmin } from '@server/admin';
import { createBilling } from '@server/billing';
import { activeTeacher, createAuth, guards, resolveAuthSecret } from '@server/auth';
import { createCertificates } from '@server/certificates';
import { createCodes } from '@server/codes';
import { createCacheBus, type TCacheBus } from '@server/core/cache-bus';
import { systemClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { pruneAttemptLimitsJob } from '@server/core/attempt-limits';
import type { TJobQueue } from '@server/core/jobs/queue';
import { createMailer, type TMailer } from '@server/core/mailer';
import { createCourses } from '@server/courses';
import { landingService } from '@server/landing';
import { createLearning } from '@server/learning';
import { createLive } from '@server/live';
import { createRevenue } from '@server/revenue';
import { createPayments } from '@server/payments';
import { createTransfers } from '@server/payments';
import { siteService } from '@server/site';
import { createSubscriptions } from '@server/subscriptions';
import { createVideo } from '@server/video';

/** `bus`: how cached data is invalidated on the other instances (main.ts listens; tests only publish). */
export type TServicesDeps = { config: TConfig; db: Db; jobs: TJobQueue; logger: Logger; mailer?: TMailer; bus?: TCacheBus };

/** Builds every domain once, from their index.ts files; routes and the demo seed share them. */
export function createServices({ config, db, jobs, logger, mailer = createMailer(config, logger), bus = createCacheBus({ db, logger }) }: TServicesDeps) {
  // One clock for the domains that read the time: tests move it forward through releases and expiries.
  const clock = systemClock();
  const auth = createAuth({ config, db, mailer });
  const landing = landingService({ config, db, logger, bus });
  jobs.define(pruneAttemptLimitsJob(db));
  // Course cards on landing pages follow the courses at once (not after the 5-minute refresh).
  const courses = createCourses({
    dataDir: config.dataDir,
    db,
    clock,
    onCoursesChanged: (teacherId) => landing.site.coursesChanged(teacherId),
    // Courses cannot import the video domain (video → learning → courses): the link is made here.
    onLessonsRemoved: (teacherId, lessonIds) => video.forgetLessons(teacherId, lessonIds),
  });
  const certificates = createCertificates({ db, clock, config, files: courses.files });
  const live = createLive({ db, clock, config, mailer, jobs, courseContent: courses.content });
  // The lesson that completes a course issues its certificate (decision 069); My Subscriptions lists coming live sessions.
  const learning = createLearning({
    db,
    clock,
    onCourseCompleted: (studentId, courseId) => certificates.issueIfComplete(studentId, courseId),
    upcomingLive: async (studentId, platform) => (await live.joining.upcomingForStudent(studentId, { platform, courseId: null })).sessions,
  });
  const video = createVideo({ config, db, clock, jobs, auth, learning, logger, bus, findTeacher: (headers) => activeTeacher(auth, db, headers) });
  const billing = createBilling({
    db,
    clock,
    config,
    mailer,
    jobs,
    // The data deletion job (decision 102) removes videos and the lesson files under DATA_DIR/uploads/{teacherId}.
    removeTeacherFiles: async (teacherId, lessonIds) => {
      await video.forgetLessons(teacherId, lessonIds);
      await fs.rm(path.join(config.dataDir, 'uploads', teacherId), { recursive: true, force: true });
    },
  });
  return {
    config,
    db,
    jobs,
    clock,
    auth,
    mailer,
    guards: guards(auth, db),
    accounts: accountsService({ db, auth, logger, jobs, config, mailer }),
    admin: createAdmin({ db, auth, mailer, config, bootstrapToken: config.adminBootstrapToken }),
    landing,
    courses,
    certificates,
    codes: createCodes({ config, db, clock, jobs, mailer }),
    subscriptions: createSubscriptions({ db, clock }),
    learning,
    live,
    video,
    billing,
    revenue: createRevenue({ db, clock, config }),
    payments: createPayments({ config, db, clock, jobs, mailer, logger }),
    transfers: createTransfers({ config, db, clock, jobs, mailer }),
    site: siteService({ db, mailer, secret: resolveAuthSecret(config), logger }),
  };
}

export type TServices = ReturnType<typeof createServices>;
