import { createStore, del, get, keys, set } from 'idb-keyval';
import type { TOfflineLicence } from '@shared/schemas/offline';

/*
 * What an offline lesson keeps in this browser (decision 192), in IndexedDB: the licence as Darsi signed it, the
 * rendition's playlist and its segments exactly as downloaded (still AES-128 encrypted: the keys exist only inside
 * the licence, wrapped for this device), the lesson's text, and the device's key pair, whose private half the
 * browser will never export.
 */

const store = createStore('darsi-offline', 'files');

export type TOfflineLesson = {
  lessonId: string;
  courseId: string;
  title: string;
  bodyHtml: string;
  licence: TOfflineLicence;
  playlist: string;
  /** Segments stored so far: equal to licence.segments once the download is complete. */
  stored: number;
  /** The latest server time this device has seen (a clock turned back never extends a licence). */
  seenAt: number;
};

type TDeviceKey = { id: string | null; privateKey: CryptoKey; publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string } };

const DEVICE = 'device';
const lessonKey = (lessonId: string) => `lesson:${lessonId}`;
const segmentKey = (lessonId: string, n: number) => `seg:${lessonId}:${n}`;

/** This browser's key pair, made once: ECDH P-256, the private half non-extractable (structured clone keeps it so). */
export async function deviceKey(): Promise<TDeviceKey> {
  const kept = await get<TDeviceKey>(DEVICE, store);
  if (kept) return kept;
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const made: TDeviceKey = { id: null, privateKey: pair.privateKey, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };
  await set(DEVICE, made, store);
  return made;
}

export async function rememberDeviceId(id: string | null) {
  const key = await deviceKey();
  await set(DEVICE, { ...key, id }, store);
}

export const readLesson = (lessonId: string) => get<TOfflineLesson>(lessonKey(lessonId), store);
export const writeLesson = (lesson: TOfflineLesson) => set(lessonKey(lesson.lessonId), lesson, store);
export const readSegment = (lessonId: string, n: number) => get<ArrayBuffer>(segmentKey(lessonId, n), store);
export const writeSegment = (lessonId: string, n: number, body: ArrayBuffer) => set(segmentKey(lessonId, n), body, store);

export async function listLessons(): Promise<TOfflineLesson[]> {
  const all = (await keys(store)).filter((k): k is string => typeof k === 'string' && k.startsWith('lesson:'));
  const lessons = await Promise.all(all.map((k) => get<TOfflineLesson>(k, store)));
  return lessons.filter((l): l is TOfflineLesson => Boolean(l));
}

/** Removes a lesson and its segments (released device, revoked licence, or the student's choice). */
export async function removeLesson(lessonId: string) {
  const mine = (await keys(store)).filter((k) => typeof k === 'string' && (k === lessonKey(lessonId) || k.startsWith(`seg:${lessonId}:`)));
  await Promise.all(mine.map((k) => del(k, store)));
}
