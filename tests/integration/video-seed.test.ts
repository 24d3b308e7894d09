import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons, lessonVideos, teachers, user } from '@server/core/db/schema';
import { seedDemo } from '@server/seed';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function demoVideoLesson(app: TTestApp) {
  const [teacher] = await app.database.db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
  const [lesson] = await app.database.db.select().from(lessons).where(eq(lessons.type, 'video'));
  expect(lesson?.teacherId).toBe(teacher!.id);
  return lesson!;
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe(`demo video on ${DRIVER}`, () => {
  it('seeds a video lesson whose real video is made and encrypted by a job, open to the demo student once ready', { timeout: 180_000 }, async () => {
    t = await createTestApp();
    const started = Date.now();
    const { failed } = await seedDemo(t.services);
    expect(failed).toBeNull();
    // The seed itself only sends the job: start-up does not wait for ffmpeg.
    expect(Date.now() - started).toBeLessThan(30_000);
    const lesson = await demoVideoLesson(t);
    await t.services.jobs.start();
    const app = t;
    const video = await until(async () => {
      const [row] = await app.database.db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lesson.id));
      return row?.state === 'ready' || row?.state === 'failed' ? row : undefined;
    }, 170_000);
    expect(video).toMatchObject({ state: 'ready', renditions: [0, 240, 360, 720] });
    expect(video.durationSec).toBeGreaterThan(11);
    // The demo student (organized course, two lessons done) may play it: the lesson sits right after them.
    const [student] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'student@darsi.test'));
    await expect(t.services.learning.openLesson(student!.id, lesson.id, { hostSubdomain: null })).resolves.toMatchObject({ teacherId: lesson.teacherId });
  });

  it('skips the demo video, and says so, when ffmpeg is missing', { timeout: 60_000 }, async () => {
    t = await createTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    const { failed } = await seedDemo(t.services);
    expect(failed).toBeNull();
    const lesson = await demoVideoLesson(t);
    await t.services.jobs.start();
    const app = t;
    const state = await until(async () => {
      const jobs = await app.services.jobs.boss.findJobs('video.demo', {});
      return jobs[0]?.state === 'completed' ? jobs[0].state : undefined;
    }, 30_000);
    expect(state).toBe('completed');
    expect(await t.database.db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lesson.id))).toEqual([]);
  });
});
