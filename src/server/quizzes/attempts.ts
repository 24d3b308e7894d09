import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dateToAlgiersLocal } from '@shared/courses';
import type { TAttemptStart } from '@shared/quizzes/schemas';
import { buildPaper, paperPoints } from '@shared/quizzes/variant';
import type { TAttemptView, TQuizIntro } from '@shared/quizzes/views';
import { iso } from '@server/core/dates';
import { quizAnswers, quizAttempts, quizBankQuestions, quizExtraTime } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { isUuid, type TTx } from '@server/core/db/sql';
import type { TQuizzesDeps, TWhere } from './deps';
import { finalize, submitOwn } from './finalize';
import { attemptSummary, deadlineOf, expired, paperExercises } from './paper-view';
import { quizById, quizByLesson, studentAttempt, type TAttemptRow, type TQuizRow } from './queries';

/*
 * Taking a quiz (issue 25, decision 162): the student's page of the quiz, starting (or finding the open attempt: a
 * second device gets the same one), reopening it. Access is the outline item's: enrolled, and the item open
 * (organized order, scheduled release), decided by the learning domain.
 */

const a = quizAttempts;

async function extraMinutes(tx: TTx, quizId: string, studentId: string) {
  const [row] = await tx
    .select({ minutes: quizExtraTime.minutes })
    .from(quizExtraTime)
    .where(and(eq(quizExtraTime.quizId, quizId), eq(quizExtraTime.studentId, studentId)));
  return row?.minutes ?? 0;
}

/** The student's attempts at this quiz, the expired open one closed first. */
async function attemptsOf(deps: TQuizzesDeps, quiz: TQuizRow, studentId: string) {
  const rows = await deps.db
    .select()
    .from(a)
    .where(and(eq(a.quizId, quiz.id), eq(a.studentId, studentId)))
    .orderBy(asc(a.startedAt));
  const now = deps.clock.now();
  return Promise.all(rows.map((r) => (r.status === 'open' && expired(r, now) ? finalize(deps, quiz, r.id) : r)));
}

function blockedReason(quiz: TQuizRow, counted: number, now: Date): TQuizIntro['blocked'] {
  if (quiz.opensAt && now < quiz.opensAt) return 'not_open';
  if (quiz.closesAt && now >= quiz.closesAt) return 'closed';
  const allowed = quiz.kind === 'practice' ? null : quiz.settings.attemptsAllowed;
  if (allowed !== null && counted >= allowed) return 'no_attempts_left';
  return null;
}

export async function quizIntro(deps: TQuizzesDeps, studentId: string, lessonId: string, where: TWhere): Promise<TQuizIntro> {
  await deps.learning.openLesson(studentId, lessonId, where);
  const quiz = await quizByLesson(deps.db, lessonId);
  const rows = await attemptsOf(deps, quiz, studentId);
  const open = rows.find((r) => r.status === 'open') ?? null;
  const s = quiz.settings;
  return {
    quiz: {
      id: quiz.id,
      title: quiz.title,
      description: s.description,
      kind: s.kind,
      courseId: quiz.courseId,
      lessonId: quiz.lessonId,
      timeLimitMinutes: s.timeLimitMinutes,
      extraMinutes: await extraMinutes(deps.db, quiz.id, studentId),
      attemptsAllowed: quiz.kind === 'practice' ? null : s.attemptsAllowed,
      passPercent: s.passPercent,
      scaleTo: s.scaleTo,
      showAnswers: s.showAnswers,
      opensAt: iso(quiz.opensAt),
      closesAt: iso(quiz.closesAt),
      maxPoints: quiz.maxPoints,
      subjects: quiz.subjects.map((x) => ({ id: x.id, title: x.title })),
    },
    attempts: rows.map((r) => attemptSummary(r, quiz)),
    openAttemptId: open?.id ?? null,
    blocked: open ? null : blockedReason(quiz, rows.filter((r) => !r.practice).length, deps.clock.now()),
  };
}

/** The bank questions each draw may take, in a stable order (the seed then picks among them). */
async function drawPools(tx: TTx, quiz: TQuizRow) {
  return Promise.all(
    quiz.settings.draws.map(async (d) => {
      const rows = await tx
        .select({ id: quizBankQuestions.id, question: quizBankQuestions.question })
        .from(quizBankQuestions)
        .where(
          and(
            eq(quizBankQuestions.courseId, quiz.courseId),
            eq(quizBankQuestions.teacherId, quiz.teacherId),
            d.chapter ? eq(quizBankQuestions.chapter, d.chapter) : undefined,
            d.year === null ? undefined : eq(quizBankQuestions.year, d.year),
          ),
        )
        .orderBy(asc(quizBankQuestions.id));
      return rows.map((r) => ({ ...r.question, id: r.id }));
    }),
  );
}

async function openAttemptOf(tx: TTx, quizId: string, studentId: string) {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.quizId, quizId), eq(a.studentId, studentId), eq(a.status, 'open')));
  return row ?? null;
}

