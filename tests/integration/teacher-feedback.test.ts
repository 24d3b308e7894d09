import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, bootstrapAdmin } from './admin-fixtures';
import { registerTeacher } from './courses-helpers';
import { DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await adminTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`feedback to Darsi from the dashboard on ${DRIVER}`, () => {
  it('reaches the admins, who answer and change its status; the teacher is notified and sees it; nobody else does', async () => {
    const admin = await bootstrapAdmin(t);
    const teacher = await registerTeacher(t);
    const other = await registerTeacher(t);
    const sent = await teacher.b.post('/api/messages/teacher/feedback', {
      category: 'feature',
      title: 'تصدير قائمة الطلاب',
      text: 'نحتاج تصدير القائمة بصيغة Excel',
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    expect((await teacher.b.post('/api/messages/teacher/feedback', { category: 'nope', text: 'x' })).status).toBe(400);

    expect((await admin.json(await admin.get('/api/notifications/unread'))).unread).toBe(1);
    const inbox = await admin.json(await admin.get('/api/messages/admin/feedback'));
    expect(inbox.feedback[0]).toMatchObject({ id, status: 'new', title: 'تصدير قائمة الطلاب', teacher: expect.any(String) });
    expect((await teacher.b.get('/api/messages/admin/feedback')).status).toBe(403);
    expect((await teacher.b.patch(`/api/messages/admin/feedback/${id}`, { status: 'done' })).status).toBe(403);

    const answered = await admin.patch(`/api/messages/admin/feedback/${id}`, { status: 'planned', answer: 'شكرًا، مبرمج للشهر القادم' });
    expect(answered.status).toBe(200);
    expect((await teacher.b.json(await teacher.b.get('/api/notifications'))).items[0]).toMatchObject({ kind: 'feedbackAnswered', link: '/dashboard/feedback' });
    const mine = await teacher.b.json(await teacher.b.get('/api/messages/teacher/feedback'));
    expect(mine.feedback).toEqual([expect.objectContaining({ id, status: 'planned', answer: 'شكرًا، مبرمج للشهر القادم' })]);
    expect((await other.b.json(await other.b.get('/api/messages/teacher/feedback'))).feedback).toEqual([]);
  });
});
