import { and, eq, lt, sql } from 'drizzle-orm';
import { lessonVideos, videoKeys } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';

export type TVideoRow = typeof lessonVideos.$inferSelect;

/** Storage prefix of one generation of a lesson's video (decision 065). */
export const videoPrefix = (v: Pick<TVideoRow, 'teacherId' | 'lessonId'>, generation?: number) =>
  generation === undefined ? `${v.teacherId}/${v.lessonId}` : `${v.teacherId}/${v.lessonId}/${generation}`;

export async function videoOf(db: TTx, lessonId: string): Promise<TVideoRow | null> {
  const [row] = await db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lessonId));
  return row ?? null;
}


export async function setVideo(db: TTx, lessonId: string, generation: number, values: Partial<TVideoRow>) {
  await db
    .update(lessonVideos)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(lessonVideos.lessonId, lessonId), eq(lessonVideos.generation, generation)));
}

/** Keys of generations older than the one now playing. */
export async function dropOldKeys(db: TTx, lessonId: string, generation: number) {
  await db.delete(videoKeys).where(and(eq(videoKeys.lessonId, lessonId), lt(videoKeys.generation, generation)));
}

export async function segmentKey(db: TTx, lessonId: string, generation: number, rendition: number, n: number) {
  const [row] = await db
    .select({ keyEnc: videoKeys.keyEnc })
    .from(videoKeys)
    .where(and(eq(videoKeys.lessonId, lessonId), eq(videoKeys.generation, generation), eq(videoKeys.rendition, rendition), eq(videoKeys.n, n)));
  return row?.keyEnc ?? null;
}
