import { and, asc, desc, eq } from 'drizzle-orm';
import { correctAnswerText } from '@shared/quizzes/scoring';
import type { TAttemptResult, TTeacherAttempt } from '@shared/quizzes/views';
import { questionPoints } from '@shared/quizzes/variant';
import { quizAnswers, quizAttempts, students, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TQuizzesDeps } from './deps';
import { closeExpired, finalize, marksOf } from './finalize';
import { answersShown, attemptSummary, expired, paperQuestion } from './paper-view';
import { ownQuiz, quizById, studentAttempt, teacherAttempt, type TAttemptRow, type TQuizRow } from './queries';

/*
 * Results (issue 25): the student's result page (points per exercise, what was wrong, the worked solution when the
 * quiz allows it) and the teacher's list of attempts and view of one attempt (everything).
 */

const round = (n: number) => Math.round(n * 100) / 100;

async function resultOf(deps: TQuizzesDeps, quiz: TQuizRow, row: TAttemptRow, shown: boolean): Promise<TAttemptResult> {
  const answers = await deps.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, row.id));
  const marks = new Map(marksOf(row, answers).map((m) => [m.question.id, m]));
  return {
    attempt: attemptSummary(row, quiz),
    quiz: {
      id: quiz.id,
      title: quiz.title,
      kind: quiz.settings.kind,
      courseId: quiz.courseId,
      lessonId: quiz.lessonId,
      passPercent: quiz.settings.passPercent,
    },
    answersShown: shown,
    exercises: row.paper.exercises.map((e) => {
      const questions = e.questions.map((q) => {
        const m = marks.get(q.id)!;
        const a = m.answer;
        return {
          ...paperQuestion(q, row.practice),
          given: a && Object.keys(a.value).length ? a.value : null,
          file: a?.fileName ? { name: a.fileName, type: a.fileType ?? '', size: a.fileSize ?? 0 } : null,
          earned: m.mark.pending ? null : m.mark.earned,
          correct: m.mark.correct,
          correctAnswer: shown ? correctAnswerText(q) : null,
          solution: shown && q.solution ? q.solution : null,
          comment: a?.comment ?? null,
          criteria: a?.criteria ?? null,
        };
      });
      const pending = questions.some((q) => q.earned === null && q.type === 'upload' && q.file);
      return {
        id: e.id,
        title: e.title,
        intro: e.intro,
        figure: e.figure ?? null,
        points: e.questions.reduce((s, q) => s + questionPoints(q), 0),
        earned: pending ? null : round(questions.reduce((s, q) => s + (q.earned ?? 0), 0)),
        questions,
      };
    }),
  };
}

export async function studentResult(deps: TQuizzesDeps, studentId: string, attemptId: string): Promise<TAttemptResult> {
  let row = await studentAttempt(deps.db, studentId, attemptId);
  const quiz = await quizById(deps.db, row.quizId);
  if (row.status === 'open') {
    if (!expired(row, deps.clock.now())) throw new AppError('ATTEMPT_NOT_SUBMITTED');
    row = await finalize(deps, quiz, row.id);
  }
  return resultOf(deps, quiz, row, answersShown(quiz, row, deps.clock.now()));
}

export async function teacherResult(
  deps: TQuizzesDeps,
  teacherId: string,
  attemptId: string,
): Promise<TAttemptResult & { student: { id: string; name: string } }> {
  const row = await teacherAttempt(deps.db, teacherId, attemptId);
  const quiz = await ownQuiz(deps.db, teacherId, row.quizId);
  const [student] = await deps.db.select({ id: students.id, name: students.name }).from(students).where(eq(students.id, row.studentId));
  return { ...(await resultOf(deps, quiz, row, true)), student: student ?? { id: row.studentId, name: '' } };
}

export async function listAttempts(deps: TQuizzesDeps, teacherId: string, quizId: string): Promise<{ attempts: TTeacherAttempt[] }> {
  const quiz = await ownQuiz(deps.db, teacherId, quizId);
  await closeExpired(deps, deps.db, quiz);
  const rows = await deps.db
    .select({ attempt: quizAttempts, name: students.name, email: user.email })
    .from(quizAttempts)
    .innerJoin(students, eq(students.id, quizAttempts.studentId))
    .innerJoin(user, eq(user.id, quizAttempts.studentId))
    .where(and(eq(quizAttempts.teacherId, teacherId), eq(quizAttempts.quizId, quiz.id)))
    .orderBy(asc(students.name), desc(quizAttempts.startedAt));
  return { attempts: rows.map((r) => ({ ...attemptSummary(r.attempt, quiz), studentId: r.attempt.studentId, studentName: r.name, studentEmail: r.email })) };
}
