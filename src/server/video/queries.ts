import { and, eq, lt, sql } from 'drizzle-orm';
import { lessonVideos, videoKeys } from '@server/core/db/schema';
import type { Db } from '@server/core/db/client';
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

/**
 * A lesson's video (state, generation, teacher) with one segment key of its current generation, or no key: the
 * key endpoint's one query, prepared once (the query is not rebuilt for every key a player asks for).
 */
export function prepareKeyOfPlaying(db: Db) {
  const query = db
    .select({ state: lessonVideos.state, generation: lessonVideos.generation, teacherId: lessonVideos.teacherId, keyEnc: videoKeys.keyEnc })
    .from(lessonVideos)
    .leftJoin(
      videoKeys,
      and(
        eq(videoKeys.lessonId, lessonVideos.lessonId),
        eq(videoKeys.generation, lessonVideos.generation),
        eq(videoKeys.rendition, sql.placeholder('rendition')),
        eq(videoKeys.n, sql.placeholder('n')),
      ),
    )
    .where(eq(lessonVideos.lessonId, sql.placeholder('lessonId')))
    .prepare('video_key_of_playing');
  return async (params: { lessonId: string; rendition: number; n: number }) => (await query.execute(params))[0] ?? null;
}
