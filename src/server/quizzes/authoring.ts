import { and, asc, count, eq, sql } from 'drizzle-orm';
import { algiersLocalToDate } from '@shared/courses';
import type { TQuizCreate, TQuizInput } from '@shared/quizzes/schemas';
import type { TQuizListItem } from '@shared/quizzes/views';
import { addQuizItem, ownCourse, renameQuizItem } from '@server/courses';
import { iso } from '@server/core/dates';
import { lessons, quizAttempts, quizzes } from '@server/core/db/schema';
import type { TQuizzesDeps } from './deps';
import { ownQuiz, type TQuizRow } from './queries';
import { checkQuiz } from './validate-quiz';

/*
 * The teacher builds quizzes and exams (issue 25): each is an item of the course's outline (a lesson of type 'quiz',
 * decision 160) with its settings and subjects stored as checked JSON.
 */

const localDate = (v: string | null) => (v ? algiersLocalToDate(v) : null);

function rowValues(input: TQuizInput) {
  const { subjects, ...settings } = input;
  // A mock exam: one attempt, answers after the window (spec: solutions released after the window).
  const fixed = input.kind === 'mock' ? { ...settings, attemptsAllowed: 1, showAnswers: 'after_close' as const } : settings;
  return {
    title: input.title,
    kind: input.kind,
    settings: fixed,
    subjects,
    maxPoints: checkQuiz(input),
    opensAt: localDate(input.opensAt),
    closesAt: localDate(input.closesAt),
  };
}

/** Everything the editor shows, correct answers included (the teacher's own quiz). */
export function editorView(row: TQuizRow, attempts = 0) {
  return {
    id: row.id,
    courseId: row.courseId,
    lessonId: row.lessonId,
    ...row.settings,
    subjects: row.subjects,
    maxPoints: row.maxPoints,
    attempts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createQuiz({ db }: TQuizzesDeps, teacherId: string, input: TQuizCreate) {
  const { courseId, sectionId, ...quiz } = input;
  const values = rowValues(quiz);
  return db.transaction(async (tx) => {
    const item = await addQuizItem(tx, teacherId, courseId, sectionId, quiz.title);
    const [row] = await tx
      .insert(quizzes)
      .values({ teacherId, courseId, lessonId: item.id, ...values })
      .returning();
    return editorView(row!);
  });
}

export async function updateQuiz({ db }: TQuizzesDeps, teacherId: string, quizId: string, input: TQuizInput) {
  const values = rowValues(input);
  return db.transaction(async (tx) => {
    const quiz = await ownQuiz(tx, teacherId, quizId);
    const [row] = await tx
      .update(quizzes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(quizzes.id, quiz.id))
      .returning();
    await renameQuizItem(tx, teacherId, quiz.lessonId, input.title);
    return editorView(row!, await attemptsCount(tx, quiz.id));
  });
}

const attemptsCount = async (tx: Pick<TQuizzesDeps['db'], 'select'>, quizId: string) =>
  (await tx.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quizId)))[0]?.n ?? 0;

export async function getQuiz({ db }: TQuizzesDeps, teacherId: string, quizId: string) {
  const row = await ownQuiz(db, teacherId, quizId);
  return editorView(row, await attemptsCount(db, row.id));
}

/** Removing the outline item removes the quiz, its attempts and answers (cascade). */
export async function removeQuiz(deps: TQuizzesDeps, teacherId: string, quizId: string) {
  const row = await ownQuiz(deps.db, teacherId, quizId);
  await deps.removeItem(teacherId, row.lessonId);
  return { ok: true as const };
}

export async function listQuizzes({ db }: TQuizzesDeps, teacherId: string, courseId: string): Promise<{ quizzes: TQuizListItem[] }> {
  await ownCourse(db, teacherId, courseId);
  const rows = await db
    .select({
      quiz: quizzes,
      sectionId: lessons.sectionId,
      attempts: sql<number>`(select count(*)::int from quiz_attempts a where a.quiz_id = ${quizzes.id} and not a.practice)`,
      toGrade: sql<number>`(select coalesce(sum(a.pending_grading), 0)::int from quiz_attempts a where a.quiz_id = ${quizzes.id} and a.status = 'submitted')`,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(and(eq(quizzes.teacherId, teacherId), eq(quizzes.courseId, courseId)))
    .orderBy(asc(lessons.position));
  return {
    quizzes: rows.map(({ quiz, sectionId, attempts, toGrade }) => ({
      id: quiz.id,
      lessonId: quiz.lessonId,
      sectionId,
      title: quiz.title,
      kind: quiz.kind as TQuizListItem['kind'],
      maxPoints: quiz.maxPoints,
      attempts: Number(attempts),
      toGrade: Number(toGrade),
      opensAt: iso(quiz.opensAt),
      closesAt: iso(quiz.closesAt),
    })),
  };
}
