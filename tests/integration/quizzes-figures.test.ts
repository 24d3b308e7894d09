import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from './courses-helpers';
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
