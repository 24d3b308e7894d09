import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { TDeviceRegister, TLicenceRequest, TOfflineDevice, TOfflineLicence, TTeacherDevice } from '@shared/schemas/offline';
import type { TViewer } from '@server/auth';
import { courses, students, teachers, teacherStudents, videoDevices, videoKeys, videoLicences } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import { entitlement, maskedContact } from './access';
import { unwrapKey } from './crypto';
import type { TVideoDeps } from './deps';
import { signLicence, verifyLicence, wrapForDevice, type TLicenceSigner } from './licence-crypto';
import { sessionCode } from './playback';
import { videoOf, videoPrefix } from './queries';

/*
 * Offline lessons (issue 30, decision 192): a student's devices, each holding the public half of a key pair made in
 * its browser, and licences that carry a lesson's segment keys wrapped for one device, signed by Darsi, expiring
 * after the days the teacher chose for the course.
 */

export type TOfflineDeps = TVideoDeps & { signer: TLicenceSigner };

const active = and(isNull(videoDevices.releasedAt), isNull(videoDevices.revokedAt));

async function offlineSettings(deps: TVideoDeps, courseId: string) {
  const [course] = await deps.db.select({ days: courses.offlineDays, devices: courses.offlineDevices }).from(courses).where(eq(courses.id, courseId));
  if (!course || course.days <= 0) throw new AppError('OFFLINE_DISABLED');
  return course;
}

/** Only students keep lessons offline: a teacher previews online. */
async function studentAccess(deps: TVideoDeps, userId: string, lessonId: string) {
  const access = await entitlement(deps, userId, lessonId);
  if (access.role !== 'student') throw new AppError('VIDEO_FORBIDDEN');
  return { ...access, settings: await offlineSettings(deps, access.courseId) };
}

/** Registers this browser's public key for the lesson's teacher, within the course's device limit (one by default). */
export async function registerDevice(deps: TVideoDeps, viewer: TViewer, input: TDeviceRegister): Promise<{ id: string }> {
  const access = await studentAccess(deps, viewer.userId, input.lessonId);
  return deps.db.transaction(async (tx) => {
    // One registration at a time per student: two tabs cannot both take the last free slot.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, viewer.userId)).for('update');
    const mine = and(eq(videoDevices.userId, viewer.userId), eq(videoDevices.teacherId, access.teacherId), active);
    const same = await tx
      .select({ id: videoDevices.id })
      .from(videoDevices)
      .where(and(mine, sql`${videoDevices.publicJwk}->>'x' = ${input.publicJwk.x}`, sql`${videoDevices.publicJwk}->>'y' = ${input.publicJwk.y}`));
    if (same[0]) return { id: same[0].id };
    const [used] = await tx.select({ n: count() }).from(videoDevices).where(mine);
    if ((used?.n ?? 0) >= access.settings.devices) throw new AppError('OFFLINE_DEVICE_LIMIT');
    const [row] = await tx
      .insert(videoDevices)
      .values({ teacherId: access.teacherId, userId: viewer.userId, publicJwk: input.publicJwk, label: input.label })
      .returning({ id: videoDevices.id });
    return { id: row!.id };
  });
}

export async function listDevices(deps: TVideoDeps, viewer: TViewer): Promise<TOfflineDevice[]> {
  const rows = await deps.db
    .select({ id: videoDevices.id, label: videoDevices.label, createdAt: videoDevices.createdAt, teacherName: teachers.name })
    .from(videoDevices)
    .innerJoin(teachers, eq(teachers.id, videoDevices.teacherId))
    .where(and(eq(videoDevices.userId, viewer.userId), active))
    .orderBy(asc(videoDevices.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The student frees a slot: the device's licences stop at their next renewal, its downloads at once. */
export async function releaseDevice(deps: TVideoDeps, viewer: TViewer, deviceId: string) {
  const done = await deps.db
    .update(videoDevices)
    .set({ releasedAt: deps.clock.now() })
    .where(and(eq(videoDevices.id, deviceId), eq(videoDevices.userId, viewer.userId), active))
    .returning({ id: videoDevices.id });
  if (done.length === 0) throw new AppError('OFFLINE_DEVICE_UNKNOWN');
}

export async function teacherDevices(deps: TVideoDeps, teacherId: string, studentId: string): Promise<TTeacherDevice[]> {
  // Another teacher's student is unknown here (404), not a student without devices (R1 tenant matrix).
  const [mine] = await deps.db
    .select({ id: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, studentId)));
  if (!mine) throw new AppError('NOT_FOUND');
  const rows = await deps.db
    .select({
      id: videoDevices.id,
      label: videoDevices.label,
      createdAt: videoDevices.createdAt,
      releasedAt: videoDevices.releasedAt,
      revokedAt: videoDevices.revokedAt,
      licences: sql<number>`(select count(*)::int from ${videoLicences} where ${videoLicences.deviceId} = "video_devices"."id")`,
    })
    .from(videoDevices)
    .where(and(eq(videoDevices.teacherId, teacherId), eq(videoDevices.userId, studentId)))
    .orderBy(asc(videoDevices.createdAt));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), releasedAt: iso(r.releasedAt), revokedAt: iso(r.revokedAt) }));
}

