import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@web/lib/api';
import { ApiError } from '@web/lib/api-error';
import type { TAnswerSave, TAnswerValue, TAttemptStart, TBankQuestionInput, TGrade, TQuizCreate, TQuizInput } from '@shared/quizzes/schemas';
import type { TQueuedAnswer, TSendResult } from './offline/answer-queue';

const teacher = api.quizzes.teacher;
const student = api.quizzes.student;

/** Every quizzes query starts with 'quizzes', so one invalidation after a change refreshes them all. */
export const quizzesKeys = { all: ['quizzes'] as const };

// ── Student ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The quiz page of an outline item (the student reaches it from the course's outline, by the item's id). */
export const introQuery = (lessonId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'intro', lessonId],
    queryFn: () => unwrap(student.lessons[':lessonId'].quiz.$get({ param: { lessonId } })),
    staleTime: 0,
  });

export const attemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'attempt', attemptId],
    queryFn: () => unwrap(student.attempts[':attemptId'].$get({ param: { attemptId } })),
    staleTime: Infinity,
    // The taking screen keeps its own copy of the answers: a refetch would only move the countdown's reference.
    refetchOnWindowFocus: false,
    retry: 5,
  });

export const resultQuery = (attemptId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'result', attemptId],
    queryFn: () => unwrap(student.attempts[':attemptId'].result.$get({ param: { attemptId } })),
    staleTime: 0,
  });

export const startAttempt = (quizId: string, json: TAttemptStart) => unwrap(student.quizzes[':quizId'].attempts.$post({ param: { quizId }, json }));

export const submitAttempt = (attemptId: string) => unwrap(student.attempts[':attemptId'].submit.$post({ param: { attemptId } }));

/**
 * One batch of the offline queue: 'sent' once the server has them (each client id counted once), 'offline' when
 * there is no answer or a 5xx (try again later), 'refused' when the server will never take them (after the deadline,
 * the attempt submitted).
 */
export async function sendAnswers(attemptId: string, items: TQueuedAnswer[]): Promise<TSendResult> {
  const json: TAnswerSave = { answers: items.map((i) => ({ questionId: i.questionId, value: i.value as TAnswerValue, clientId: i.clientId, seq: i.seq })) };
  try {
    await unwrap(student.attempts[':attemptId'].answers.$put({ param: { attemptId }, json }));
    return 'sent';
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) return 'refused';
    return 'offline';
  }
}

/** A photo or PDF of handwritten working, for an upload question: the file itself is the body (its own size limit). */
export async function uploadHandwriting(attemptId: string, questionId: string, file: File) {
  // The client's $url() needs an absolute base; the app's client has '/api'.
  const path = `/api/quizzes/student/uploads/${encodeURIComponent(attemptId)}/${encodeURIComponent(questionId)}`;
  const call = fetch(path, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  return unwrap(call as ReturnType<(typeof student.uploads)[':attemptId'][':questionId']['$put']>);
}

/** Where a quiz's figure is served: to its teacher, or to a student who may open the quiz. */
export const figureUrl = (side: 'teacher' | 'student', quizId: string, name: string) =>
  `/api/quizzes/${side}/quizzes/${encodeURIComponent(quizId)}/figures/${encodeURIComponent(name)}`;

/** Where a figure is stored: with the quiz being edited, or in the course's question bank (decision 232). */
export type TFigureHome = { quizId: string } | { courseId: string };

/** Where the teacher's editor shows a figure from. */
export const homeFigureUrl = (home: TFigureHome, name: string) =>
  'quizId' in home
    ? figureUrl('teacher', home.quizId, name)
    : `/api/quizzes/teacher/courses/${encodeURIComponent(home.courseId)}/bank/figures/${encodeURIComponent(name)}`;

/** A figure for a question or an exercise (an image, re-encoded by the server): the file itself is the body. */
export async function uploadFigure(home: TFigureHome, file: File) {
  const path = 'quizId' in home ? encodeURIComponent(home.quizId) : `bank/${encodeURIComponent(home.courseId)}`;
  const call = fetch(`/api/quizzes/teacher/figures/${path}`, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  return unwrap(call as ReturnType<(typeof teacher.figures)[':quizId']['$put']>);
}

/** Practice mode: whether one answer is right, with the worked solution. */
export const checkAnswer = (attemptId: string, questionId: string) =>
  unwrap(student.attempts[':attemptId'].check[':questionId'].$post({ param: { attemptId, questionId } }));

// ── Teacher ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The course's title and sections (a new quiz goes at the end of one). */
export const courseOutlineQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'course', courseId],
    queryFn: () => unwrap(api.courses.teacher.courses[':courseId'].$get({ param: { courseId } })).then((c) => ({ title: c.title, sections: c.sections })),
    staleTime: 30_000,
  });

