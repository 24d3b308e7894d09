import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCodes, inDays, publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rows = async (teacher: TTeacher, query: string) =>
  (await teacher.b.json(await teacher.b.get(`/api/subscriptions/teacher/students${query}`))).rows as Array<{
    id: string;
    enrollment: Record<string, unknown> | null;
  }>;

describe(`a teacher suspends a subscription on ${DRIVER} (decision 124)`, () => {
  it('closes lessons while suspended, keeps the period, survives a code redemption, and reopens on reactivate', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher, { lessons: 2 });
    const student = await quickStudent(t, teacher);
    const enrolled = await teacher.b.json(
      await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] }),
    );
    const id = enrolled.id as string;
    const lesson = `http://${teacher.host}/api/learning/student/courses/${course.courseId}/lessons/${course.lessonIds[0]}`;
    expect((await student.b.get(lesson)).status).toBe(200);
    const before = (await rows(teacher, `?courseId=${course.courseId}`))[0]!.enrollment!;

    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/suspend`)).status).toBe(200);
    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/suspend`)).status).toBe(200);
    const suspended = await rows(teacher, `?status=suspended`);
    expect(suspended).toHaveLength(1);
    expect(suspended[0]!.enrollment).toMatchObject({ status: 'suspended', expiresAt: before.expiresAt });
    expect(await rows(teacher, `?status=active`)).toHaveLength(0);

    const denied = await student.b.get(lesson);
    expect(denied.status).toBe(403);
    expect((await student.b.json(denied)).error.code).toBe('SUBSCRIPTION_REQUIRED');
    const outline = await student.b.json(await student.b.get(`http://${teacher.host}/api/learning/student/courses/${course.courseId}`));
    expect(outline.subscription.status).toBe('suspended');

    // Paying again adds the days but does not lift the teacher's decision.
    const batch = await teacher.b.json(
      await teacher.b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count: 1, validUntil: inDays(9) }),
    );
    const [code] = csvCodes(await (await teacher.b.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text());
    expect((await student.b.post(`http://${teacher.host}/api/codes/student/redeem`, { code })).status).toBe(200);
    const extended = (await rows(teacher, `?courseId=${course.courseId}`))[0]!.enrollment!;
    expect(extended.status).toBe('suspended');
    expect(new Date(extended.expiresAt as string).getTime()).toBeGreaterThan(new Date(before.expiresAt as string).getTime() + 20 * 86_400_000);
    expect((await student.b.get(lesson)).status).toBe(403);

    expect((await teacher.b.post(`/api/subscriptions/teacher/enrollments/${id}/reactivate`)).status).toBe(200);
    expect((await student.b.get(lesson)).status).toBe(200);
    expect((await rows(teacher, `?courseId=${course.courseId}`))[0]!.enrollment).toMatchObject({ status: 'active', expiresAt: extended.expiresAt });
  });

  it('lets only the subscription’s own teacher suspend it', async () => {
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const course = await publishedCourse(teacher, { lessons: 1 });
    const student = await quickStudent(t, teacher);
    const enrolled = await teacher.b.json(
      await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] }),
    );
    const res = await other.b.post(`/api/subscriptions/teacher/enrollments/${enrolled.id as string}/suspend`);
    expect(res.status).toBe(404);
    expect((await rows(teacher, `?courseId=${course.courseId}`))[0]!.enrollment).toMatchObject({ status: 'active' });
  });
});