/** The teacher takes a device's offline rights away: no renewal, no download; its licences end at their expiry at the latest. */
export async function revokeDevice(deps: TVideoDeps, teacherId: string, deviceId: string) {
  const done = await deps.db
    .update(videoDevices)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(videoDevices.id, deviceId), eq(videoDevices.teacherId, teacherId), isNull(videoDevices.revokedAt)))
    .returning({ id: videoDevices.id });
  if (done.length === 0) throw new AppError('NOT_FOUND');
}

/** The device when it is active, the viewer's, the teacher's, and within the course's current limit. */
async function usableDevice(db: TTx, userId: string, teacherId: string, deviceId: string, limit: number) {
  const devices = await db
    .select({ id: videoDevices.id, publicJwk: videoDevices.publicJwk })
    .from(videoDevices)
    .where(and(eq(videoDevices.userId, userId), eq(videoDevices.teacherId, teacherId), active))
    .orderBy(asc(videoDevices.createdAt), asc(videoDevices.id));
  const index = devices.findIndex((d) => d.id === deviceId);
  if (index < 0) throw new AppError('OFFLINE_DEVICE_UNKNOWN');
  // A limit lowered by the teacher keeps the oldest devices.
  if (index >= limit) throw new AppError('OFFLINE_DEVICE_LIMIT');
  return devices[index]!;
}

async function renditionKeys(deps: TVideoDeps, lessonId: string, generation: number, rendition: number) {
  const rows = await deps.db
    .select({ n: videoKeys.n, keyEnc: videoKeys.keyEnc })
    .from(videoKeys)
    .where(and(eq(videoKeys.lessonId, lessonId), eq(videoKeys.generation, generation), eq(videoKeys.rendition, rendition)));
  return Object.fromEntries(rows.map((r) => [String(r.n), unwrapKey(deps.keys, r.keyEnc, [lessonId, generation, rendition, r.n]).toString('hex')]));
}

async function countSegments(deps: TVideoDeps, prefix: string) {
  const playlist = await deps.storage.get(`${prefix}/index.m3u8`);
  if (!playlist) throw new AppError('VIDEO_NOT_READY');
  const text = await new Response(playlist.body).text();
  return text.split('\n').filter((l) => l.trim().endsWith('.ts')).length;
}

/** A licence for one lesson on one device: issued, and renewed when online, only while everything still holds. */
export async function issueLicence(deps: TOfflineDeps, viewer: TViewer, input: TLicenceRequest): Promise<TOfflineLicence> {
  const access = await studentAccess(deps, viewer.userId, input.lessonId);
  const device = await usableDevice(deps.db, viewer.userId, access.teacherId, input.deviceId, access.settings.devices);
  const video = await videoOf(deps.db, input.lessonId);
  if (video?.state !== 'ready' || !video.durationSec) throw new AppError('VIDEO_NOT_READY');
  const rendition = input.rendition ?? video.renditions.find((h) => h > 0) ?? video.renditions[0];
  if (rendition === undefined || !video.renditions.includes(rendition)) throw new AppError('VIDEO_NOT_READY');
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const licenceId = randomUUID();
  const exp = iat + access.settings.days * 86_400;
  const wrapped = await wrapForDevice(device.publicJwk as never, await renditionKeys(deps, input.lessonId, video.generation, rendition));
  const claims = { licenceId, userId: viewer.userId, deviceId: device.id, lessonId: input.lessonId, generation: video.generation, rendition, exp };
  const licence = await signLicence(deps.signer, claims, wrapped, iat);
  await deps.db.insert(videoLicences).values({ id: licenceId, teacherId: access.teacherId, ...claims, expiresAt: new Date(exp * 1000) });
  const base = videoPrefix(video, video.generation);
  const options = await Promise.all(video.renditions.map(async (r) => ({ rendition: r, sizeBytes: await deps.storage.size(`${base}/${r}`) })));
  const [student] = await deps.db.select({ phone: students.phone }).from(students).where(eq(students.id, viewer.userId));
  deps.logger.info({ userId: viewer.userId, lessonId: input.lessonId, deviceId: device.id, code: sessionCode(licenceId) }, 'offline licence issued');
  return {
    licence,
    serverKey: deps.signer.publicJwk,
    lessonId: input.lessonId,
    rendition,
    expiresAt: new Date(exp * 1000).toISOString(),
    issuedAt: new Date(iat * 1000).toISOString(),
    sizeBytes: options.find((o) => o.rendition === rendition)!.sizeBytes,
    options,
    segments: await countSegments(deps, `${base}/${rendition}`),
    durationSec: video.durationSec,
    downloadBase: `/api/video/offline/${licence}/${rendition}/`,
    watermark: { name: viewer.name, contact: maskedContact(viewer, student?.phone ?? null), code: sessionCode(licenceId) },
  };
}

/** The download routes' check: a valid licence whose device is still active and whose video has not been replaced. */
export async function downloadable(deps: TOfflineDeps, raw: string) {
  const claims = await verifyLicence(deps.signer, raw, deps.clock.now().getTime());
  if (!claims) return null;
  const [row] = await deps.db
    .select({ id: videoLicences.id })
    .from(videoLicences)
    .innerJoin(videoDevices, eq(videoDevices.id, videoLicences.deviceId))
    .where(and(eq(videoLicences.id, claims.licenceId), eq(videoLicences.userId, claims.userId), active));
  const video = row ? await videoOf(deps.db, claims.lessonId) : null;
  if (video?.state !== 'ready' || video.generation !== claims.generation) return null;
  return { claims, video };
}
