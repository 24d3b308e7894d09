import { sql } from 'drizzle-orm';
import { courseCertificateSettings } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { ownCourse, type TStoredFile } from '@server/courses';
import type { TCertificatesDeps } from './deps';
import { settingsOf } from './queries';

/** A teacher's certificate settings for one of their courses (decision 069). */

/** PNG or JPEG only: the signature is printed on a PDF, where a WebP would need converting. */
export const SIGNATURE_TYPES = ['image/png', 'image/jpeg'];

const view = (courseId: string, s: Awaited<ReturnType<typeof settingsOf>>) => ({
  enabled: s.enabled,
  signatureUrl: s.signatureKey ? `/api/certificates/teacher/courses/${courseId}/signature?v=${s.updatedAt?.getTime() ?? 0}` : null,
});

export async function courseSettings(deps: TCertificatesDeps, teacherId: string, courseId: string) {
  await ownCourse(deps.db, teacherId, courseId);
  return view(courseId, await settingsOf(deps.db, courseId));
}

async function upsert(deps: TCertificatesDeps, teacherId: string, courseId: string, values: Partial<typeof courseCertificateSettings.$inferInsert>) {
  await deps.db
    .insert(courseCertificateSettings)
    .values({ courseId, teacherId, ...values })
    .onConflictDoUpdate({ target: courseCertificateSettings.courseId, set: { ...values, updatedAt: sql`now()` } });
}

export async function putSettings(deps: TCertificatesDeps, teacherId: string, courseId: string, input: { enabled: boolean }) {
  await ownCourse(deps.db, teacherId, courseId);
  await upsert(deps, teacherId, courseId, { enabled: input.enabled });
  return courseSettings(deps, teacherId, courseId);
}

/** Checked before a byte is read: the teacher's own course, and a PNG or JPEG declared. */
export async function ensureSignatureUpload(deps: TCertificatesDeps, teacherId: string, courseId: string, type: string) {
  await ownCourse(deps.db, teacherId, courseId);
  if (!SIGNATURE_TYPES.includes(type.split(';')[0]?.trim().toLowerCase() ?? '')) throw new AppError('FILE_TYPE_NOT_ALLOWED');
}

export async function setSignature(deps: TCertificatesDeps, teacherId: string, courseId: string, stored: TStoredFile) {
  await ownCourse(deps.db, teacherId, courseId);
  const before = await settingsOf(deps.db, courseId);
  await upsert(deps, teacherId, courseId, { signatureKey: stored.key, signatureType: stored.type });
  await deps.files.remove(before.signatureKey);
  return courseSettings(deps, teacherId, courseId);
}

export async function removeSignature(deps: TCertificatesDeps, teacherId: string, courseId: string) {
  await ownCourse(deps.db, teacherId, courseId);
  const before = await settingsOf(deps.db, courseId);
  await upsert(deps, teacherId, courseId, { signatureKey: null, signatureType: null });
  await deps.files.remove(before.signatureKey);
  return courseSettings(deps, teacherId, courseId);
}

/** The signature image, for the teacher's own settings screen. */
export async function signatureFile(deps: TCertificatesDeps, teacherId: string, courseId: string) {
  await ownCourse(deps.db, teacherId, courseId);
  const s = await settingsOf(deps.db, courseId);
  if (!s.signatureKey || !s.signatureType) throw new AppError('NOT_FOUND');
  return { key: s.signatureKey, type: s.signatureType, name: 'signature' };
}
