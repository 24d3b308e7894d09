import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browser, type TBrowser } from './browser';
import { quickStudent, registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { invitationLink, inviteAs, staffMember, tokenOf } from './staff-helpers';

/*
 * Decision 233: a member removed from a teacher's team keeps nothing of what they were told as that teacher's staff:
 * not in their list, not in their unread count, not in an e-mail still waiting in the queue. What another teacher
 * they work for told them stays.
 */
let t: TTestApp;
beforeAll(async () => {
  // The queue is not started: the notifications' e-mails wait in it until the removal is done.
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

type TItem = { id: string; kind: string; platform: string | null };
const centre = async (b: TBrowser) => (await b.json(await b.get('/api/notifications'))) as { items: TItem[]; unread: number };

describe(`a removed staff member's notifications on ${DRIVER}`, () => {
  it('leave their list, unread count and e-mail queue; another platform’s stay', async () => {
    const a = await registerTeacher(t, 'academy');
    const b = await registerTeacher(t, 'academy');
    const person = await staffMember(t, a, 'assistant');
    // The same person works for B too.
    await inviteAs(b, person.email, 'assistant');
    expect((await person.b.post('/api/staff/invitations/accept', { token: tokenOf(invitationLink(t, person.email)) })).status).toBe(200);

    // A's student writes (an e-mail each for A and the person, queued) and asks for a code; B's student asks for a code.
    const studentA = await quickStudent(t, a);
    const body = `سؤال قبل الإزالة ${Date.now()}`;
    expect((await studentA.b.post(`/api/messages/student/conversations/${a.id}`, { body })).status).toBe(201);
    expect((await studentA.b.post(`http://${a.host}/api/codes/student/code-requests`, { code: '482913' })).status).toBe(200);
    const studentB = await quickStudent(t, b);
    expect((await studentB.b.post(`http://${b.host}/api/codes/student/code-requests`, { code: '739154' })).status).toBe(200);

    const before = await centre(person.b);
    expect(before.items.map((i) => `${i.kind} ${i.platform}`).sort()).toEqual(
      [`codeRequest ${a.subdomain}`, `codeRequest ${b.subdomain}`, `message ${a.subdomain}`].sort(),
    );
    const fromA = before.items.filter((i) => i.platform === a.subdomain);
    const fromB = before.items.find((i) => i.platform === b.subdomain)!;
    expect((await person.b.post(`/api/notifications/${fromB.id}/read`)).status).toBeLessThan(300);
    expect((await centre(person.b)).unread).toBe(2);

    expect((await a.b.delete(`/api/staff/teacher/members/${person.memberId}`)).status).toBe(200);

    // Their sessions ended with the removal: signed in again, only B's notification is left, and nothing unread.
    const again = browser(t);
    expect((await again.post('/api/accounts/login', { email: person.email, password: 'staff-pass-123' })).status).toBe(200);
    const after = await centre(again);
    expect(after.items.map((i) => i.id)).toEqual([fromB.id]);
    expect(after.unread).toBe(0);
    expect((await again.json(await again.get('/api/notifications/unread'))).unread).toBe(0);
    // Marking one of A's as read is the same as an unknown id: nothing comes back.
    for (const item of fromA) expect((await again.post(`/api/notifications/${item.id}/read`)).status).toBeLessThan(300);
    expect((await centre(again)).items.map((i) => i.id)).toEqual([fromB.id]);
    // The teacher's own notifications are untouched.
    expect((await centre(a.b)).items.map((i) => i.kind).sort()).toEqual(['codeRequest', 'message']);

    // The queued e-mails go now: the teacher's leaves, the removed member's does not.
    await t.services.jobs.start();
    const sentTo = () => t.services.mailer.recent.filter((m) => m.text.includes(body)).map((m) => m.to);
    await vi.waitFor(() => expect(sentTo()).toHaveLength(1), { timeout: 20_000, interval: 250 });
    expect(sentTo()).not.toContain(person.email);
  }, 120_000);
});
