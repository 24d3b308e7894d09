import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { signedInTeacher } from './landing-helpers';

/*
 * Decision 126: each domain answers under /api/<domain>, and the URLs that left the app (configured at Chargily,
 * in sent e-mails, printed on cards and certificates) keep their paths. Their behaviour is tested where it belongs
 * (payments-card, billing, accounts, codes-cards, certificates); this file pins the paths themselves.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const apiNotFound = async (res: Response) => res.status === 404 && ((await res.json()) as { error?: { code?: string } }).error?.code === 'NOT_FOUND';
const unsigned = (path: string) => t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', signature: 'bad' }, body: '{}' });

describe(`URLs kept and moved by decision 126 on ${DRIVER}`, () => {
  it('still routes both Chargily webhooks, the e-mail verification link, card links and the certificate check', async () => {
    for (const path of ['/api/payments/chargily/webhook', '/api/billing/chargily/webhook']) {
      const res = await unsigned(path);
      expect(res.status, path).not.toBe(404);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await apiNotFound(await t.request('/api/auth/verify-email?token=x'))).toBe(false);
    for (const path of ['/redeem', '/student/dashboard/redeem']) expect((await t.request(path)).headers.get('referrer-policy'), path).toBe('no-referrer');
    expect((await t.request('/certificates/00000000-0000-4000-8000-000000000000')).headers.get('content-type')).toContain('text/html');
  });

  it('answers the moved paths with the API 404 and the new ones by their guard', async () => {
    const moved = [
      '/api/account/session',
      '/api/teacher/overview',
      '/api/student/platforms',
      '/api/courses/student/subscriptions',
      '/api/courses/student/certificates',
    ];
    for (const path of moved) expect(await apiNotFound(await t.request(path)), path).toBe(true);
    // /api/courses/teacher is still the courses domain's guarded side: a teacher gets the 404 there.
    const teacher = await signedInTeacher(t);
    for (const path of [
      '/api/courses/teacher/batches',
      '/api/courses/teacher/students',
      '/api/courses/teacher/certificates/00000000-0000-4000-8000-000000000000',
    ]) {
      expect(await apiNotFound(await teacher.b.get(path)), path).toBe(true);
    }
    for (const path of ['/api/codes/teacher/batches', '/api/subscriptions/teacher/students', '/api/accounts/teacher/overview'])
      expect((await teacher.b.get(path)).status, path).toBe(200);
    expect((await t.request('/api/accounts/session')).status).toBe(200);
    const guarded = [
      '/api/accounts/teacher/overview',
      '/api/accounts/student/platforms',
      '/api/codes/teacher/batches',
      '/api/subscriptions/teacher/students',
      '/api/learning/student/subscriptions',
      '/api/certificates/student',
    ];
    for (const path of guarded) expect((await t.request(path)).status, path).toBe(401);
  });
});
