import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, newStudent } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';

/*
 * Issue 23, finding 2: a login flood left requests unanswered on the embedded database and the health check
 * timed out. The overload guard (decision 111) answers what it cannot serve soon at once, with Retry-After.
 * The limits here are small so that a burst of a test's size is a flood; the thresholds asserted are loose on
 * purpose (a loaded 2-core CI machine): the point is that nothing waits for long and health answers throughout.
 */
const TOKEN = 'overload-metrics-token-0123456789';
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ OVERLOAD_MAX_WAIT_MS: '500', OVERLOAD_MAX_LAG_MS: '1000', OVERLOAD_AUTH_CONCURRENCY: '2', METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

const timed = async (call: () => Promise<Response>) => {
  const started = performance.now();
  const res = await call();
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return {
    status: res.status,
    code: body.error?.code,
    message: body.error?.message,
    retryAfter: res.headers.get('retry-after'),
    ms: performance.now() - started,
  };
};

describe(`the overload guard on ${DRIVER} (issue 23)`, () => {
  it('answers a login flood at once (200 or 429 with Retry-After), keeps health answering, and serves again after it', { timeout: 60_000 }, async () => {
    const student = newStudent();
    expect((await browser(t).post('/api/accounts/register/student', student)).status).toBe(201);
    // Every other client reads French: the refusal goes through the one error path, in the client's language.
    const login = (i: number) => () =>
      browser(t, { ip: `10.23.${Math.floor(i / 200)}.${(i % 200) + 1}` }).post(`/api/accounts/login${i % 2 ? '?lng=fr' : ''}`, {
        email: student.email,
        password: student.password,
      });

    let flooding = true;
    const health: { status: number; ms: number }[] = [];
    const probe = (async () => {
      while (flooding) {
        const started = performance.now();
        const [ready, live] = await Promise.all([t.request('/api/health'), t.request('/api/health/live')]);
        health.push({ status: Math.max(ready.status, live.status), ms: performance.now() - started });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 60 }, async (_, i) => ({ i, ...(await timed(login(i))) })));
    flooding = false;
    await probe;

    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    const shed = answers.filter((a) => a.code === 'SERVER_BUSY');
    expect(shed.length).toBeGreaterThan(0);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of shed) {
      expect(a.status).toBe(429);
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.message).toBe(
        a.i % 2 ? 'Le serveur est très sollicité en ce moment. Réessayez dans quelques secondes.' : 'الخادم مشغول الآن. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
      );
    }
    // Refused at once or after a short wait, never after the admitted requests' whole backlog.
    expect(Math.max(...shed.map((a) => a.ms))).toBeLessThan(8_000);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(15_000);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((h) => h.status === 200 && h.ms < 5_000)).toBe(true);

    // After the flood the same sign-in is served.
    expect((await timed(login(999))).status).toBe(200);
    const metrics = await (await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(metrics).toMatch(/darsi_overload_shed_total\{class="auth",reason="(estimate|timeout)"\} [1-9]/);
    expect(metrics).toMatch(/darsi_overload_requests\{class="auth",state="in_progress"\} 0/);
  });
});
