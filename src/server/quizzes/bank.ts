import { and, asc, eq } from 'drizzle-orm';
import type { TBankQuestionInput, TExtraTime } from '@shared/quizzes/schemas';
import { ownCourse } from '@server/courses';
import { quizBankQuestions, quizExtraTime, teacherStudents } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { isUuid } from '@server/core/db/sql';
import type { TQuizzesDeps } from './deps';
import { ownQuiz } from './queries';
import { bankFigureKey } from './storage';
import { checkQuestion } from './validate-quiz';

/*
 * The course's question bank (issue 25): questions tagged by chapter and year, drawn by quizzes per attempt; and
 * the extra time a teacher gives one student on one quiz.
 */

const b = quizBankQuestions;

const bankView = (row: typeof b.$inferSelect) => ({ id: row.id, chapter: row.chapter, year: row.year, question: row.question });

export async function listBank({ db }: TQuizzesDeps, teacherId: string, courseId: string, filter: { chapter?: string; year?: number }) {
  await ownCourse(db, teacherId, courseId);
  const rows = await db
    .select()
    .from(b)
    .where(
      and(
        eq(b.teacherId, teacherId),
        eq(b.courseId, courseId),
        filter.chapter === undefined ? undefined : eq(b.chapter, filter.chapter),
        filter.year === undefined ? undefined : eq(b.year, filter.year),
      ),
    )
    .orderBy(asc(b.chapter), asc(b.createdAt));
  return { questions: rows.map(bankView) };
}

export async function addBankQuestion({ db }: TQuizzesDeps, teacherId: string, courseId: string, input: TBankQuestionInput) {
  checkQuestion(input.question, 'question');
  await ownCourse(db, teacherId, courseId);
  const [row] = await db.insert(b).values({ teacherId, courseId, chapter: input.chapter, year: input.year, question: input.question }).returning();
  return bankView(row!);
}

async function ownBankQuestion({ db }: TQuizzesDeps, teacherId: string, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select()
    .from(b)
    .where(and(eq(b.id, id), eq(b.teacherId, teacherId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The question's figure file goes when the figure is replaced or removed, or with the question (decision 232). */
async function dropFigure({ storage }: TQuizzesDeps, row: typeof b.$inferSelect, keep: string | null = null) {
  const figure = row.question.figure ?? null;
  if (figure && figure !== keep) await storage.remove(bankFigureKey(row.teacherId, row.courseId, figure));
}

export async function updateBankQuestion(deps: TQuizzesDeps, teacherId: string, id: string, input: TBankQuestionInput) {
  checkQuestion(input.question, 'question');
  const row = await ownBankQuestion(deps, teacherId, id);
  const [updated] = await deps.db.update(b).set({ chapter: input.chapter, year: input.year, question: input.question }).where(eq(b.id, row.id)).returning();
  await dropFigure(deps, row, input.question.figure);
  return bankView(updated!);
}

export async function removeBankQuestion(deps: TQuizzesDeps, teacherId: string, id: string) {
  const row = await ownBankQuestion(deps, teacherId, id);
  await deps.db.delete(b).where(eq(b.id, row.id));
  await dropFigure(deps, row);
  return { ok: true as const };
}

/** 0 minutes removes it. Applies to attempts started afterwards (an open attempt keeps its deadline). */
export async function setExtraTime({ db }: TQuizzesDeps, teacherId: string, quizId: string, input: TExtraTime) {
  const quiz = await ownQuiz(db, teacherId, quizId);
  const [known] = await db
    .select({ id: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, input.studentId)));
  if (!known) throw new AppError('NOT_FOUND');
  if (input.minutes === 0) {
    await db.delete(quizExtraTime).where(and(eq(quizExtraTime.quizId, quiz.id), eq(quizExtraTime.studentId, input.studentId)));
  } else {
    await db
      .insert(quizExtraTime)
      .values({ teacherId, quizId: quiz.id, studentId: input.studentId, minutes: input.minutes })
      .onConflictDoUpdate({ target: [quizExtraTime.quizId, quizExtraTime.studentId], set: { minutes: input.minutes } });
  }
  return { ok: true as const, studentId: input.studentId, minutes: input.minutes };
}

export async function listExtraTime({ db }: TQuizzesDeps, teacherId: string, quizId: string) {
  const quiz = await ownQuiz(db, teacherId, quizId);
  const rows = await db
    .select({ studentId: quizExtraTime.studentId, minutes: quizExtraTime.minutes })
    .from(quizExtraTime)
    .where(and(eq(quizExtraTime.teacherId, teacherId), eq(quizExtraTime.quizId, quiz.id)));
  return { extraTime: rows };
}
