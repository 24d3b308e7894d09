import { eq } from 'drizzle-orm';
import { formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { courses, paymentOrders, teachers, user } from '@server/core/db/schema';
import { defineJob } from '@server/core/jobs/queue';
import type { TPaymentsDeps } from './deps';
import { paymentsText } from './texts';

/*
 * "Paid" e-mails to the student and to the teacher (issue 13), sent from the job queue like Darsi's other
 * messages, so that the webhook answers Chargily at once and a failing SMTP server is retried.
 */

type TOrderMail = { orderId: string };

export const orderMailJob = (deps: TPaymentsDeps) =>
  defineJob<TOrderMail>({ name: 'payments.order-paid-mail', queue: { retryLimit: 5, retryDelay: 60 }, run: ({ orderId }) => sendPaidMails(deps, orderId) });

async function sendPaidMails(deps: TPaymentsDeps, orderId: string) {
  const { db, config } = deps;
  const [row] = await db
    .select({ order: paymentOrders, course: courses.title, teacherName: teachers.name, subdomain: teachers.subdomain, teacherUserId: teachers.userId })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .innerJoin(teachers, eq(teachers.id, paymentOrders.teacherId))
    .where(eq(paymentOrders.id, orderId));
  if (!row || row.order.status !== 'paid') return { sent: 0 };
  const [student] = await db.select().from(user).where(eq(user.id, row.order.studentId));
  const [teacher] = await db.select().from(user).where(eq(user.id, row.teacherUserId));
  const scheme = config.publicHttps ? 'https' : 'http';
  const origin = `${scheme}://${row.subdomain}.${config.publicHost}`;
  const params = {
    course: row.course,
    teacher: row.teacherName,
    reference: row.order.reference,
  };
  let sent = 0;
  if (student) {
    const lng = toLanguage(student.language);
    const p = {
      ...params,
      amount: formatDzd(lng, row.order.amountDzd),
      name: student.name,
      test: row.order.livemode ? '' : paymentsText(lng, 'mail.testTag'),
      link: `${origin}/student/dashboard/payments/${row.order.id}`,
    };
    await deps.mailer.send({
      to: student.email,
      subject: paymentsText(lng, 'mail.studentPaid.subject', p),
      text: paymentsText(lng, 'mail.studentPaid.body', p),
      notice: { kind: 'cardPayment', userId: student.id },
    });
    sent += 1;
  }
  if (teacher) {
    const lng = toLanguage(teacher.language);
    const p = {
      ...params,
      amount: formatDzd(lng, row.order.amountDzd),
      name: teacher.name,
      student: student?.name ?? '',
      test: row.order.livemode ? '' : paymentsText(lng, 'mail.testTag'),
      link: `${scheme}://${config.publicHost}/teacher/students`,
    };
    await deps.mailer.send({
      to: teacher.email,
      subject: paymentsText(lng, 'mail.teacherPaid.subject', p),
      text: paymentsText(lng, 'mail.teacherPaid.body', p),
      notice: { kind: 'cardPayment', userId: teacher.id },
    });
    sent += 1;
  }
  return { sent };
}
