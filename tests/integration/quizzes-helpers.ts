import { expect } from 'vitest';
import type { TBrowser } from './browser';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';
import { subscribed } from './live-helpers';

export const MINUTE = 60_000;
export const SECRET_SOLUTION = 'SECRET-SOLUTION-7731';
export const SECRET_TEXT = 'Coulomb-SECRET';

const options = [
  { id: 'a', text: '$x=1$' },
  { id: 'b', text: '$x=2$' },
  { id: 'c', text: '$x=3$' },
  { id: 'd', text: '$x=4$' },
];

/** A BAC-style paper: two exercises, every automatic type, one handwritten answer (2 + 2 + 3 + 4 + 1 + 2 + 6 = 20 points). */
export function examSubject(id = 's1', tag = '') {
  return {
    id,
    title: `الموضوع ${id}${tag}`,
    exercises: [
      {
        id: 'e1',
        title: 'التمرين الأول',
        questions: [
          { id: `${id}-single`, type: 'single', prompt: 'حل $2x=4$', points: 2, options, correct: 'b', negative: true, solution: SECRET_SOLUTION },
          { id: `${id}-multi`, type: 'multiple', prompt: 'اختر', points: 2, options, correct: ['a', 'c'] },
          { id: `${id}-num`, type: 'numeric', prompt: 'g = ?', points: 3, answer: '9.81', tolerance: 0.05, unit: 'm/s^2' },
          { id: `${id}-expr`, type: 'expression', prompt: 'انشر $2(x+1)$', points: 4, answer: '2x+2' },
        ],
      },
      {
        id: 'e2',
        title: 'التمرين الثاني',
        questions: [
          { id: `${id}-tf`, type: 'truefalse', prompt: 'صحيح؟', points: 1, correct: true },
          { id: `${id}-text`, type: 'text', prompt: 'وحدة الشحنة', points: 2, accepted: [SECRET_TEXT] },
          {
            id: `${id}-photo`,
            type: 'upload',
            prompt: 'ارفع الحل',
            points: 0,
            rubric: [
              { id: 'method', label: 'الطريقة', points: 4 },
              { id: 'result', label: 'النتيجة', points: 2 },
            ],
          },
        ],
      },
    ],
  };
}

export async function quizClass(t: TTestApp, options: { kind?: 'organized' | 'regular' | 'scheduled'; lessons?: number } = {}) {
  const teacher = await registerTeacher(t, 'academy');
  const course = await publishedCourse(teacher, { kind: options.kind ?? 'regular', lessons: options.lessons ?? 1 });
  const planId = course.planIds[0]!;
  const a = await subscribed(t, teacher, course.courseId, planId);
  const b = await subscribed(t, teacher, course.courseId, planId);
  const outsider = await quickStudent(t, teacher);
  return { teacher, course, planId, a, b, outsider };
}

export async function createQuiz(teacher: TTeacher, course: { courseId: string; sectionId: string }, body: Record<string, unknown>) {
  const res = await teacher.b.post('/api/quizzes/teacher/quizzes', {
    title: 'اختبار الباكالوريا التجريبي',
    kind: 'exam',
    subjects: [examSubject()],
    ...body,
    courseId: course.courseId,
    sectionId: course.sectionId,
  });
  const json = await teacher.b.json(res);
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json as { id: string; lessonId: string; maxPoints: number };
}

type TBrowserLike = Pick<TBrowser, 'get' | 'post' | 'put' | 'json'>;

export async function start(b: TBrowserLike, quizId: string, body: Record<string, unknown> = {}) {
  const res = await b.post(`/api/quizzes/student/quizzes/${quizId}/attempts`, body);
  const json = await b.json(res);
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

let seq = 0;
export const save = (
  b: TBrowserLike,
  attemptId: string,
  answers: Array<{ questionId: string; value: Record<string, unknown>; seq?: number; clientId?: string }>,
) =>
  b.put(`/api/quizzes/student/attempts/${attemptId}/answers`, {
    answers: answers.map((a) => ({ clientId: a.clientId ?? 'device-one-0001', seq: a.seq ?? ++seq, questionId: a.questionId, value: a.value })),
  });

export async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

/** A small real PNG, as a phone would send a photo of the working. */
export async function photo(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}
