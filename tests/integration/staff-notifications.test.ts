import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEACHER_KINDS } from '@shared/notifications';
import { notifications } from '@server/core/db/schema';
import type { TBrowser } from './browser';
import { publishedCourse, quickStudent, registerTeacher, upload } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { staffMember } from './staff-helpers';
import { PNG } from './tenant-fixture';

/*
 * Issue 28 (decision 195): the teacher's team hears of what their role covers. An assistant is told a code request,
 * a transfer receipt and a student's message wait; an owner-role member everything the teacher is told; a content
 * editor nothing about codes, students or money. Each keeps their own preferences; a removed member hears nothing more
 * and keeps nothing of what they heard (staff-removal.test.ts).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The transfer receipt's notice is a queued job: run the queue as the worker would.
  await t.services.jobs.start();
}, 60_000);
afterAll(async () => {
  await t.close();
});

type TItem = { kind: string; link: string | null };
const items = async (b: TBrowser) => ((await b.json(await b.get('/api/notifications'))).items as TItem[]).map((i) => `${i.kind} ${i.link ?? ''}`);
const kinds = async (b: TBrowser) => ((await b.json(await b.get('/api/notifications/preferences'))).preferences as Array<{ kind: string }>).map((p) => p.kind);

describe(`the team's notifications on ${DRIVER}`, () => {
  it('tells each member what their role covers, with their own preferences, and nothing once removed', async () => {
    const teacher = await registerTeacher(t, 'academy');
    const assistant = await staffMember(t, teacher, 'assistant');
    const editor = await staffMember(t, teacher, 'content_editor');
    const owner = await staffMember(t, teacher, 'owner');

    // What each can choose in their preferences: the kinds their role covers.
    expect((await kinds(owner.b)).sort()).toEqual([...TEACHER_KINDS].sort());
    expect((await kinds(assistant.b)).sort()).toEqual(['codeRequest', 'enrollment', 'message', 'receipt', 'subscriptionEnding']);
    expect(await kinds(editor.b)).toEqual([]);
    // A kind outside the role cannot be chosen.
    expect((await assistant.b.put('/api/notifications/preferences', { kind: 'billing', inApp: false, email: 'off' })).status).toBe(404);

    // A code waits: the teacher, the assistant and the owner-role member are told, with the teacher's link.
    const student = await quickStudent(t, teacher);
    expect((await student.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code: '482913' })).status).toBe(200);
    for (const b of [teacher.b, assistant.b, owner.b]) expect(await items(b)).toEqual(['codeRequest /teacher/codes#code-requests']);
    expect(await items(editor.b)).toEqual([]);

    // The assistant wants no messages in the app: the owner-role member still hears of them, and gets the e-mail.
    expect((await assistant.b.put('/api/notifications/preferences', { kind: 'message', inApp: false, email: 'off' })).status).toBe(200);
    const body = `سؤال عن الدرس ${Date.now()}`;
    expect((await student.b.post(`/api/messages/student/conversations/${teacher.id}`, { body })).status).toBe(201);
    expect(await items(owner.b)).toContain(`message /dashboard/messages?student=${student.id}`);
    expect((await items(assistant.b)).filter((i) => i.startsWith('message'))).toEqual([]);
    expect(await items(editor.b)).toEqual([]);
    await vi.waitFor(() => expect(t.services.mailer.recent.filter((m) => m.text.includes(body)).map((m) => m.to)).toContain(owner.email), {
      timeout: 20_000,
      interval: 250,
    });
    expect(t.services.mailer.recent.filter((m) => m.text.includes(body)).map((m) => m.to)).not.toContain(assistant.email);

    // A transfer receipt waits (told by a queued job): the assistant hears of it, the content editor does not.
    const { courseId, planIds } = await publishedCourse(teacher, { lessons: 1 });
    const settings = { transferEnabled: true, ccpHolder: 'أستاذ', ccpNumber: '0012345678', ccpKey: '42' };
    expect((await teacher.b.put('/api/payments/teacher/transfer-settings', settings)).status).toBe(200);
    const order = await student.b.json(
      await student.b.post(`http://${teacher.host}/api/payments/student/transfer-orders`, { courseId, planId: planIds[0], method: 'ccp' }),
    );
    expect((await upload(t, student.b, `/api/payments/student/receipts/${order.id as string}`, PNG, 'image/png', 'r.png')).status).toBeLessThan(300);
    await vi.waitFor(async () => expect((await items(assistant.b)).some((i) => i.startsWith('receipt '))).toBe(true), { timeout: 20_000, interval: 250 });
    expect((await items(owner.b)).some((i) => i.startsWith('receipt '))).toBe(true);
    expect(await items(editor.b)).toEqual([]);

    // Removed: the next code request is not theirs any more.
    expect((await teacher.b.delete(`/api/staff/teacher/members/${owner.memberId}`)).status).toBe(200);
    const other = await quickStudent(t, teacher);
    expect((await other.b.post(`http://${teacher.host}/api/codes/student/code-requests`, { code: '739154' })).status).toBe(200);
    const codeRequests = async (b: TBrowser) => (await items(b)).filter((i) => i.startsWith('codeRequest')).length;
    expect(await codeRequests(teacher.b)).toBe(2);
    expect(await codeRequests(assistant.b)).toBe(2);
    // The removed member's sessions ended: their rows say it, none left (what they were told went with them, decision 233).
    const theirs = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.userId), eq(notifications.teacherId, teacher.id)));
    expect(theirs).toHaveLength(0);
  }, 120_000);
});
