import path from 'node:path';
import type { TConfig } from '@server/core/config';
import { localVideoStorage, s3VideoStorage } from '@server/video';
import type { TQuizzesDeps } from './deps';

/**
 * Handwritten answers go through the storage interface receipts use (decision 092): DATA_DIR/quizzes on disk, or the
 * S3 bucket under quizzes/. Keys are built from ids, never from a file name, under the quiz's outline item
 * (`{teacherId}/{lessonId}/…`) so that deleting the item, its section or its course removes them all (decision 207).
 */
export function answerStorage(config: Pick<TConfig, 's3' | 'dataDir'>): TQuizzesDeps['storage'] {
  if (!config.s3) return localVideoStorage(path.join(config.dataDir, 'quizzes'));
  const bucket = s3VideoStorage(config.s3);
  return {
    put: (key, body) => bucket.put(`quizzes/${key}`, body),
    get: (key) => bucket.get(`quizzes/${key}`),
    remove: (prefix) => bucket.remove(`quizzes/${prefix}`),
  };
}

/** Where an outline item's files live: handwritten answers under `{attemptId}/`, question figures under `figures/`. */
export const lessonPrefix = (teacherId: string, lessonId: string) => `${teacherId}/${lessonId}/`;

/** A bank figure (decision 232): under the course's bank, apart from every outline item (lesson ids are UUIDs). */
const bankPrefix = (teacherId: string, courseId: string) => `${teacherId}/bank/${courseId}/`;
export const bankFigureKey = (teacherId: string, courseId: string, name: string) => `${bankPrefix(teacherId, courseId)}${name}`;

/** Deleted outline items' files; with `courseId` the whole course went, and its bank's figures go too (decision 232). */
export async function forgetLessons({ storage }: TQuizzesDeps, teacherId: string, lessonIds: string[], courseId?: string) {
  for (const lessonId of lessonIds) await storage.remove(lessonPrefix(teacherId, lessonId));
  if (courseId) await storage.remove(bankPrefix(teacherId, courseId));
}
