import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSentMail } from '@server/core/mailer';
import { browser, newTeacher } from './browser';
import { registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { inviteAs } from './staff-helpers';

/*
 * Account e-mails (verification, password reset, e-mail change, unlock, admin and staff invitations, newsletter)
 * in the notices' React Email layout (decision 211): HTML, right-to-left in Arabic, with the same link as the text
 * part, which stays.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const lastMailTo = (email: string) => [...t.services.mailer.recent].reverse().find((m) => m.to === email);

/** HTML in the language's direction, the link in the HTML as a link, and in the text part as before. */
function expectLaidOut(mail: TSentMail | undefined, dir: 'rtl' | 'ltr', fragment: string) {
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  expect(link, `a link with ${fragment} in the text`).toBeDefined();
  expect(mail?.html).toMatch(new RegExp(`<html[^>]* dir="${dir}"`));
  expect(mail?.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  expect(mail?.html).toContain(mail!.subject.replace(/&/g, '&amp;'));
}

describe(`account e-mails in the HTML layout on ${DRIVER}`, () => {
  it('the verification e-mail after signing up, and the password reset, in Arabic', async () => {
    const input = newTeacher();
    const b = browser(t);
    expect((await b.post('/api/accounts/register/teacher', input)).status).toBe(201);
    expectLaidOut(lastMailTo(input.email), 'rtl', '/api/auth/verify-email?token=');

    // The reset e-mail is sent by a job (accounts/passwords.ts).
    await t.services.jobs.start();
    const before = t.services.mailer.recent.length;
    expect((await browser(t).post('/api/accounts/password/forgot', { email: input.email })).status).toBe(200);
    await expect.poll(() => t.services.mailer.recent.slice(before).some((m) => m.to === input.email), { timeout: 15_000 }).toBe(true);
    expectLaidOut(lastMailTo(input.email), 'rtl', '/reset-password?token=');
  });

  it('the staff invitation, in Arabic and in French', async () => {
    const teacher = await registerTeacher(t, 'institution');
    const ar = `staff-ar-${Date.now()}@example.test`;
    expect((await inviteAs(teacher, ar, 'assistant')).status).toBe(201);
    expectLaidOut(lastMailTo(ar), 'rtl', '/staff/accept?');
    const fr = `staff-fr-${Date.now()}@example.test`;
    expect((await teacher.b.post('/api/staff/teacher/invitations', { email: fr, role: 'assistant', language: 'fr' })).status).toBe(201);
    expectLaidOut(lastMailTo(fr), 'ltr', '/staff/accept?');
  });

  it('every account template in each language: right-to-left only in Arabic, the link kept', async () => {
    const link = 'https://darsi.example/account/action?token=abc&lng=ar';
    const templates = [
      'verifyEmail',
      'resetPassword',
      'unlockAccount',
      'changeEmail',
      'adminInvitation',
      'newsletterUnsubscribe',
      'newsletterResubscribe',
    ] as const;
    for (const template of templates) {
      for (const [lng, dir] of [
        ['ar', 'rtl'],
        ['en', 'ltr'],
        ['fr', 'ltr'],
      ] as const) {
        const to = `${template}-${lng}@example.test`;
        await t.services.mailer.sendTemplate(to, lng, template, { name: 'سارة <b>', link, newEmail: 'new@example.test' });
        const mail = lastMailTo(to);
        expectLaidOut(mail, dir, '/account/action?token=abc');
        // What a person typed is text, never markup.
        if (mail!.text.includes('سارة <b>')) expect(mail!.html).toContain('سارة &lt;b&gt;');
      }
    }
  });
});
