import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TGrade } from '@shared/quizzes/schemas';
import type { TGradingItem } from '@shared/quizzes/views';
import { iso } from '@server/core/dates';
import { quizAnswers, quizAttempts, students } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TQuizzesDeps } from './deps';
import { afterMarked, closeExpired, totals } from './finalize';
import { ownQuiz, teacherAttempt } from './queries';

/*
 * The grading queue (issue 25): handwritten answers of submitted attempts, marked per criterion of the question's
 * rubric with a comment. The attempt's total follows; the last one graded makes it final and tells the student.
 */

export async function gradingQueue(deps: TQuizzesDeps, teacherId: string, quizId: string): Promise<{ items: TGradingItem[] }> {
  const quiz = await ownQuiz(deps.db, teacherId, quizId);
  await closeExpired(deps, deps.db, quiz);
  const rows = await deps.db
    .select({
      attempt: quizAttempts,
      name: students.name,
      questionId: quizAnswers.questionId,
      fileName: quizAnswers.fileName,
      fileType: quizAnswers.fileType,
      fileSize: quizAnswers.fileSize,
    })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .innerJoin(students, eq(students.id, quizAttempts.studentId))
    .where(
      and(
        eq(quizAttempts.teacherId, teacherId),
        eq(quizAttempts.quizId, quiz.id),
        eq(quizAttempts.status, 'submitted'),
        isNotNull(quizAnswers.fileKey),
        isNull(quizAnswers.gradedAt),
      ),
    )
    .orderBy(asc(quizAttempts.submittedAt));
  const items: TGradingItem[] = [];
  for (const r of rows) {
    const exercise = r.attempt.paper.exercises.find((e) => e.questions.some((q) => q.id === r.questionId));
    const q = exercise?.questions.find((x) => x.id === r.questionId);
    if (!exercise || q?.type !== 'upload') continue;
    items.push({
      attemptId: r.attempt.id,
      studentName: r.name,
      questionId: q.id,
      exerciseTitle: exercise.title,
      prompt: q.prompt,
      rubric: q.rubric.map((c) => ({ id: c.id, label: c.label, points: c.points })),
      file: { name: r.fileName ?? 'file', type: r.fileType ?? '', size: r.fileSize ?? 0, url: `/api/quizzes/teacher/attempts/${r.attempt.id}/files/${q.id}` },
      submittedAt: iso(r.attempt.submittedAt),
    });
  }
  return { items };
}

/** Marks one handwritten answer (again, if the teacher changes their mind); the attempt's total follows. */
export async function gradeAnswer(deps: TQuizzesDeps, teacherId: string, attemptId: string, input: TGrade) {
  const { db, clock } = deps;
  const first = await teacherAttempt(db, teacherId, attemptId);
  if (first.status === 'open') throw new AppError('ATTEMPT_NOT_SUBMITTED');
  const quiz = await ownQuiz(db, teacherId, first.quizId);
  const q = first.paper.exercises.flatMap((e) => e.questions).find((x) => x.id === input.questionId);
  if (q?.type !== 'upload') throw new AppError('ATTEMPT_QUESTION_UNKNOWN');
  const byId = new Map(input.criteria.map((c) => [c.id, c.points]));
  if (input.criteria.some((c) => !q.rubric.some((r) => r.id === c.id))) throw new AppError('GRADE_INVALID');
  const criteria = q.rubric.map((r) => ({ id: r.id, points: byId.get(r.id) ?? 0 }));
  if (criteria.some((c, i) => c.points > q.rubric[i]!.points)) throw new AppError('GRADE_INVALID');
  const earned = Math.round(criteria.reduce((s, c) => s + c.points, 0) * 100) / 100;
  const now = clock.now();
  const { row, wasPending } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, first.id)).for('update');
    const graded = await tx
      .update(quizAnswers)
      .set({ earned, criteria, comment: input.comment || null, gradedAt: now })
      .where(and(eq(quizAnswers.attemptId, first.id), eq(quizAnswers.questionId, q.id), isNotNull(quizAnswers.fileKey)))
      .returning({ q: quizAnswers.questionId });
    if (graded.length === 0) throw new AppError('ATTEMPT_QUESTION_UNKNOWN');
    const answers = await tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, first.id));
    const t = totals(quiz, locked!, answers);
    const [updated] = await tx
      .update(quizAttempts)
      .set({ points: t.points, pendingGrading: t.pending, passed: t.passed, status: t.status })
      .where(eq(quizAttempts.id, first.id))
      .returning();
    return { row: updated!, wasPending: locked!.pendingGrading > 0 };
  });
  if (row.status === 'graded' && wasPending) {
    await afterMarked(deps, quiz, row);
    await deps.notify?.({
      teacherId,
      kind: 'quizGraded',
      eventKey: `quiz-graded:${row.id}`,
      users: [row.studentId],
      params: { title: quiz.title },
      link: `/student/dashboard/quizzes/attempts/${row.id}`,
    });
  }
  return {
    questionId: q.id,
    earned,
    criteria,
    comment: input.comment,
    attempt: { status: row.status, points: row.points, pendingGrading: row.pendingGrading, passed: row.passed },
  };
}
