import { bindDeps } from '@server/core/bind';
import type { TJobQueue } from '@server/core/jobs/queue';
import { itemAnalysis } from './analysis';
import { answerFile, checkAnswer, saveAnswers, uploadHandwriting } from './answers';
import { attemptView, perfectScore, quizIntro, startAttempt, submitAttempt } from './attempts';
import { createQuiz, getQuiz, listQuizzes, removeQuiz, updateQuiz } from './authoring';
import { addBankQuestion, listBank, listExtraTime, removeBankQuestion, setExtraTime, updateBankQuestion } from './bank';
import type { TQuizzesDeps } from './deps';
import { gradeAnswer, gradingQueue } from './grading';
import { listAttempts, studentResult, teacherResult } from './results';
import { studentFigure, teacherBankFigure, teacherFigure, uploadBankFigure, uploadFigure } from './figures';
import { forgetLessons } from './storage';
import { closeExpiredAttempts, deadlineSweepJob } from './sweep';

/*
 * The quizzes domain (issue 25, decisions 160-164): quizzes and exams as items of a course's outline, the question
 * bank, attempts held by the server's clock, automatic marking, handwritten answers graded by the teacher, results,
 * the CSV export and item analysis. Other domains import this file only.
 *
 * Routes (/api/quizzes; shapes in src/shared/quizzes/views.ts, inputs in src/shared/quizzes/schemas.ts):
 * teacher (requireTeacher)
 *   GET    /teacher/courses/:courseId/quizzes          → { quizzes: TQuizListItem[] }
 *   POST   /teacher/quizzes                            ZQuizCreate → editor view (201)
 *   GET    /teacher/quizzes/:quizId                    → editor view (settings, subjects with answers, maxPoints, attempts)
 *   PUT    /teacher/quizzes/:quizId                    ZQuizInput → editor view
 *   DELETE /teacher/quizzes/:quizId                    → { ok } (removes the outline item, attempts, answers and files)
 *   PUT    /teacher/figures/:quizId                    raw body (JPEG, PNG or WebP, ≤ 5 MB) → { figure, size } (201)
 *   GET    /teacher/quizzes/:quizId/figures/:name      → the figure (WebP, sandboxed; the quiz's, or a drawn bank question's)
 *   PUT    /teacher/figures/bank/:courseId             raw body (as above) → { figure, size } (201): a bank question's figure
 *   GET    /teacher/courses/:courseId/bank/figures/:name → a bank question's figure (WebP, sandboxed)
 *   GET    /teacher/courses/:courseId/bank?chapter&year → { questions: [{ id, chapter, year, question }] }
 *   POST   /teacher/courses/:courseId/bank             ZBankQuestionInput → bank question (201)
 *   PUT    /teacher/bank/:questionId                   ZBankQuestionInput → bank question
 *   DELETE /teacher/bank/:questionId                   → { ok }
 *   GET    /teacher/quizzes/:quizId/extra-time         → { extraTime: [{ studentId, minutes }] }
 *   PUT    /teacher/quizzes/:quizId/extra-time         ZExtraTime → { ok, studentId, minutes }
 *   GET    /teacher/quizzes/:quizId/attempts           → { attempts: TTeacherAttempt[] }
 *   GET    /teacher/quizzes/:quizId/attempts/csv       → CSV file (UTF-8 with BOM)
 *   GET    /teacher/quizzes/:quizId/analysis           → { attempts, items: TItemStat[] }
 *   GET    /teacher/quizzes/:quizId/grading            → { items: TGradingItem[] }
 *   GET    /teacher/attempts/:attemptId                → TAttemptResult & { student } (answers always shown)
 *   POST   /teacher/attempts/:attemptId/grade          ZGrade → { questionId, earned, criteria, comment, attempt }
 *   GET    /teacher/attempts/:attemptId/files/:questionId → the handwritten file
 * student (requireStudent)
 *   GET    /student/lessons/:lessonId/quiz             → TQuizIntro (the outline item's lock applies)
 *   POST   /student/quizzes/:quizId/attempts           ZAttemptStart → TAttemptView (the open attempt if there is one)
 *   GET    /student/quizzes/:quizId/figures/:name      → the figure (the outline item's lock applies; a bank figure only on the student's own paper)
 *   GET    /student/attempts/:attemptId                → TAttemptView
 *   PUT    /student/attempts/:attemptId/answers        ZAnswerSave → TSaveResult (idempotent by seq)
 *   PUT    /student/uploads/:attemptId/:questionId     raw body (image or PDF, ≤ 10 MB) → { questionId, file } (201)
 *   GET    /student/attempts/:attemptId/files/:questionId → the student's own file
 *   POST   /student/attempts/:attemptId/submit         → TAttemptSummary
 *   GET    /student/attempts/:attemptId/result         → TAttemptResult
 *   POST   /student/attempts/:attemptId/check/:questionId → { questionId, earned, correct, correctAnswer, solution } (practice only)
 */

export { quizzesApi, QUIZ_FIGURE_PREFIX, QUIZ_UPLOAD_PREFIX } from './routes';
export { answerStorage } from './storage';

export function createQuizzes({ jobs, ...deps }: TQuizzesDeps & { jobs: TJobQueue }) {
  jobs.define(deadlineSweepJob(deps));
  return {
    authoring: bindDeps(deps, { listQuizzes, createQuiz, getQuiz, updateQuiz, removeQuiz }),
    bank: bindDeps(deps, { listBank, addBankQuestion, updateBankQuestion, removeBankQuestion, listExtraTime, setExtraTime }),
    taking: bindDeps(deps, {
      quizIntro,
      startAttempt,
      attemptView,
      saveAnswers,
      uploadHandwriting,
      answerFile,
      submitAttempt,
      studentResult,
      checkAnswer,
      perfectScore,
    }),
    results: bindDeps(deps, { listAttempts, teacherResult, gradingQueue, gradeAnswer, itemAnalysis, answerFile }),
    /** The deadline sweep's work, run by its job every minute (sweep.ts). */
    sweep: bindDeps(deps, { closeExpiredAttempts }),
    /** Outline items were deleted (a quiz, a section, a course): their handwritten answers and figures go too. */
    files: bindDeps(deps, { forgetLessons }),
    figures: bindDeps(deps, { uploadFigure, teacherFigure, studentFigure, uploadBankFigure, teacherBankFigure }),
  };
}

export type TQuizzes = ReturnType<typeof createQuizzes>;
