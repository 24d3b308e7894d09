import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { accountsService } from '@server/accounts';
import { createAdmin } from '@server/admin';
import { createStaff } from '@server/staff';
import { createBilling } from '@server/billing';
import { activeTeacher, createAuth, guards, resolveAuthSecret } from '@server/auth';
import { createCertificates } from '@server/certificates';
import { createCodes } from '@server/codes';
import { createCacheBus, type TCacheBus } from '@server/core/cache-bus';
import { systemClock } from '@server/core/clock';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { pruneAttemptLimitsJob } from '@server/core/attempt-limits';
import { sweepUsedTokensJob } from '@server/core/single-use';
import type { TJobQueue } from '@server/core/jobs/queue';
import { createMailer, type TMailer } from '@server/core/mailer';
import { createCourses } from '@server/courses';
import { landingService } from '@server/landing';
import { createLearning } from '@server/learning';
import { createLive } from '@server/live';
import { createMessages } from '@server/messages';
import { createNotifications, type TNotificationsPush } from '@server/notifications';
import { createRevenue } from '@server/revenue';
import { createAnalytics } from '@server/analytics';
import { createPayments } from '@server/payments';
import { answerStorage, createQuizzes } from '@server/quizzes';
import { createTransfers } from '@server/payments';
import { siteService } from '@server/site';
import { createSubscriptions } from '@server/subscriptions';
import { createVideo } from '@server/video';

/** `bus`: how cached data is invalidated on the other instances (main.ts listens; tests only publish). */
export type TServicesDeps = {
  config: TConfig;
  db: Db;
  jobs: TJobQueue;
  logger: Logger;
  mailer?: TMailer;
  bus?: TCacheBus;
  /** Tests only: the TLS agent and host of a local push-service stand-in (decision 210). */
  push?: TNotificationsPush;
};

/** Builds every domain once, from their index.ts files; routes and the demo seed share them. */
export function createServices({ config, db, jobs, logger, mailer = createMailer(config, logger), bus = createCacheBus({ db, logger }), push }: TServicesDeps) {
  // One clock for the domains that read the time: tests move it forward through releases and expiries.
  const clock = systemClock();
  const auth = createAuth({ config, db, mailer });
  // Issue 26: every domain that tells people something gets `notifications.notify` (core/notify-port.ts).
  const notifications = createNotifications({ db, clock, jobs, mailer, config, logger, bus, push, secret: resolveAuthSecret(config) });
  // Codes, receipts, card payments, live sessions and billing send their notices through it (decision 181).
  const noticeMail = notifications.mailer;
  const landing = landingService({ config, db, logger, bus });
  jobs.define(pruneAttemptLimitsJob(db));
  jobs.define(sweepUsedTokensJob(db));
  // Course cards on landing pages follow the courses at once (not after the 5-minute refresh).
  const courses = createCourses({
    dataDir: config.dataDir,
    db,
    clock,
    onCoursesChanged: (teacherId) => landing.site.coursesChanged(teacherId),
    // Courses cannot import the video domain (video → learning → courses): the link is made here.
    onLessonsRemoved: async (teacherId, lessonIds, courseId) => {
      await video.forgetLessons(teacherId, lessonIds);
      await quizzes.files.forgetLessons(teacherId, lessonIds, courseId);
    },
  });
  const certificates = createCertificates({ db, clock, config, files: courses.files });
  const live = createLive({ db, clock, config, mailer: noticeMail, jobs, courseContent: courses.content, notify: notifications.notify });
  // The lesson that completes a course issues its certificate (decision 069); My Subscriptions lists coming live sessions.
  const learning = createLearning({
    db,
    clock,
    onCourseCompleted: (studentId, courseId) => certificates.issueIfComplete(studentId, courseId),
    upcomingLive: async (studentId, platform) => (await live.joining.upcomingForStudent(studentId, { platform, courseId: null })).sessions,
    // Learning cannot import the quizzes domain (quizzes → learning): the perfect-score achievement is linked here.
    perfectScore: (studentId) => quizzes.taking.perfectScore(studentId),
  });
  const video = createVideo({ config, db, clock, jobs, auth, learning, logger, bus, findTeacher: (headers) => activeTeacher(auth, db, headers) });
  const billing = createBilling({
    db,
    clock,
    config,
    mailer: noticeMail,
    notify: notifications.notify,
    jobs,
    // The data deletion job (decision 102) removes videos and the lesson files under DATA_DIR/uploads/{teacherId}.
    removeTeacherFiles: async (teacherId, lessonIds) => {
      await video.forgetLessons(teacherId, lessonIds);
      await fs.rm(path.join(config.dataDir, 'uploads', teacherId), { recursive: true, force: true });
    },
  });
  // Quizzes (issue 25): outline items through courses, their completion through learning.
  const quizzes = createQuizzes({
    db,
    jobs,
    clock,
    learning,
    storage: answerStorage(config),
    removeItem: (teacherId, lessonId) => courses.content.removeLesson(teacherId, lessonId),
    notify: notifications.notify,
  });
  return {
    config,
    db,
    jobs,
    clock,
    auth,
    mailer,
    guards: guards(auth, db, config),
    accounts: accountsService({ db, auth, logger, jobs, config, mailer }),
    admin: createAdmin({ db, auth, mailer, config, bootstrapToken: config.adminBootstrapToken }),
    notifications,
    messages: createMessages({ db, clock, jobs, config, notify: notifications.notify }),
    landing,
    courses,
    certificates,
    codes: createCodes({ config, db, clock, jobs, mailer: noticeMail, notify: notifications.notify }),
    subscriptions: createSubscriptions({ db, clock }),
    learning,
    live,
    video,
    billing,
    revenue: createRevenue({ db, clock, config }),
    analytics: createAnalytics({ db, clock, jobs, itemAnalysis: (teacherId, quizId) => quizzes.results.itemAnalysis(teacherId, quizId) }),
    payments: createPayments({ config, db, clock, jobs, mailer: noticeMail, logger, notify: notifications.notify }),
    transfers: createTransfers({ config, db, clock, jobs, mailer: noticeMail, notify: notifications.notify }),
    quizzes,
    site: siteService({ db, mailer, secret: resolveAuthSecret(config), logger }),
    staff: createStaff({ db, clock, auth, config, mailer, secret: resolveAuthSecret(config), notifications: notifications.team }),
  };
}

export type TServices = ReturnType<typeof createServices>;
