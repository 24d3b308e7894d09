import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, quickStudent, registerTeacher } from './courses-helpers';
import { createQuiz, quizClass, save, start } from './quizzes-helpers';

/*
 * Issue 27: free enrollments by the public page they came from (the cookie the landing and course pages' script
 * sets, decision 216), and quizzes in analytics (average score per quiz, the quizzes domain's item statistics),
 * with the other teacher seeing none of it.
 */

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t.close();
});

const tf = (id: string) => ({ id, type: 'truefalse', prompt: `${id}?`, points: 1, correct: true });

describe(`analytics: enrollment sources and quizzes on ${DRIVER}`, () => {
  it('splits free enrollments between the landing page and the course page', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { plans: [{ type: 'free', priceDzd: 0 }] });
    for (const entry of ['landing', 'landing', 'course', null, 'forged']) {
      const s = await quickStudent(t, teacher);
      if (entry) await s.b.jar.setCookie(`darsi_entry=${entry}; Path=/`, `http://${t.config.publicHost}/`);
      const res = await s.b.post(`/api/learning/student/courses/${course.courseId}/enroll-free`);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const f = await teacher.b.json(await teacher.b.get('/api/analytics/teacher/funnel'));
    // No cookie, or a value that is not a page, counts as the course page (where the enroll button is).
    expect(f.bySource).toEqual({ landing: 2, course: 3, code: 0, card: 0, transfer: 0, teacher: 0 });
    expect(f.enrollments).toBe(5);
    const csv = await (await teacher.b.get('/api/analytics/teacher/csv/funnel?lng=en')).text();
    expect(csv).toContain('"Free, from the landing page",2,0');
    expect(csv).toContain('"Free, from the course page",3,0');
  });

  it('gives each quiz its average score and pass rate, and its item statistics, to its teacher only', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, {
      kind: 'quiz',
      attemptsAllowed: null,
      subjects: [{ id: 's', exercises: [{ id: 'e', title: 'التمرين', questions: [tf('easy'), tf('hard')] }] }],
    });
    // a gets both (2/2), b only the easy one (1/2): average 75%.
    for (const [p, hard] of [
      [c.a, true],
      [c.b, false],
    ] as const) {
      const view = await start(p.b, quiz.id);
      await save(p.b, view.attempt.id, [
        { questionId: 'easy', value: { bool: true } },
        { questionId: 'hard', value: { bool: hard } },
      ]);
      expect((await p.b.post(`/api/quizzes/student/attempts/${view.attempt.id}/submit`)).status).toBe(200);
    }
    const list = await c.teacher.b.json(await c.teacher.b.get('/api/analytics/teacher/quizzes'));
    expect(list).toEqual([expect.objectContaining({ quizId: quiz.id, attempts: 2, students: 2, average: 0.75, lowest: 0.5, highest: 1 })]);
    const items = await c.teacher.b.json(await c.teacher.b.get(`/api/analytics/teacher/quizzes/${quiz.id}/items`));
    expect(items.attempts).toBe(2);
    expect(Object.fromEntries(items.items.map((i: { questionId: string; facility: number }) => [i.questionId, i.facility]))).toEqual({ easy: 1, hard: 0.5 });
    const csv = await (await c.teacher.b.get('/api/analytics/teacher/csv/quizzes?lng=en')).text();
    expect(csv).toMatch(/,2,2,75,50,100,/);
    // One student's page has their score.
    const one = await c.teacher.b.json(await c.teacher.b.get(`/api/analytics/teacher/students/${c.b.id}`));
    expect(one.quizzes).toEqual([expect.objectContaining({ title: expect.any(String), points: 1, maxPoints: 2 })]);

    const other = await registerTeacher(t);
    expect(await other.b.json(await other.b.get('/api/analytics/teacher/quizzes'))).toEqual([]);
    expect((await other.b.get(`/api/analytics/teacher/quizzes/${quiz.id}/items`)).status).toBe(404);
  });
});