export async function startAttempt(deps: TQuizzesDeps, studentId: string, quizId: string, input: TAttemptStart, where: TWhere): Promise<TAttemptView> {
  const { db, clock } = deps;
  const quiz = await quizById(db, quizId);
  await deps.learning.openLesson(studentId, quiz.lessonId, where);
  const rows = await attemptsOf(deps, quiz, studentId);
  const open = rows.find((r) => r.status === 'open');
  if (open) return view(deps, quiz, open);
  const now = clock.now();
  const blocked = blockedReason(quiz, rows.filter((r) => !r.practice).length, now);
  if (blocked === 'not_open') throw new AppError('QUIZ_NOT_OPEN');
  if (blocked === 'closed') throw new AppError('QUIZ_CLOSED');
  if (blocked === 'no_attempts_left') throw new AppError('QUIZ_NO_ATTEMPTS_LEFT');
  const subject = quiz.kind === 'mock' ? quiz.subjects.find((x) => x.id === input.subjectId) : quiz.subjects[0];
  if (!subject) throw new AppError('QUIZ_SUBJECT_REQUIRED');
  const practice = quiz.kind === 'practice';
  const seed = randomInt(0, 2 ** 31);
  const paper = buildPaper(subject, quiz.settings, await drawPools(db, quiz), seed);
  const extra = await extraMinutes(db, quiz.id, studentId);
  const [created] = await db
    .insert(a)
    .values({
      teacherId: quiz.teacherId,
      quizId: quiz.id,
      courseId: quiz.courseId,
      studentId,
      subjectId: subject.id,
      practice,
      seed,
      paper,
      startedAt: now,
      deadlineAt: deadlineOf(quiz, now, extra, practice),
      maxPoints: paperPoints(paper),
    })
    // Two devices starting at once: the partial unique index keeps one open attempt; the other reads it.
    .onConflictDoNothing()
    .returning();
  const row = created ?? (await openAttemptOf(db, quiz.id, studentId));
  if (!row) throw new AppError('CONFLICT');
  return view(deps, quiz, row);
}

async function view(deps: TQuizzesDeps, quiz: TQuizRow, row: TAttemptRow): Promise<TAttemptView> {
  const answers = await deps.db
    .select({
      questionId: quizAnswers.questionId,
      value: quizAnswers.value,
      seq: quizAnswers.seq,
      fileName: quizAnswers.fileName,
      fileType: quizAnswers.fileType,
      fileSize: quizAnswers.fileSize,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.attemptId, row.id));
  return {
    attempt: attemptSummary(row, quiz),
    now: deps.clock.now().toISOString(),
    quiz: { id: quiz.id, title: quiz.title, kind: quiz.settings.kind, courseId: quiz.courseId, lessonId: quiz.lessonId },
    exercises: paperExercises(row.paper, row.practice),
    answers: answers.map((x) => ({
      questionId: x.questionId,
      value: x.value,
      seq: x.seq,
      file: x.fileName ? { name: x.fileName, type: x.fileType ?? '', size: x.fileSize ?? 0 } : null,
    })),
  };
}

/** Reopening (a reload, a second device): the same paper, the saved answers, the same server deadline. */
export async function attemptView(deps: TQuizzesDeps, studentId: string, attemptId: string): Promise<TAttemptView> {
  let row = await studentAttempt(deps.db, studentId, attemptId);
  const quiz = await quizById(deps.db, row.quizId);
  if (row.status === 'open' && expired(row, deps.clock.now())) row = await finalize(deps, quiz, row.id);
  return view(deps, quiz, row);
}

/** Submitting: one statement closes the student's own open attempt; a refusal is explained by reading it then. */
export async function submitAttempt(deps: TQuizzesDeps, studentId: string, attemptId: string) {
  if (!isUuid(attemptId)) throw new AppError('ATTEMPT_NOT_FOUND');
  const closed = await submitOwn(deps, studentId, attemptId);
  if (closed) return attemptSummary(closed.row, closed.quiz);
  await studentAttempt(deps.db, studentId, attemptId);
  throw new AppError('ATTEMPT_ALREADY_SUBMITTED');
}

/** The perfect-score achievement (spec §3): the best counted mark in percent and the Algiers day of the first 100%. */
export async function perfectScore({ db }: TQuizzesDeps, studentId: string) {
  const [row] = await db
    .select({
      best: sql<number | null>`max(${a.points} * 100.0 / nullif(${a.maxPoints}, 0))`,
      first: sql<Date | string | null>`min(${a.submittedAt}) filter (where ${a.points} >= ${a.maxPoints})`,
    })
    .from(a)
    .where(and(eq(a.studentId, studentId), eq(a.status, 'graded'), eq(a.practice, false)));
  const first = row?.first ? new Date(row.first) : null;
  return { bestPercent: Number(row?.best ?? 0), earnedOn: first ? dateToAlgiersLocal(first).slice(0, 10) : null };
}