export const quizListQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'list', courseId],
    queryFn: () => unwrap(teacher.courses[':courseId'].quizzes.$get({ param: { courseId } })),
    staleTime: 0,
  });

export const createQuiz = (json: TQuizCreate) => unwrap(teacher.quizzes.$post({ json }));

export const teacherQuizQuery = (quizId: string) =>
  queryOptions({ queryKey: ['quizzes', 'quiz', quizId], queryFn: () => unwrap(teacher.quizzes[':quizId'].$get({ param: { quizId } })), staleTime: 0 });

export const updateQuiz = (quizId: string, json: TQuizInput) => unwrap(teacher.quizzes[':quizId'].$put({ param: { quizId }, json }));

export const deleteQuiz = (quizId: string) => unwrap(teacher.quizzes[':quizId'].$delete({ param: { quizId } }));

export const bankQuery = (courseId: string, filter: { chapter?: string; year?: number }) =>
  queryOptions({
    queryKey: ['quizzes', 'bank', courseId, filter.chapter ?? '', filter.year ?? ''],
    queryFn: () =>
      unwrap(
        teacher.courses[':courseId'].bank.$get({
          param: { courseId },
          query: { ...(filter.chapter ? { chapter: filter.chapter } : {}), ...(filter.year ? { year: String(filter.year) } : {}) },
        }),
      ),
    staleTime: 0,
  });

export const addBankQuestion = (courseId: string, json: TBankQuestionInput) => unwrap(teacher.courses[':courseId'].bank.$post({ param: { courseId }, json }));

export const deleteBankQuestion = (questionId: string) => unwrap(teacher.bank[':questionId'].$delete({ param: { questionId } }));

export const attemptsQuery = (quizId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'attempts', quizId],
    queryFn: () => unwrap(teacher.quizzes[':quizId'].attempts.$get({ param: { quizId } })),
    staleTime: 0,
  });

export const itemAnalysisQuery = (quizId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'items', quizId],
    queryFn: () => unwrap(teacher.quizzes[':quizId'].analysis.$get({ param: { quizId } })),
    staleTime: 0,
  });

/** The course's students (for extra time) with the minutes each already has on this quiz. */
export const extraTimeQuery = (courseId: string, quizId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'extra-time', quizId],
    queryFn: async () => {
      const [list, extra] = await Promise.all([
        unwrap(api.subscriptions.teacher.students.$get({ query: { courseId, pageSize: '100' } })),
        unwrap(teacher.quizzes[':quizId']['extra-time'].$get({ param: { quizId } })),
      ]);
      const minutes = new Map(extra.extraTime.map((x) => [x.studentId, x.minutes]));
      return list.rows.map((r) => ({ id: r.studentId, name: r.name, extraMinutes: minutes.get(r.studentId) ?? 0 }));
    },
    staleTime: 0,
  });

export const setExtraTime = (quizId: string, json: { studentId: string; minutes: number }) =>
  unwrap(teacher.quizzes[':quizId']['extra-time'].$put({ param: { quizId }, json }));

export const teacherAttemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: ['quizzes', 'teacher-attempt', attemptId],
    queryFn: () => unwrap(teacher.attempts[':attemptId'].$get({ param: { attemptId } })),
    staleTime: 0,
  });

export const gradeAnswer = (attemptId: string, json: TGrade) => unwrap(teacher.attempts[':attemptId'].grade.$post({ param: { attemptId }, json }));

/** The results as CSV: a plain link (the browser downloads it with the session cookie). */
export const csvUrl = (quizId: string) => `/api/quizzes/teacher/quizzes/${encodeURIComponent(quizId)}/attempts/csv`;

export const handwritingUrl = (attemptId: string, questionId: string) =>
  `/api/quizzes/teacher/attempts/${encodeURIComponent(attemptId)}/files/${encodeURIComponent(questionId)}`;
