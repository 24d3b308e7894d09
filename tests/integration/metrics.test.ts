import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { signedInTeacher } from './landing-helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  await t.services.jobs.start({ work: false });
});
afterAll(async () => {
  await t.close();
});

const scrape = (authorization?: string) => t.request('/metrics', { headers: authorization ? { authorization } : {} });

describe(`observability on ${DRIVER} (issue 16)`, () => {
  it('answers /metrics only with the bearer token; without a configured token the route does not exist', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
    const closed = await createTestApp();
    try {
      expect((await closed.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('reports latency by route pattern (never a raw path), the job queue, the database and the process', async () => {
    await t.request('/api/health');
    const teacher = await signedInTeacher(t);
    await teacher.b.get('/api/landing/pages/00000000-0000-4000-8000-000000000000');
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/darsi_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toMatch(/darsi_http_request_duration_seconds_count\{method="GET",route="\/api\/landing\/pages\/:id",status="404"\} 1/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/darsi_job_queue_jobs\{queue="prune-attempt-limits",state="queued"\} \d+/);
    expect(text).toContain('darsi_database_up 1');
    expect(text).toContain('darsi_process_resident_memory_bytes');
    if (DRIVER === 'postgres') expect(text).toMatch(/darsi_db_pool_connections\{state="total"\} \d+/);
  });

  it('tells liveness from readiness', async () => {
    expect(await (await t.request('/api/health/live')).json()).toEqual({ status: 'ok' });
    expect(await (await t.request('/api/health/ready')).json()).toEqual({ status: 'ok', database: 'up' });
  });
});
