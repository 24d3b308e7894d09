import { and, eq } from 'drizzle-orm';
import { dateToAlgiersLocal as algiersLocal } from '@shared/courses';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, quizAnswers, quizAttempts } from '@server/core/db/schema';
import { upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createQuiz, errorCode, examSubject, MINUTE, photo, quizClass, save, SECRET_SOLUTION, SECRET_TEXT, start } from './quizzes-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.services.clock.now = () => new Date();
});

const at = (base: number, offsetMs: number) => () => new Date(base + offsetMs);

describe(`quizzes: taking an exam on ${DRIVER}`, () => {
  it('keeps the answers secret, saves them once, marks every type and lets the teacher grade the photo', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, { showAnswers: 'after_submit', passPercent: 50, timeLimitMinutes: 60 });
    expect(quiz.maxPoints).toBe(20);

    const intro = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/lessons/${quiz.lessonId}/quiz`));
    expect(intro.quiz).toMatchObject({ id: quiz.id, maxPoints: 20, scaleTo: 20, timeLimitMinutes: 60 });
    expect(intro.blocked).toBeNull();

    const view = await start(c.a.b, quiz.id);
    const raw = JSON.stringify(view);
    // Nothing of the answers leaves the server before submitting: not the keys, not the values.
    for (const secret of ['"correct"', '"accepted"', '"answer"', '"solution"', '"tolerance"', '"values"', '2x+2', '9.81', SECRET_TEXT, SECRET_SOLUTION]) {
      expect(raw).not.toContain(secret);
    }
    expect(view.exercises.map((e: { points: number }) => e.points)).toEqual([11, 9]);
    const id = view.attempt.id as string;
    expect(view.attempt.deadlineAt).not.toBeNull();

    // A second device (or a reload) gets the same attempt, with the same server deadline.
    const again = await start(c.a.b, quiz.id);
    expect(again.attempt.id).toBe(id);
    expect(again.attempt.deadlineAt).toBe(view.attempt.deadlineAt);

    // Saved one by one; the offline queue replayed counts each answer once; an older edit arriving late changes nothing.
    const batch = [
      { questionId: 's1-single', value: { choices: ['b'] }, seq: 10 },
      { questionId: 's1-multi', value: { choices: ['a'] }, seq: 11 },
      { questionId: 's1-num', value: { text: '9,8', unit: 'm/s^2' }, seq: 12 },
      { questionId: 's1-expr', value: { text: '2(x+1)' }, seq: 13 },
      { questionId: 's1-tf', value: { bool: false }, seq: 14 },
      { questionId: 's1-text', value: { text: ' coulomb-secret ' }, seq: 15 },
    ];
    const first = await c.a.b.json(await save(c.a.b, id, batch));
    expect(first.saved.every((s: { applied: boolean }) => s.applied)).toBe(true);
    const replay = await c.a.b.json(await save(c.a.b, id, batch));
    expect(replay.saved.every((s: { applied: boolean }) => !s.applied)).toBe(true);
    const late = await c.a.b.json(await save(c.a.b, id, [{ questionId: 's1-single', value: { choices: ['a'] }, seq: 9 }]));
    expect(late.saved[0].applied).toBe(false);
    const newer = await c.a.b.json(await save(c.a.b, id, [{ questionId: 's1-tf', value: { bool: true }, seq: 20 }]));
    expect(newer.saved[0].applied).toBe(true);
    const rows = await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, id));
    expect(rows).toHaveLength(6);
    expect(await errorCode(await save(c.a.b, id, [{ questionId: 'nope', value: { bool: true } }]))).toBe('ATTEMPT_QUESTION_UNKNOWN');

    // The photo of the working: refused when it is not an image or a PDF, stored when it is.
    expect((await upload(t, c.a.b, `/api/quizzes/student/uploads/${id}/s1-photo`, '<svg onload=alert(1)>', 'image/svg+xml')).status).toBe(400);
    const up = await upload(t, c.a.b, `/api/quizzes/student/uploads/${id}/s1-photo`, await photo(), 'image/png');
    expect(up.status).toBe(201);
    expect((await c.a.b.get(`/api/quizzes/student/attempts/${id}/files/s1-photo`)).headers.get('content-type')).toBe('image/webp');
    expect((await c.a.b.get(`/api/quizzes/student/attempts/${id}/result`)).status).toBe(409);

    const submitted = await c.a.b.json(await c.a.b.post(`/api/quizzes/student/attempts/${id}/submit`));
    // 2 (single) + 1 (half of the multiple) + 3 (9.8 within 0.05) + 4 (equivalent) + 1 (true) + 2 (text) = 13, photo pending.
    expect(submitted).toMatchObject({ status: 'submitted', points: 13, maxPoints: 20, pendingGrading: 1, passed: null });
    expect(await errorCode(await save(c.a.b, id, batch))).toBe('ATTEMPT_ALREADY_SUBMITTED');
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/attempts/${id}/submit`))).toBe('ATTEMPT_ALREADY_SUBMITTED');

    const result = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${id}/result`));
    expect(result.answersShown).toBe(true);
    expect(result.exercises.map((e: { earned: number | null }) => e.earned)).toEqual([10, null]);
    const single = result.exercises[0].questions[0];
    expect(single).toMatchObject({ earned: 2, correct: true, correctAnswer: '$x=2$', solution: SECRET_SOLUTION });

    // Another teacher sees nothing of it.
    const other = await quizClass(t);
    expect(await errorCode(await other.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}`))).toBe('QUIZ_NOT_FOUND');
    expect(await errorCode(await other.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/attempts`))).toBe('QUIZ_NOT_FOUND');
    expect(await errorCode(await other.teacher.b.get(`/api/quizzes/teacher/attempts/${id}`))).toBe('ATTEMPT_NOT_FOUND');
    const stolen = await other.teacher.b.post(`/api/quizzes/teacher/attempts/${id}/grade`, { questionId: 's1-photo', criteria: [{ id: 'method', points: 4 }] });
    expect(await errorCode(stolen)).toBe('ATTEMPT_NOT_FOUND');
    expect((await other.teacher.b.get(`/api/quizzes/teacher/attempts/${id}/files/s1-photo`)).status).toBe(404);
    // Nor does another student.
    expect(await errorCode(await c.b.b.get(`/api/quizzes/student/attempts/${id}/result`))).toBe('ATTEMPT_NOT_FOUND');

    // The grading queue: points per criterion of the rubric, a comment; the total follows and the student is told.
    const queue = await c.teacher.b.json(await c.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/grading`));
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ attemptId: id, questionId: 's1-photo' });
    expect((await c.teacher.b.get(queue.items[0].file.url)).status).toBe(200);
    const tooMany = await c.teacher.b.post(`/api/quizzes/teacher/attempts/${id}/grade`, { questionId: 's1-photo', criteria: [{ id: 'method', points: 5 }] });
    expect(await errorCode(tooMany)).toBe('GRADE_INVALID');
    const graded = await c.teacher.b.json(
      await c.teacher.b.post(`/api/quizzes/teacher/attempts/${id}/grade`, {
        questionId: 's1-photo',
        criteria: [
          { id: 'method', points: 3.5 },
          { id: 'result', points: 0 },
        ],
        comment: 'الطريقة صحيحة، النتيجة خاطئة',
      }),
    );
    expect(graded.attempt).toMatchObject({ status: 'graded', points: 16.5, pendingGrading: 0, passed: true });
    expect((await c.teacher.b.json(await c.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/grading`))).items).toEqual([]);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, c.a.id), eq(notifications.kind, 'quizGraded')));
    expect(told).toHaveLength(1);
    const final = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${id}/result`));
    expect(final.attempt).toMatchObject({ points: 16.5, scaled: 16.5, passed: true });
    expect(final.exercises[1].questions[2]).toMatchObject({ earned: 3.5, comment: 'الطريقة صحيحة، النتيجة خاطئة' });

    // One attempt allowed: no second one.
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {}))).toBe('QUIZ_NO_ATTEMPTS_LEFT');
  });

  it('starts one attempt when two devices start at once', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, {});
    const views = await Promise.all([1, 2, 3, 4, 5].map(() => c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {})));
    const ids = new Set(await Promise.all(views.map(async (r) => (await r.json()).attempt.id)));
    expect(ids.size).toBe(1);
    const open = await t.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, c.a.id)));
    expect(open).toHaveLength(1);
  });

  it('counts every answer saved before the submission and refuses those after it, when they race', async () => {
    const c = await quizClass(t);
    const questions = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, type: 'truefalse', prompt: `${i}?`, points: 1, correct: true }));
    const quiz = await createQuiz(c.teacher, c.course, { kind: 'quiz', subjects: [{ id: 's', exercises: [{ id: 'e', questions }] }] });
    const view = await start(c.a.b, quiz.id);
    const saves = questions.map((q, i) => save(c.a.b, view.attempt.id, [{ questionId: q.id, value: { bool: true }, seq: i + 1 }]));
    const responses = await Promise.all([...saves, c.a.b.post(`/api/quizzes/student/attempts/${view.attempt.id}/submit`)]);
    const statuses = responses.slice(0, -1).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const result = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${view.attempt.id}/result`));
    expect(result.attempt.points).toBe(statuses.filter((s) => s === 200).length);
  });

  it('holds the deadline on the server: the grace, then refusals; extra time per student', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, { timeLimitMinutes: 10, attemptsAllowed: 2 });
    await c.teacher.b.put(`/api/quizzes/teacher/quizzes/${quiz.id}/extra-time`, { studentId: c.b.id, minutes: 5 });
    const base = Date.now();
    t.services.clock.now = at(base, 0);
    const view = await start(c.a.b, quiz.id);
    const other = await start(c.b.b, quiz.id);
    expect(new Date(view.attempt.deadlineAt).getTime()).toBe(base + 10 * MINUTE);
    expect(new Date(other.attempt.deadlineAt).getTime()).toBe(base + 15 * MINUTE);

    t.services.clock.now = at(base, 10 * MINUTE + 9_000);
    expect((await save(c.a.b, view.attempt.id, [{ questionId: 's1-tf', value: { bool: true } }])).status).toBe(200);
    t.services.clock.now = at(base, 10 * MINUTE + 11_000);
    const late = await save(c.a.b, view.attempt.id, [{ questionId: 's1-single', value: { choices: ['b'] } }]);
    expect(await errorCode(late)).toBe('ATTEMPT_DEADLINE_PASSED');
    expect((await save(c.b.b, other.attempt.id, [{ questionId: 's1-single', value: { choices: ['b'] } }])).status).toBe(200);

    // Coming back after the deadline: the attempt is closed with what arrived in time.
    const reopened = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${view.attempt.id}`));
    expect(reopened.attempt).toMatchObject({ status: 'graded', points: 1 });
    // The second of two attempts, a new paper and a new deadline.
    const second = await start(c.a.b, quiz.id);
    expect(second.attempt.id).not.toBe(view.attempt.id);
    expect(new Date(second.attempt.deadlineAt).getTime()).toBe(base + 20 * MINUTE + 11_000);
  });

  it('refuses students without the course, before the opening, after the closing, and the wrong role', async () => {
    const c = await quizClass(t);
    const hour = 3_600_000;
    const quiz = await createQuiz(c.teacher, c.course, {
      opensAt: algiersLocal(new Date(Date.now() + hour)),
      closesAt: algiersLocal(new Date(Date.now() + 2 * hour)),
    });
    expect(await errorCode(await c.outsider.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {}))).toBe('SUBSCRIPTION_REQUIRED');
    expect(await errorCode(await c.outsider.b.get(`/api/quizzes/student/lessons/${quiz.lessonId}/quiz`))).toBe('SUBSCRIPTION_REQUIRED');
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {}))).toBe('QUIZ_NOT_OPEN');
    t.services.clock.now = () => new Date(Date.now() + 3 * hour);
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {}))).toBe('QUIZ_CLOSED');
    expect((await c.a.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}`)).status).toBe(403);
    expect((await c.teacher.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {})).status).toBe(403);
  });
});

describe(`quizzes: mock exams and must-pass items on ${DRIVER}`, () => {
  it('lets the student pick one of two subjects, one attempt, solutions only after the window', async () => {
    const c = await quizClass(t);
    const closes = new Date(Date.now() + 2 * 3_600_000);
    const quiz = await createQuiz(c.teacher, c.course, { kind: 'mock', closesAt: algiersLocal(closes), subjects: [examSubject('s1'), examSubject('s2')] });
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, {}))).toBe('QUIZ_SUBJECT_REQUIRED');
    const view = await start(c.a.b, quiz.id, { subjectId: 's2' });
    expect(view.exercises[0].questions[0].id).toBe('s2-single');
    await save(c.a.b, view.attempt.id, [{ questionId: 's2-single', value: { choices: ['b'] } }]);
    await c.a.b.post(`/api/quizzes/student/attempts/${view.attempt.id}/submit`);
    const result = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${view.attempt.id}/result`));
    expect(result.answersShown).toBe(false);
    expect(JSON.stringify(result)).not.toContain(SECRET_SOLUTION);
    expect(await errorCode(await c.a.b.post(`/api/quizzes/student/quizzes/${quiz.id}/attempts`, { subjectId: 's1' }))).toBe('QUIZ_NO_ATTEMPTS_LEFT');
    t.services.clock.now = () => new Date(closes.getTime() + MINUTE);
    const after = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${view.attempt.id}/result`));
    expect(after.answersShown).toBe(true);
    expect(after.exercises[0].questions[0].solution).toBe(SECRET_SOLUTION);
  });

  it('keeps the next lesson locked until the quiz is passed, and a click cannot complete the quiz', async () => {
    const c = await quizClass(t, { kind: 'organized', lessons: 1 });
    const quiz = await createQuiz(c.teacher, c.course, {
      kind: 'quiz',
      mustPass: true,
      passPercent: 50,
      attemptsAllowed: null,
      subjects: [{ id: 's', exercises: [{ id: 'e', questions: [{ id: 'q', type: 'truefalse', prompt: '1+1=2', points: 1, correct: true }] }] }],
    });
    const after = await c.teacher.b.json(
      await c.teacher.b.post(`/api/courses/teacher/courses/${c.course.courseId}/lessons`, {
        sectionId: c.course.sectionId,
        title: 'بعد الاختبار',
        type: 'text',
      }),
    );
    await c.a.b.post(`/api/learning/student/lessons/${c.course.lessonIds[0]}/complete`);
    expect(await errorCode(await c.a.b.post(`/api/learning/student/lessons/${quiz.lessonId}/complete`))).toBe('QUIZ_COMPLETES_ITSELF');
    expect(await errorCode(await c.a.b.get(`/api/learning/student/courses/${c.course.courseId}/lessons/${after.id}`))).toBe('LESSON_LOCKED_PREVIOUS');

    const failed = await start(c.a.b, quiz.id);
    await save(c.a.b, failed.attempt.id, [{ questionId: 'q', value: { bool: false } }]);
    expect(await c.a.b.json(await c.a.b.post(`/api/quizzes/student/attempts/${failed.attempt.id}/submit`))).toMatchObject({ passed: false });
    expect(await errorCode(await c.a.b.get(`/api/learning/student/courses/${c.course.courseId}/lessons/${after.id}`))).toBe('LESSON_LOCKED_PREVIOUS');

    const passed = await start(c.a.b, quiz.id);
    await save(c.a.b, passed.attempt.id, [{ questionId: 'q', value: { bool: true } }]);
    expect(await c.a.b.json(await c.a.b.post(`/api/quizzes/student/attempts/${passed.attempt.id}/submit`))).toMatchObject({ passed: true });
    expect((await c.a.b.get(`/api/learning/student/courses/${c.course.courseId}/lessons/${after.id}`)).status).toBe(200);
    // 100% on a counted attempt: the perfect-score achievement (spec §3) is earned.
    const mine = await c.a.b.json(await c.a.b.get('/api/learning/student/subscriptions'));
    expect(mine.achievements.find((x: { key: string }) => x.key === 'perfectScore')).toMatchObject({ earned: true, locked: false, progress: 100 });
  });
});
