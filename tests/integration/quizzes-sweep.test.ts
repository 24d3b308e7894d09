import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, notifications, quizAnswers, quizAttempts } from '@server/core/db/schema';
import { upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createQuiz, MINUTE, photo, quizClass, save, start } from './quizzes-helpers';

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

/** Two automatic questions (1 point each): nothing waits for the teacher, so a closed attempt is graded at once. */
const automatic = {
  kind: 'quiz',
  timeLimitMinutes: 10,
  subjects: [
    {
      id: 's1',
      exercises: [
        {
          id: 'e1',
          questions: [
            { id: 'tf', type: 'truefalse', prompt: 'صحيح؟', points: 1, correct: true },
            { id: 'num', type: 'numeric', prompt: '$2+2$', points: 1, answer: '4' },
          ],
        },
      ],
    },
  ],
};

const statusOf = async (ids: string[]) =>
  t.database.db
    .select({ id: quizAttempts.id, status: quizAttempts.status, points: quizAttempts.points })
    .from(quizAttempts)
    .where(inArray(quizAttempts.id, ids));

const gradedNotices = (studentId: string) =>
  t.database.db
    .select({ key: notifications.eventKey })
    .from(notifications)
    .where(and(eq(notifications.recipientId, studentId), eq(notifications.kind, 'quizGraded')));

describe(`quizzes: the deadline sweep on ${DRIVER}`, () => {
  it('closes the attempts of students who never came back, through the pg-boss job: marks, notice, perfect score', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, automatic);
    const base = Date.now();
    t.services.clock.now = () => new Date(base);
    const a = (await start(c.a.b, quiz.id)).attempt.id as string;
    const b = (await start(c.b.b, quiz.id)).attempt.id as string;
    expect(
      (
        await save(c.a.b, a, [
          { questionId: 'tf', value: { bool: true } },
          { questionId: 'num', value: { text: '4' } },
        ])
      ).status,
    ).toBe(200);
    expect((await save(c.b.b, b, [{ questionId: 'tf', value: { bool: false } }])).status).toBe(200);

    // Within the grace after the deadline, an answer may still be in flight: the sweep leaves the attempts open.
    t.services.clock.now = () => new Date(base + 10 * MINUTE + 5_000);
    expect(await t.services.quizzes.sweep.closeExpiredAttempts()).toEqual({ closed: 0 });

    // Nobody opens a page again; the job closes both.
    t.services.clock.now = () => new Date(base + 11 * MINUTE);
    await t.services.jobs.start();
    await t.services.jobs.boss.send('quiz-deadline-sweep', {});
    // The job tells each student after closing their attempt: wait for the closing and the notices.
    const told = async () => (await gradedNotices(c.a.id)).length + (await gradedNotices(c.b.id)).length;
    let rows = await statusOf([a, b]);
    for (let i = 0; i < 150 && (rows.some((r) => r.status === 'open') || (await told()) < 2); i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await statusOf([a, b]);
    }
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.points]]))).toEqual({ [a]: ['graded', 2], [b]: ['graded', 0] });
    expect(await gradedNotices(c.a.id)).toEqual([{ key: `quiz-graded:${a}` }]);
    expect(await gradedNotices(c.b.id)).toEqual([{ key: `quiz-graded:${b}` }]);
    const mine = await c.a.b.json(await c.a.b.get('/api/learning/student/subscriptions'));
    expect(mine.achievements.find((x: { key: string }) => x.key === 'perfectScore')).toMatchObject({ earned: true, progress: 100 });
    // The student's result page shows what the sweep marked; a rerun changes nothing and tells nobody twice.
    const result = await c.a.b.json(await c.a.b.get(`/api/quizzes/student/attempts/${a}/result`));
    expect(result.attempt).toMatchObject({ status: 'graded', points: 2 });
    expect(await t.services.quizzes.sweep.closeExpiredAttempts()).toEqual({ closed: 0 });
    expect(await gradedNotices(c.a.id)).toHaveLength(1);
  });

  it('closes each attempt once when sweeps on two instances (and the student) race', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, automatic);
    const base = Date.now();
    t.services.clock.now = () => new Date(base);
    const a = (await start(c.a.b, quiz.id)).attempt.id as string;
    const b = (await start(c.b.b, quiz.id)).attempt.id as string;
    await save(c.a.b, a, [{ questionId: 'tf', value: { bool: true } }]);
    t.services.clock.now = () => new Date(base + 20 * MINUTE);
    const sweep = t.services.quizzes.sweep.closeExpiredAttempts;
    const [one, two, own] = await Promise.all([sweep(), sweep(), c.a.b.post(`/api/quizzes/student/attempts/${a}/submit`)]);
    // The student's submit lands first (200) or finds the attempt already closed by a sweep (409).
    expect([200, 409]).toContain(own.status);
    expect(one.closed + two.closed).toBeLessThanOrEqual(2);
    expect(one.closed + two.closed).toBeGreaterThanOrEqual(1);
    expect((await statusOf([a, b])).map((r) => r.status)).toEqual(['graded', 'graded']);
    // The student who came back saw the result; the other one is told once.
    expect(await gradedNotices(c.b.id)).toHaveLength(1);
    expect((await gradedNotices(c.a.id)).length).toBeLessThanOrEqual(1);
    expect((await statusOf([a]))[0]!.points).toBe(1);
  });

  it('leaves an attempt without a deadline open', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, { ...automatic, timeLimitMinutes: null });
    const a = (await start(c.a.b, quiz.id)).attempt.id as string;
    t.services.clock.now = () => new Date(Date.now() + 30 * 24 * 60 * MINUTE);
    await t.services.quizzes.sweep.closeExpiredAttempts();
    expect((await statusOf([a]))[0]!.status).toBe('open');
  });
});

