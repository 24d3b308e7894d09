import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueue, defineJob, type TJobQueue } from '@server/core/jobs/queue';
import type { TDatabase } from '@server/core/db/client';
import { DRIVER, freshDatabase } from './harness';

const logger = pino({ level: 'silent' });

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`job queue on ${DRIVER}`, () => {
  let database: TDatabase;
  const queues: TJobQueue[] = [];
  const queue = () => {
    const q = createJobQueue(database.jobBackend, logger);
    queues.push(q);
    return q;
  };

  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(1000);
    await database.close();
  });

  it('runs a sent job once, with its data, and records it as completed', async () => {
    const seen: string[] = [];
    const greet = defineJob<{ name: string }>({ name: 'greet', run: async ({ name }) => void seen.push(name) });
    const q = queue();
    q.define(greet);
    await q.start();
    const id = await q.send(greet, { name: 'سارة' });
    expect(id).toBeTruthy();
    const [job] = await until(async () => {
      const jobs = await q.boss.findJobs('greet', { id: id! });
      return jobs[0]?.state === 'completed' ? jobs : undefined;
    });
    expect(job?.data).toEqual({ name: 'سارة' });
    expect(seen).toEqual(['سارة']);
  });

  it('retries a failing job, then leaves it failed with the error', async () => {
    let attempts = 0;
    const flaky = defineJob<object>({
      name: 'flaky',
      queue: { retryLimit: 1, retryDelay: 0 },
      run: async () => {
        attempts += 1;
        throw new Error('ffmpeg exited with code 1');
      },
    });
    const q = queue();
    q.define(flaky);
    await q.start();
    const id = await q.send(flaky, {});
    const [job] = await until(async () => {
      const jobs = await q.boss.findJobs('flaky', { id: id! });
      return jobs[0]?.state === 'failed' ? jobs : undefined;
    });
    expect(attempts).toBe(2);
    expect(JSON.stringify(job)).toContain('ffmpeg exited with code 1');
  });

  it('keeps a job sent before a restart and runs it on the next start', async () => {
    const seen: number[] = [];
    const count = defineJob<{ n: number }>({ name: 'count', run: async ({ n }) => void seen.push(n) });
    const before = queue();
    before.define(count);
    await before.start({ work: false });
    await before.send(count, { n: 7 });
    await before.stop(1000);

    const after = queue();
    after.define(count);
    await after.start();
    await until(() => (seen.length > 0 ? seen : undefined));
    expect(seen).toEqual([7]);
  });
});
