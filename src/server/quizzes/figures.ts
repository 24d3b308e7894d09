import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { FIGURE_MAX_BYTES } from '@shared/quizzes/schemas';
import { ownCourse } from '@server/courses';
import { quizAttempts } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import type { TQuizzesDeps, TWhere } from './deps';
import { ownQuiz, quizById, type TQuizRow } from './queries';
import { bankFigureKey, lessonPrefix } from './storage';

/*
 * Figures of questions and exercises (decision 206): a graph, a circuit, a table of values, uploaded by the teacher
 * while writing the quiz. Only JPEG, PNG or WebP by their magic numbers (file-type), re-encoded to WebP by sharp like
 * a receipt (metadata and appended bytes dropped), at most FIGURE_MAX_BYTES before re-encoding. Stored under the
 * quiz's outline item, so they leave with it; served under a sandbox to the teacher and to students who may open
 * the quiz. SVG is refused: it can carry scripts.
 *
 * Bank questions have figures too (decision 232), stored under the course's bank (`{teacherId}/bank/{courseId}/`)
 * and removed with their question. A quiz that draws the question keeps the figure's name in the paper; the quiz's
 * figure routes fall back to the bank of the quiz's course, and a student gets a bank figure only when one of their
 * own papers of that quiz holds it.
 */

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const figureKey = (quiz: TQuizRow, name: string) => `${lessonPrefix(quiz.teacherId, quiz.lessonId)}figures/${name}`;

async function checkedFigure(body: Buffer) {
  const detected = await fileTypeFromBuffer(body).catch(() => undefined);
  if (!detected || !IMAGES.has(detected.mime)) throw new AppError('FIGURE_INVALID');
  const checked = await checkReceipt(body, FIGURE_MAX_BYTES).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'RECEIPT_TOO_LARGE') throw new AppError('FIGURE_TOO_LARGE', undefined, error.params);
    throw new AppError('FIGURE_INVALID');
  });
  return { name: `${randomUUID()}.${checked.ext}`, bytes: checked.bytes };
}

export async function uploadFigure({ db, storage }: TQuizzesDeps, teacherId: string, quizId: string, body: Buffer) {
  const quiz = await ownQuiz(db, teacherId, quizId);
  const checked = await checkedFigure(body);
  await storage.put(figureKey(quiz, checked.name), checked.bytes);
  return { figure: checked.name, size: checked.bytes.length };
}

/** A figure for a question of the course's bank, uploaded before the question is saved (like a quiz's). */
export async function uploadBankFigure({ db, storage }: TQuizzesDeps, teacherId: string, courseId: string, body: Buffer) {
  await ownCourse(db, teacherId, courseId);
  const checked = await checkedFigure(body);
  await storage.put(bankFigureKey(teacherId, courseId, checked.name), checked.bytes);
  return { figure: checked.name, size: checked.bytes.length };
}

async function stored({ storage }: TQuizzesDeps, key: string, name: string) {
  const found = await storage.get(key);
  return found ? { ...found, mime: 'image/webp', name } : null;
}

const orNotFound = <T>(found: T | null): T => {
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

export async function teacherBankFigure(deps: TQuizzesDeps, teacherId: string, courseId: string, name: string) {
  await ownCourse(deps.db, teacherId, courseId);
  return orNotFound(await stored(deps, bankFigureKey(teacherId, courseId, name), name));
}

/** The quiz's own figure, or one of its course's bank (a drawn question's). */
export async function teacherFigure(deps: TQuizzesDeps, teacherId: string, quizId: string, name: string) {
  const quiz = await ownQuiz(deps.db, teacherId, quizId);
  return orNotFound((await stored(deps, figureKey(quiz, name), name)) ?? (await stored(deps, bankFigureKey(quiz.teacherId, quiz.courseId, name), name)));
}

/** Whether one of the student's papers of this quiz shows this figure (a drawn bank question's). */
async function drawnFor({ db }: TQuizzesDeps, studentId: string, quizId: string, name: string) {
  const [row] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.studentId, studentId),
        sql`jsonb_path_exists(${quizAttempts.paper}, '$.exercises[*].questions[*] ? (@.figure == $f)', jsonb_build_object('f', ${name}::text))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A student sees a quiz's figures when they may open its outline item (enrolled, item open); a bank figure only
 * when it is on one of their own papers (another student's draw stays unseen).
 */
export async function studentFigure(deps: TQuizzesDeps, studentId: string, quizId: string, name: string, where: TWhere) {
  const quiz = await quizById(deps.db, quizId);
  await deps.learning.openLesson(studentId, quiz.lessonId, where);
  const own = await stored(deps, figureKey(quiz, name), name);
  if (own) return own;
  if (!(await drawnFor(deps, studentId, quiz.id, name))) throw new AppError('NOT_FOUND');
  return orNotFound(await stored(deps, bankFigureKey(quiz.teacherId, quiz.courseId, name), name));
}