describe(`quizzes: handwritten answers leave storage with their quiz on ${DRIVER}`, () => {
  const stored = async (attemptId: string) => {
    const [row] = await t.database.db.select({ key: quizAnswers.fileKey }).from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    return path.join(t.config.dataDir, 'quizzes', row!.key!);
  };
  const photoAnswer = async (c: Awaited<ReturnType<typeof quizClass>>, quizId: string) => {
    const view = await start(c.a.b, quizId);
    const res = await upload(t, c.a.b, `/api/quizzes/student/uploads/${view.attempt.id}/s1-photo`, await photo(), 'image/png');
    expect(res.status).toBe(201);
    const file = await stored(view.attempt.id);
    expect(fs.existsSync(file)).toBe(true);
    return file;
  };

  it('deleting the quiz deletes its students’ photos and PDFs', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, {});
    const kept = await createQuiz(c.teacher, c.course, {});
    const file = await photoAnswer(c, quiz.id);
    const other = await photoAnswer(c, kept.id);
    expect((await c.teacher.b.delete(`/api/quizzes/teacher/quizzes/${quiz.id}`)).status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(other)).toBe(true);
  });

  it('deleting the quiz’s outline item, its section or its course deletes them too', async () => {
    const c = await quizClass(t);
    const byItem = await createQuiz(c.teacher, c.course, {});
    const bySection = await createQuiz(c.teacher, c.course, {});
    const files = { item: await photoAnswer(c, byItem.id), section: await photoAnswer(c, bySection.id) };
    expect((await c.teacher.b.delete(`/api/courses/teacher/lessons/${byItem.lessonId}`)).status).toBe(200);
    expect(fs.existsSync(files.item)).toBe(false);
    expect(fs.existsSync(files.section)).toBe(true);
    expect((await c.teacher.b.delete(`/api/courses/teacher/sections/${c.course.sectionId}`)).status).toBe(200);
    expect(fs.existsSync(files.section)).toBe(false);

    // A course can only be deleted once nobody is subscribed: the subscriptions are taken away here to reach that state.
    const d = await quizClass(t);
    const byCourse = await createQuiz(d.teacher, d.course, {});
    const file = await photoAnswer(d, byCourse.id);
    await t.database.db.delete(enrollments).where(eq(enrollments.courseId, d.course.courseId));
    const removed = await d.teacher.b.delete(`/api/courses/teacher/courses/${d.course.courseId}`);
    expect(removed.status, await removed.text()).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe(`quizzes: a quiz counts for progress and the certificate on ${DRIVER}`, () => {
  it('the sweep’s closing completes the quiz’s item: My Subscriptions shows it and the last item issues the certificate', async () => {
    const c = await quizClass(t, { lessons: 1 });
    const quiz = await createQuiz(c.teacher, c.course, automatic);
    expect((await c.a.b.post(`/api/learning/student/lessons/${c.course.lessonIds[0]}/complete`)).status).toBe(200);
    const progress = async () => {
      const mine = await c.a.b.json(await c.a.b.get('/api/learning/student/subscriptions'));
      return mine.subscriptions.find((x: { course: { id: string } }) => x.course.id === c.course.courseId).progress;
    };
    expect(await progress()).toEqual({ done: 1, total: 2, percent: 50 });
    const base = Date.now();
    t.services.clock.now = () => new Date(base);
    const a = (await start(c.a.b, quiz.id)).attempt.id as string;
    await save(c.a.b, a, [{ questionId: 'tf', value: { bool: true } }]);
    t.services.clock.now = () => new Date(base + 11 * MINUTE);
    expect((await t.services.quizzes.sweep.closeExpiredAttempts()).closed).toBeGreaterThanOrEqual(1);
    expect(await progress()).toEqual({ done: 2, total: 2, percent: 100 });
    const certificates = (await c.a.b.json(await c.a.b.get('/api/certificates/student'))).certificates as Array<{ courseId: string }>;
    expect(certificates.map((x) => x.courseId)).toEqual([c.course.courseId]);
  });
});
