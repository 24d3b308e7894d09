import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAppEnv } from './env';
import { handleError } from './errors';
import { createGate, overloadGuard, routeClass } from './overload';

afterEach(() => {
  vi.useRealTimers();
});

describe('overload guard: route classes', () => {
  it('never holds back health, gives sign-in its own class, and tells uploads by their body', () => {
    expect(routeClass('GET', '/api/health', undefined)).toBe('exempt');
    expect(routeClass('GET', '/api/health/ready', undefined)).toBe('exempt');
    expect(routeClass('GET', '/api/healthy', undefined)).toBe('read');
    expect(routeClass('POST', '/api/accounts/login', 'application/json')).toBe('auth');
    expect(routeClass('POST', '/api/accounts/register/student', 'application/json; charset=utf-8')).toBe('auth');
    expect(routeClass('GET', '/api/auth/verify-email', undefined)).toBe('auth');
    expect(routeClass('GET', '/api/accounts/me', undefined)).toBe('read');
    expect(routeClass('POST', '/api/codes/student/redeem', 'application/json')).toBe('write');
    expect(routeClass('DELETE', '/api/courses/teacher/courses/x', undefined)).toBe('write');
    expect(routeClass('GET', '/api/video/play/abc/key', undefined)).toBe('video');
    expect(routeClass('PATCH', '/api/video/uploads/abc', 'application/offset+octet-stream')).toBe('upload');
    expect(routeClass('PUT', '/api/courses/teacher/uploads/lessons/x', 'application/pdf')).toBe('upload');
    expect(routeClass('GET', '/api/courses/teacher/courses', undefined)).toBe('read');
  });
});

describe('overload guard: a class gate', () => {
  it('runs up to its limit at once, queues the next, and hands a freed slot to the first in line', async () => {
    const gate = createGate(2, 2_000);
    expect(gate.acquire()).toBeNull();
    expect(gate.acquire()).toBeNull();
    const third = gate.acquire();
    expect(third).toBeInstanceOf(Promise);
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 1 });
    gate.release(10);
    expect(await third).toBeNull();
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 0 });
  });

  it('refuses at once a request whose estimated wait is longer than the limit, with a Retry-After to match', () => {
    const gate = createGate(1, 2_000);
    expect(gate.acquire()).toBeNull();
    gate.release(1_500); // one request of this class holds its slot 1.5 s
    expect(gate.acquire()).toBeNull();
    expect(gate.acquire()).toBeInstanceOf(Promise); // first in line: about 1.5 s
    expect(gate.acquire()).toEqual({ code: 'SERVER_BUSY', retryAfterS: 3, reason: 'estimate' }); // about 3 s
  });

  it('never lets a request wait longer than the limit, and sheds a standing queue sooner', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const gate = createGate(1, 1_000, () => clock);
    expect(gate.acquire()).toBeNull();
    const waiting = gate.acquire() as Promise<unknown>;
    clock = 1_000;
    vi.advanceTimersByTime(1_000);
    expect(await waiting).toMatchObject({ code: 'SERVER_BUSY', reason: 'timeout' });
    // The slot is still held: the queue has not been empty for a whole interval, so a newcomer waits 50 ms.
    const first = gate.acquire() as Promise<unknown>;
    clock = 1_100;
    const second = gate.acquire() as Promise<unknown>;
    clock = 2_200;
    const late = gate.acquire() as Promise<unknown>;
    vi.advanceTimersByTime(50);
    expect(await late).toMatchObject({ code: 'SERVER_BUSY', reason: 'timeout' });
    gate.release(5);
    expect(await first).toBeNull();
    gate.release(5);
    expect(await second).toBeNull();
  });

  it('runs fewer at once while requests hold their slot too long, and more again once they are quick', () => {
    const gate = createGate(8, 1_000);
    for (let i = 0; i < 8; i += 1) expect(gate.acquire()).toBeNull();
    for (let i = 0; i < 8; i += 1) gate.release(3_000);
    expect(gate.stats().limit).toBe(3); // 8 × 0.9⁸ ≈ 3.4
    for (let i = 0; i < 3; i += 1) expect(gate.acquire()).toBeNull();
    expect(gate.pressed()).toBe(true);
    for (let i = 0; i < 3; i += 1) gate.release(20);
    for (let i = 0; i < 40; i += 1) {
      expect(gate.acquire()).toBeNull();
      gate.release(20);
    }
    expect(gate.stats().limit).toBe(8);
    expect(gate.pressed()).toBe(false);
  });

  it('has no limit at 0', () => {
    const gate = createGate(0, 1_000);
    for (let i = 0; i < 100; i += 1) expect(gate.acquire()).toBeNull();
  });
});

describe('overload guard: the middleware', () => {
  const settings = { maxWaitMs: 200, maxLagMs: 0, concurrency: { auth: 1, write: 1, read: 1, video: 1 } };
  function app() {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const a = new Hono<TAppEnv>();
    a.use(async (c, next) => {
      c.set('language', 'en');
      await next();
    });
    a.onError(handleError);
    a.use('/api/*', overloadGuard(settings));
    a.post('/api/accounts/login', async (c) => {
      await gate;
      return c.json({ ok: true });
    });
    a.get('/api/health', (c) => c.json({ status: 'ok' }));
    return { a, open };
  }
  const login = (a: Hono<TAppEnv>) => a.request('/api/accounts/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

  it('answers a class at capacity with 429, Retry-After and the translated message through the one error path, while health answers', async () => {
    const { a, open } = app();
    const first = login(a);
    const second = login(a); // waits up to 200 ms, then is refused
    const health = await a.request('/api/health');
    expect(health.status).toBe(200);
    const refused = await second;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({ error: { code: 'SERVER_BUSY', message: 'The server is busy right now. Try again in a few seconds.' } });
    open();
    expect((await first).status).toBe(200);
    expect((await login(a)).status).toBe(200);
  });
});

describe('overload guard: a late event loop', () => {
  it('refuses new requests with 503 and Retry-After while the loop lags with a class at capacity, never health, and recovers', async () => {
    const a = new Hono<TAppEnv>();
    a.use(async (c, next) => {
      c.set('language', 'en');
      await next();
    });
    a.onError(handleError);
    a.use('/api/*', overloadGuard({ maxWaitMs: 2_000, maxLagMs: 150, concurrency: { auth: 16, write: 16, read: 4, video: 16 } }));
    let open: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (open = resolve));
    a.get('/api/slow', async (c) => {
      await held;
      return c.json({ ok: true });
    });
    a.get('/api/quick', (c) => c.json({ ok: true }));
    a.get('/api/health', (c) => c.json({ status: 'ok' }));
    // The lag monitor starts with the first guard that needs it: let it tick once before the stall.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const slow = Array.from({ length: 8 }, () => a.request('/api/slow'));
    const stallUntil = performance.now() + 600;
    while (performance.now() < stallUntil) {
      // a synchronous stall, as a long computation on the main thread would make
    }
    await new Promise((resolve) => setTimeout(resolve, 120));
    const refused = await a.request('/api/quick');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ error: { code: 'SERVER_OVERLOADED', message: 'The server is overloaded. Try again shortly.' } });
    expect((await a.request('/api/health')).status).toBe(200);
    open();
    await Promise.all(slow);
    // With the work done, a late loop alone refuses nothing.
    expect((await a.request('/api/quick')).status).toBe(200);
  });
});
