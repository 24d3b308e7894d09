import { and, count, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { TFeedbackAnswer } from '@shared/schemas/messages';
import type { TFeedbackSubmission } from '@shared/schemas/site';
import { feedbackSubmissions, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TMessagesDeps } from './deps';

/*
 * Feedback to Darsi from a teacher's dashboard (issue 26): the same inbox as the public site's form, with the
 * teacher attached, so the admins answer and change its status and the teacher is notified and sees it.
 */
const PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

const view = (r: typeof feedbackSubmissions.$inferSelect) => ({
  id: r.id,
  category: r.category,
  title: r.title,
  text: r.text,
  email: r.email,
  status: r.status,
  answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function sendFeedback(deps: TMessagesDeps, teacher: { id: string; language: string }, input: TFeedbackSubmission) {
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ n: count() })
    .from(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.teacherId, teacher.id), gte(feedbackSubmissions.createdAt, new Date(now.getTime() - HOUR))));
  if ((recent?.n ?? 0) >= PER_HOUR) throw new AppError('RATE_LIMITED', undefined, { minutes: 60 });
  const [row] = await deps.db
    .insert(feedbackSubmissions)
    .values({
      category: input.category,
      title: input.title || null,
      text: input.text,
      email: input.email || null,
      language: teacher.language,
      teacherId: teacher.id,
      createdAt: now,
    })
    .returning();
  const admins = await deps.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
  await deps.notify({
    teacherId: null,
    kind: 'feedback',
    eventKey: `feedback:${row!.id}`,
    users: admins.map((a) => a.id),
    params: { title: input.title || input.text.slice(0, 80) },
    link: '/admin/dashboard/teacher-feedback',
  });
  return view(row!);
}

export async function teacherFeedback(deps: TMessagesDeps, teacherId: string) {
  const rows = await deps.db
    .select()
    .from(feedbackSubmissions)
    .where(eq(feedbackSubmissions.teacherId, teacherId))
    .orderBy(desc(feedbackSubmissions.createdAt))
    .limit(100);
  return { feedback: rows.map(view) };
}

export async function adminFeedback(deps: TMessagesDeps) {
  const rows = await deps.db
    .select({ row: feedbackSubmissions, teacher: teachers.name })
    .from(feedbackSubmissions)
    .innerJoin(teachers, eq(teachers.id, feedbackSubmissions.teacherId))
    .where(isNotNull(feedbackSubmissions.teacherId))
    .orderBy(desc(feedbackSubmissions.createdAt))
    .limit(200);
  return { feedback: rows.map((r) => ({ ...view(r.row), teacher: r.teacher })) };
}

export async function answerFeedback(deps: TMessagesDeps, adminUserId: string, id: string, input: TFeedbackAnswer) {
  const now = deps.clock.now();
  const answered = input.answer ? { answer: input.answer, answeredAt: now } : {};
  const [row] = await deps.db
    .update(feedbackSubmissions)
    .set({ status: input.status, ...answered, handledAt: now, handledBy: adminUserId })
    .where(and(eq(feedbackSubmissions.id, id), isNotNull(feedbackSubmissions.teacherId)))
    .returning();
  if (!row?.teacherId) throw new AppError('NOT_FOUND');
  await deps.notify({
    teacherId: row.teacherId,
    kind: 'feedbackAnswered',
    eventKey: `feedback-answer:${id}:${now.getTime()}`,
    toTeacher: true,
    params: { title: row.title || row.text.slice(0, 80) },
    link: '/dashboard/feedback',
  });
  return view(row);
}
