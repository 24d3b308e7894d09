import { eq } from 'drizzle-orm';
import { formatDzd } from '@shared/format';
import { toLanguage, type TLanguage } from '@shared/i18n';
import { courses, paymentOrders, paymentReceipts, teachers, user } from '@server/core/db/schema';
import { localeInstance } from '@server/core/i18n';
import { defineJob } from '@server/core/jobs/queue';
import type { TTransferDeps } from './transfer-deps';

/*
 * Both sides are told by e-mail, from the job queue: the teacher when a receipt arrives, the student when it is
 * approved (with the link to the course) or rejected (with the teacher's reason and the link to send another).
 */

export type TTransferNotice = { kind: 'received' | 'approved' | 'rejected'; receiptId: string };

const texts = localeInstance(['transfers'], 'transfers');
const text = (lng: TLanguage, key: string, params: Record<string, string>) => texts.t(key, { lng, ns: 'transfers', ...params });

async function context({ db }: TTransferDeps, receiptId: string) {
  const [row] = await db
    .select({
      receipt: paymentReceipts,
      order: paymentOrders,
      course: courses.title,
      teacherName: teachers.name,
      teacherUserId: teachers.userId,
      subdomain: teachers.subdomain,
    })
    .from(paymentReceipts)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentReceipts.orderId))
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .innerJoin(teachers, eq(teachers.id, paymentReceipts.teacherId))
    .where(eq(paymentReceipts.id, receiptId));
  return row ?? null;
}

async function recipient({ db }: TTransferDeps, userId: string) {
  const [row] = await db.select({ email: user.email, name: user.name, language: user.language }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

/** The same event in the notification centre (issue 26); the e-mail below stays this job's. */
async function notifyInApp(deps: TTransferDeps, kind: TTransferNotice['kind'], ctx: NonNullable<Awaited<ReturnType<typeof context>>>) {
  const received = kind === 'received';
  const [student] = received ? await deps.db.select({ name: user.name }).from(user).where(eq(user.id, ctx.receipt.studentId)) : [];
  await deps.notify?.({
    teacherId: ctx.receipt.teacherId,
    kind: received ? 'receipt' : 'receiptDecided',
    eventKey: `receipt:${kind}:${ctx.receipt.id}`,
    ...(received ? { toTeacher: true } : { users: [ctx.receipt.studentId] }),
    ownEmail: true,
    params: received ? { student: student?.name ?? '', course: ctx.course } : { context: kind === 'approved' ? 'accepted' : 'refused', course: ctx.course },
    link: received
      ? '/teacher/receipts'
      : kind === 'approved'
        ? `/student/dashboard/courses/${ctx.order.courseId}`
        : `/student/dashboard/orders/${ctx.order.id}`,
  });
}

export async function sendTransferNotice(deps: TTransferDeps, { kind, receiptId }: TTransferNotice) {
  const ctx = await context(deps, receiptId);
  if (!ctx) return { sent: false };
  await notifyInApp(deps, kind, ctx);
  const userId = kind === 'received' ? ctx.teacherUserId : ctx.receipt.studentId;
  const to = await recipient(deps, userId);
  if (!to) return { sent: false };
  const lng = toLanguage(to.language);
  const scheme = deps.config.publicHttps ? 'https' : 'http';
  const base = `${scheme}://${ctx.subdomain}.${deps.config.publicHost}`;
  const link =
    kind === 'received'
      ? `${scheme}://${deps.config.publicHost}/teacher/receipts`
      : kind === 'approved'
        ? `${base}/student/dashboard/courses/${ctx.order.courseId}`
        : `${base}/student/dashboard/orders/${ctx.order.id}`;
  const params = {
    name: to.name,
    course: ctx.course,
    teacher: ctx.teacherName,
    reference: ctx.order.reference,
    amount: formatDzd(lng, ctx.order.amountDzd),
    reason: ctx.receipt.rejectReason ?? '',
    link,
  };
  await deps.mailer.send({
    to: to.email,
    subject: text(lng, `emails.${kind}.subject`, params),
    text: text(lng, `emails.${kind}.body`, params),
    notice: { kind: kind === 'received' ? 'receipt' : 'receiptDecided', userId },
  });
  return { sent: true };
}

export const transferNoticeJob = (deps: TTransferDeps) =>
  defineJob<TTransferNotice>({ name: 'payments.transfer-notice', queue: { retryLimit: 3, retryDelay: 60 }, run: (data) => sendTransferNotice(deps, data) });
