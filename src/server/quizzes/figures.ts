import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { FIGURE_MAX_BYTES } from '@shared/quizzes/schemas';
import { AppError } from '@server/core/errors';
import { checkReceipt } from '@server/core/receipt-check';
import type { TQuizzesDeps, TWhere } from './deps';
import { ownQuiz, quizById, type TQuizRow } from './queries';
import { lessonPrefix } from './storage';

/*
 * Figures of questions and exercises (decision 206): a graph, a circuit, a table of values, uploaded by the teacher
 * while writing the quiz. Only JPEG, PNG or WebP by their magic numbers (file-type), re-encoded to WebP by sharp like
 * a receipt (metadata and appended bytes dropped), at most FIGURE_MAX_BYTES before re-encoding. Stored under the
 * quiz's outline item, so they leave with it; served under a sandbox to the teacher and to students who may open
 * the quiz. SVG is refused: it can carry scripts.
 */

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const figureKey = (quiz: TQuizRow, name: string) => `${lessonPrefix(quiz.teacherId, quiz.lessonId)}figures/${name}`;

export async function uploadFigure({ db, storage }: TQuizzesDeps, teacherId: string, quizId: string, body: Buffer) {
  const quiz = await ownQuiz(db, teacherId, quizId);
  const detected = await fileTypeFromBuffer(body).catch(() => undefined);
  if (!detected || !IMAGES.has(detected.mime)) throw new AppError('FIGURE_INVALID');
  const checked = await checkReceipt(body, FIGURE_MAX_BYTES).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'RECEIPT_TOO_LARGE') throw new AppError('FIGURE_TOO_LARGE', undefined, error.params);
    throw new AppError('FIGURE_INVALID');
  });
  const name = `${randomUUID()}.${checked.ext}`;
  await storage.put(figureKey(quiz, name), checked.bytes);
  return { figure: name, size: checked.bytes.length };
}

async function figureOf({ storage }: TQuizzesDeps, quiz: TQuizRow, name: string) {
  const stored = await storage.get(figureKey(quiz, name));
  if (!stored) throw new AppError('NOT_FOUND');
  return { ...stored, mime: 'image/webp', name };
}

export async function teacherFigure(deps: TQuizzesDeps, teacherId: string, quizId: string, name: string) {
  return figureOf(deps, await ownQuiz(deps.db, teacherId, quizId), name);
}

/** A student sees a quiz's figures when they may open its outline item (enrolled, item open). */
export async function studentFigure(deps: TQuizzesDeps, studentId: string, quizId: string, name: string, where: TWhere) {
  const quiz = await quizById(deps.db, quizId);
  await deps.learning.openLesson(studentId, quiz.lessonId, where);
  return figureOf(deps, quiz, name);
}
