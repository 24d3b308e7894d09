import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedCourse, registerTeacher, upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createQuiz, errorCode, examSubject, photo, quizClass, start } from './quizzes-helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const figuresOf = (teacherId: string, lessonId: string) => path.join(t.config.dataDir, 'quizzes', teacherId, lessonId, 'figures');

describe(`quizzes: figures in questions on ${DRIVER}`, () => {
  it('takes only real images under the cap, re-encoded, served sandboxed to the teacher and the quiz’s students', async () => {
    const c = await quizClass(t);
    const quiz = await createQuiz(c.teacher, c.course, {});
    const url = `/api/quizzes/teacher/figures/${quiz.id}`;

    // The declared type counts for nothing: an SVG (scripts), HTML sent as a PNG, a PDF and a PNG header on junk are refused.
    expect(await errorCode(await upload(t, c.teacher.b, url, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'))).toBe(
      'FIGURE_INVALID',
    );
    expect(await errorCode(await upload(t, c.teacher.b, url, '<html><script>alert(1)</script></html>', 'image/png'))).toBe('FIGURE_INVALID');
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';
    expect(await errorCode(await upload(t, c.teacher.b, url, pdf, 'image/png'))).toBe('FIGURE_INVALID');
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    expect(await errorCode(await upload(t, c.teacher.b, url, fake, 'image/png'))).toBe('FIGURE_INVALID');
    // One byte over 5 MB is refused before it is all read.
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(t, c.teacher.b, url, big, 'image/png');
    expect(tooBig.status).toBe(413);
    expect(await errorCode(tooBig)).toBe('FIGURE_TOO_LARGE');

    // A real PNG with a script appended: kept as pixels only (WebP), the appended bytes gone.
    const png = Buffer.concat([await photo(), Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(t, c.teacher.b, url, png, 'image/png');
    expect(res.status).toBe(201);
    const { figure } = (await res.json()) as { figure: string };
    expect(figure).toMatch(/^[0-9a-f-]{36}\.webp$/);
    const files = fs.readdirSync(figuresOf(c.teacher.id, quiz.lessonId));
    expect(files).toEqual([figure]);
    const stored = fs.readFileSync(path.join(figuresOf(c.teacher.id, quiz.lessonId), figure));
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);

    // The figure goes on a question and on an exercise; the paper carries its name, never a path.
    const plain = examSubject();
    const first = plain.exercises[0]!;
    const subject = { ...plain, exercises: [{ ...first, questions: first.questions.map((q, i) => (i === 0 ? { ...q, figure } : q)) }, plain.exercises[1]!] };
    const saved = await c.teacher.b.put(`/api/quizzes/teacher/quizzes/${quiz.id}`, {
      title: 'اختبار بشكل',
      kind: 'exam',
      subjects: [{ ...subject, exercises: subject.exercises.map((e, i) => (i === 1 ? { ...e, figure } : e)) }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const bad = await c.teacher.b.put(`/api/quizzes/teacher/quizzes/${quiz.id}`, {
      title: 'x',
      subjects: [{ ...subject, exercises: [{ ...subject.exercises[0]!, figure: '../../etc/passwd' }] }],
    });
    expect(bad.status).toBe(400);

    const view = await start(c.a.b, quiz.id);
    expect(view.exercises[0].questions.find((q: { id: string }) => q.id === 's1-single').figure).toBe(figure);
    expect(view.exercises[1].figure).toBe(figure);

    for (const [b, side] of [
      [c.teacher.b, 'teacher'],
      [c.a.b, 'student'],
    ] as const) {
      const got = await b.get(`/api/quizzes/${side}/quizzes/${quiz.id}/figures/${figure}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
      expect(got.headers.get('content-security-policy')).toContain('sandbox');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await got.arrayBuffer()).equals(stored)).toBe(true);
    }
    // Not the student outside the course, not another teacher, not a name that is not stored.
    expect(await errorCode(await c.outsider.b.get(`/api/quizzes/student/quizzes/${quiz.id}/figures/${figure}`))).toBe('SUBSCRIPTION_REQUIRED');
    const other = await quizClass(t);
    expect((await other.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/figures/${figure}`)).status).toBe(404);
    expect((await upload(t, other.teacher.b, url, await photo(), 'image/png')).status).toBe(404);
    expect((await c.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/figures/${'0'.repeat(36)}.webp`)).status).toBe(404);
    expect((await c.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/figures/..%2F..%2Fsecret.webp`)).status).toBe(400);

    // Deleting the quiz deletes its figures.
    expect((await c.teacher.b.delete(`/api/quizzes/teacher/quizzes/${quiz.id}`)).status).toBe(200);
    expect(fs.existsSync(figuresOf(c.teacher.id, quiz.lessonId))).toBe(false);
  });
});

describe(`quizzes: figures of bank questions on ${DRIVER}`, () => {
  const bankFigures = (teacherId: string, courseId: string) => path.join(t.config.dataDir, 'quizzes', teacherId, 'bank', courseId);

  it('uploads in the bank, keeps the figure on the drawn question, serves it only to its papers, removes it with the question', async () => {
    const c = await quizClass(t);
    const courseId = c.course.courseId;
    const url = `/api/quizzes/teacher/figures/bank/${courseId}`;
    // The same checks as a quiz's figure: magic bytes, re-encoded to WebP, appended bytes dropped, 5 MB cap.
    expect(await errorCode(await upload(t, c.teacher.b, url, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'))).toBe(
      'FIGURE_INVALID',
    );
    expect(await errorCode(await upload(t, c.teacher.b, url, '%PDF-1.4\n%%EOF', 'image/png'))).toBe('FIGURE_INVALID');
    expect((await upload(t, c.teacher.b, url, Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024)]), 'image/png')).status).toBe(413);
    const figures: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await upload(t, c.teacher.b, url, Buffer.concat([await photo(), Buffer.from('<script>alert(1)</script>')]), 'image/png');
      expect(res.status).toBe(201);
      figures.push(((await res.json()) as { figure: string }).figure);
    }
    const [one, two, three] = figures as [string, string, string];
    const stored = fs.readFileSync(path.join(bankFigures(c.teacher.id, courseId), one));
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);

    // The teacher sees it in the bank, sandboxed; another teacher can neither send nor read one there.
    const got = await c.teacher.b.get(`/api/quizzes/teacher/courses/${courseId}/bank/figures/${one}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const other = await quizClass(t);
    expect((await other.teacher.b.get(`/api/quizzes/teacher/courses/${courseId}/bank/figures/${one}`)).status).toBe(404);
    expect((await upload(t, other.teacher.b, url, await photo(), 'image/png')).status).toBe(404);

    // Two bank questions with a figure each; the quiz draws one of them.
    const bank = `/api/quizzes/teacher/courses/${courseId}/bank`;
    const tf = (id: string, figure: string) => ({ id, type: 'truefalse', prompt: `${id}?`, points: 1, correct: true, figure });
    const q1 = await c.teacher.b.json(await c.teacher.b.post(bank, { chapter: 'أشكال', question: tf('fig-a', one) }));
    const q2 = await c.teacher.b.json(await c.teacher.b.post(bank, { chapter: 'أشكال', question: tf('fig-b', two) }));
    expect(q1.question.figure).toBe(one);
    const quiz = await createQuiz(c.teacher, c.course, { kind: 'quiz', draws: [{ chapter: 'أشكال', count: 1 }], drawPoints: 1 });
    const view = await start(c.a.b, quiz.id);
    const drawn = view.exercises.find((e: { id: string }) => e.id === 'drawn').questions[0] as { id: string; figure: string };
    expect([one, two]).toContain(drawn.figure);
    const unseen = drawn.figure === one ? two : one;

    // The student whose paper holds it gets the same bytes; not the other bank figure, not a classmate without that
    // paper, not a student outside the course. The teacher reads it through the quiz too (results, grading).
    const studentUrl = (name: string) => `/api/quizzes/student/quizzes/${quiz.id}/figures/${name}`;
    const mine = await c.a.b.get(studentUrl(drawn.figure));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await mine.arrayBuffer()).equals(fs.readFileSync(path.join(bankFigures(c.teacher.id, courseId), drawn.figure)))).toBe(true);
    expect((await c.a.b.get(studentUrl(unseen))).status).toBe(404);
    expect((await c.b.b.get(studentUrl(drawn.figure))).status).toBe(404);
    expect(await errorCode(await c.outsider.b.get(studentUrl(drawn.figure)))).toBe('SUBSCRIPTION_REQUIRED');
    expect((await c.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/figures/${drawn.figure}`)).status).toBe(200);
    expect((await other.teacher.b.get(`/api/quizzes/teacher/quizzes/${quiz.id}/figures/${drawn.figure}`)).status).toBe(404);

    // Replacing a figure removes the old file; deleting a question removes its figure.
    const edited = await c.teacher.b.put(`/api/quizzes/teacher/bank/${q1.id}`, { chapter: 'أشكال', question: tf('fig-a', three) });
    expect(edited.status).toBe(200);
    expect(fs.readdirSync(bankFigures(c.teacher.id, courseId)).sort()).toEqual([two, three].sort());
    expect((await c.teacher.b.delete(`/api/quizzes/teacher/bank/${q2.id}`)).status).toBe(200);
    expect(fs.readdirSync(bankFigures(c.teacher.id, courseId))).toEqual([three]);
  });

  it('removes the bank figures and the quizzes’ figures with their course', async () => {
    // No student subscribed: a course with subscriptions can only be archived.
    const teacher = await registerTeacher(t, 'academy');
    const course = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
    const bankFigure = await upload(t, teacher.b, `/api/quizzes/teacher/figures/bank/${course.courseId}`, await photo(), 'image/png');
    expect(bankFigure.status).toBe(201);
    const { figure } = (await bankFigure.json()) as { figure: string };
    const quiz = await createQuiz(teacher, course, {});
    expect((await upload(t, teacher.b, `/api/quizzes/teacher/figures/${quiz.id}`, await photo(), 'image/png')).status).toBe(201);
    // Another course's bank of the same teacher stays.
    const kept = await publishedCourse(teacher, { kind: 'regular', lessons: 1 });
    expect((await upload(t, teacher.b, `/api/quizzes/teacher/figures/bank/${kept.courseId}`, await photo(), 'image/png')).status).toBe(201);
    expect(fs.readdirSync(bankFigures(teacher.id, course.courseId))).toEqual([figure]);
    expect(fs.readdirSync(figuresOf(teacher.id, quiz.lessonId))).toHaveLength(1);

    expect((await teacher.b.delete(`/api/courses/teacher/courses/${course.courseId}`)).status).toBe(200);
    expect(fs.existsSync(bankFigures(teacher.id, course.courseId))).toBe(false);
    expect(fs.existsSync(figuresOf(teacher.id, quiz.lessonId))).toBe(false);
    expect(fs.readdirSync(bankFigures(teacher.id, kept.courseId))).toHaveLength(1);
  });
});
