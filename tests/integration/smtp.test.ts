import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, newTeacher } from './browser';
import { createTestApp, type TTestApp } from './harness';

type TReceived = { to: string[]; subject: string; text: string };

let t: TTestApp;
let smtp: SMTPServer;
const received: TReceived[] = [];
/** While true the server refuses every recipient, as a mail server that is down or full would. */
let refuseMail = false;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      callback(refuseMail ? Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }) : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Darsi <no-reply@darsi.test>' });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('e-mail over a real SMTP server', () => {
  it('delivers the verification and password-reset messages', async () => {
    const input = newTeacher();
    const b = browser(t);
    expect((await b.post('/api/accounts/register/teacher', input)).status).toBe(201);
    // The reset message is sent by a job (issue 16).
    await t.services.jobs.start();
    await b.post('/api/accounts/password/forgot', { email: input.email });
    await expect.poll(() => received.filter((m) => m.to.includes(input.email)).length, { timeout: 15_000 }).toBe(2);

    const mine = received.filter((m) => m.to.includes(input.email));
    expect(mine.map((m) => m.subject)).toEqual(['تأكيد البريد الإلكتروني في دَرسي', 'إعادة تعيين كلمة المرور في دَرسي']);
    expect(mine[0]!.text).toContain('/api/auth/verify-email?token=');
    expect(mine[1]!.text).toMatch(/\/reset-password\?token=\S+/);
    // Nothing is written to the outbox when SMTP is configured.
    expect(t.services.mailer.recent.every((m) => m.file === undefined)).toBe(true);
  });
});

describe('when the mail server refuses the message', () => {
  it('still creates and signs in the account, and the confirmation can be sent again later', async () => {
    const input = newTeacher();
    const b = browser(t);
    refuseMail = true;
    try {
      const res = await b.post('/api/accounts/register/teacher', input);
      expect(res.status).toBe(201);
      expect(await b.json(res)).toEqual({ redirectTo: '/dashboard' });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('darsi.session_token='))).toBe(true);
      expect((await b.session())?.teacher.subdomain).toBe(input.subdomain);
      expect(received.filter((m) => m.to.includes(input.email))).toHaveLength(0);

      // Asking again while the server still refuses says so, instead of pretending it was sent.
      const failed = await b.post('/api/accounts/email/verification');
      expect(failed.status).toBe(503);
      expect((await b.json(failed)).error).toEqual({
        code: 'MAIL_SEND_FAILED',
        message: 'تعذر إرسال البريد الإلكتروني الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
      });
    } finally {
      refuseMail = false;
    }
    const resent = await b.post('/api/accounts/email/verification');
    expect(await b.json(resent)).toEqual({ sent: true, alreadyVerified: false });
    const mail = received.find((m) => m.to.includes(input.email));
    expect(mail?.subject).toBe('تأكيد البريد الإلكتروني في دَرسي');
    const link = mail!.text.match(/https?:\/\/\S+verify-email\S+/)![0];
    const verified = await b.get(link);
    expect(verified.headers.get('location')).toBe('/verify?confirmed=1');
    expect((await b.session())?.user.emailVerified).toBe(true);
  });
});
