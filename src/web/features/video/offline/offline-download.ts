import type { TOfflineLicence } from '@shared/schemas/offline';
import { ApiError } from '@web/lib/api-error';
import { videoApi } from '@web/features/video/api';
import { deviceKey, readLesson, rememberDeviceId, removeLesson, writeLesson, writeSegment, type TOfflineLesson } from './offline-store';

/** A short name for this device in the student's list: the platform and browser, nothing that identifies the person. */
function deviceLabel() {
  const ua = navigator.userAgent;
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac/.test(ua) ? 'macOS' : 'Linux';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox/.test(ua) ? 'Firefox' : /Chrome|Chromium/.test(ua) ? 'Chrome' : 'Safari';
  return `${browser} · ${os}`;
}

/** This browser registered for the lesson's teacher (the server returns the same id for the same key). */
async function registeredDevice(lessonId: string) {
  const key = await deviceKey();
  const { id } = await videoApi.registerDevice({ lessonId, publicJwk: key.publicJwk, label: deviceLabel() });
  if (id !== key.id) await rememberDeviceId(id);
  return id;
}

/** A licence for the lesson on this device: asked before downloading (it states the size) and to renew. */
export async function requestLicence(lessonId: string, rendition?: number): Promise<TOfflineLicence> {
  const deviceId = await registeredDevice(lessonId);
  return videoApi.licence({ lessonId, deviceId, rendition });
}

type TLessonInfo = { lessonId: string; courseId: string; title: string; bodyHtml: string };

async function fetchBody(url: string, text: true): Promise<string>;
async function fetchBody(url: string, text: false): Promise<ArrayBuffer>;
async function fetchBody(url: string, text: boolean) {
  const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new ApiError('VIDEO_TOKEN_INVALID', res.statusText, res.status);
  return text ? res.text() : res.arrayBuffer();
}

/**
 * Downloads (or resumes) a lesson: the playlist, then each encrypted segment not stored yet, as it is. A dropped
 * connection stops it where it was; starting again skips what is already kept.
 */
export async function downloadLesson(info: TLessonInfo, licence: TOfflineLicence, onProgress: (stored: number) => void, signal: AbortSignal) {
  const before = await readLesson(info.lessonId);
  const sameRendition = before?.licence.rendition === licence.rendition;
  let stored = sameRendition ? before.stored : 0;
  if (before && !sameRendition) await removeLesson(info.lessonId);
  const playlist = await fetchBody(`${licence.downloadBase}index.m3u8`, true);
  const lesson: TOfflineLesson = { ...info, licence, playlist, stored, seenAt: Date.parse(licence.issuedAt) };
  await writeLesson(lesson);
  onProgress(stored);
  for (let n = stored; n < licence.segments; n += 1) {
    if (signal.aborted) return;
    const body = await fetchBody(`${licence.downloadBase}seg-${String(n).padStart(4, '0')}.ts`, false);
    await writeSegment(info.lessonId, n, body);
    stored = n + 1;
    await writeLesson({ ...lesson, stored });
    onProgress(stored);
  }
}

/** Online, each stored lesson's licence is renewed; one the server refuses for good is deleted with its segments. */
export async function renewLesson(lesson: TOfflineLesson): Promise<'renewed' | 'removed' | 'offline'> {
  try {
    const licence = await requestLicence(lesson.lessonId, lesson.licence.rendition);
    await writeLesson({ ...lesson, licence, seenAt: Math.max(lesson.seenAt, Date.parse(licence.issuedAt)) });
    return 'renewed';
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
      await removeLesson(lesson.lessonId);
      return 'removed';
    }
    return 'offline';
  }
}
