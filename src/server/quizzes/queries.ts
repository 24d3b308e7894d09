import { and, eq } from 'drizzle-orm';
import { quizAttempts, quizzes } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { isUuid, type TTx } from '@server/core/db/sql';

export type TQuizRow = typeof quizzes.$inferSelect;
export type TAttemptRow = typeof quizAttempts.$inferSelect;

/** The teacher's own quiz, or QUIZ_NOT_FOUND (another teacher's quiz looks like no quiz at all). */
export async function ownQuiz(tx: TTx, teacherId: string, quizId: string): Promise<TQuizRow> {
  if (!isUuid(quizId)) throw new AppError('QUIZ_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.teacherId, teacherId)));
  if (!row) throw new AppError('QUIZ_NOT_FOUND');
  return row;
}

export async function quizById(tx: TTx, quizId: string): Promise<TQuizRow> {
  if (!isUuid(quizId)) throw new AppError('QUIZ_NOT_FOUND');
  const [row] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!row) throw new AppError('QUIZ_NOT_FOUND');
  return row;
}

export async function quizByLesson(tx: TTx, lessonId: string): Promise<TQuizRow> {
  if (!isUuid(lessonId)) throw new AppError('QUIZ_NOT_FOUND');
  const [row] = await tx.select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
  if (!row) throw new AppError('QUIZ_NOT_FOUND');
  return row;
}

/** The teacher's own attempt (any of their quizzes). */
export async function teacherAttempt(tx: TTx, teacherId: string, attemptId: string): Promise<TAttemptRow> {
  if (!isUuid(attemptId)) throw new AppError('ATTEMPT_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.teacherId, teacherId)));
  if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
  return row;
}

/** The student's own attempt. */
export async function studentAttempt(tx: TTx, studentId: string, attemptId: string): Promise<TAttemptRow> {
  if (!isUuid(attemptId)) throw new AppError('ATTEMPT_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.studentId, studentId)));
  if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
  return row;
}
