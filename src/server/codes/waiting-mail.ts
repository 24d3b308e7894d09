import { and, count, eq } from 'drizzle-orm';
import { toLanguage } from '@shared/i18n';
import { codeRequests, teachers, user } from '@server/core/db/schema';
import { coursesText } from '@server/core/i18n';
import { defineJob } from '@server/core/jobs/queue';
import { waitingLinkToken } from './confirm-link';
import type { TCodesDeps } from './deps';
import { noticeCodeWaiting } from './notices';

/*
 * The teacher is told when codes wait for confirmation (issue 22): one e-mail per burst, never one per
 * code. Every waiting code asks for the job with the teacher as its singleton key: pg-boss keeps one job
 * per teacher and hour, started two minutes later, so a burst of requests is counted once, when it settles.
 */

/** Two minutes for a burst to settle; the browser tests' server (NODE_ENV=test) waits two seconds. */
const settleSeconds = (deps: TCodesDeps) => (deps.config.env === 'test' ? 2 : 120);
const ONE_MAIL_PER_SECONDS = 3_600;

export function waitingCodesMailJob(deps: TCodesDeps) {
  return defineJob<{ teacherId: string }>({
    name: 'codes.waiting-mail',
    queue: { retryLimit: 2, retryDelay: 60 },
    run: async ({ teacherId }) => {
      const [row] = await deps.db
        .select({ n: count() })
        .from(codeRequests)
        .where(and(eq(codeRequests.teacherId, teacherId), eq(codeRequests.status, 'pending')));
      const waiting = row?.n ?? 0;
      if (waiting === 0) return;
      const [who] = await deps.db
        .select({ email: teachers.email, name: teachers.name, language: user.language, userId: user.id })
        .from(teachers)
        .innerJoin(user, eq(user.id, teachers.userId))
        .where(eq(teachers.id, teacherId));
      if (!who) return;
      const lng = toLanguage(who.language);
      // One click away from confirming (decision 137): the token rides in the fragment, out of every log.
      const link = `${deps.config.publicHttps ? 'https' : 'http'}://${deps.config.publicHost}/teacher/codes/waiting#${waitingLinkToken(deps, teacherId, deps.clock.now())}`;
      const params = { name: who.name, count: waiting, link };
      await deps.mailer.send({
        to: who.email,
        subject: coursesText(lng, 'emails.codesWaiting.subject', params),
        text: coursesText(lng, 'emails.codesWaiting.body', params),
        notice: { kind: 'codeRequest', userId: who.userId },
      });
    },
  });
}

/** Asks for the e-mail after a code starts waiting; the singleton key folds a burst into one job. */
export async function announceWaitingCode(deps: TCodesDeps, teacherId: string, request?: { studentId: string; hmac: string }): Promise<void> {
  if (request) await noticeCodeWaiting(deps, teacherId, request.studentId, request.hmac);
  // The request is saved and shows on the teacher's pages whatever happens here: a queue hiccup must not
  // turn the student's answer into an error.
  await deps.jobs
    .send(waitingCodesMailJob(deps), { teacherId }, { singletonKey: teacherId, singletonSeconds: ONE_MAIL_PER_SECONDS, startAfter: settleSeconds(deps) })
    .catch(() => null);
}
