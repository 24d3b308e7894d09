import { z } from 'zod';

/* Offline lessons (issue 30, decision 192): the contract between src/server/video/offline*.ts and the web's offline feature. */

/** The days a licence may last, as a teacher chooses per course (0 = downloads off). */
export const OFFLINE_MAX_DAYS = 30;
/** Devices a student may download on, per teacher; a teacher may allow up to this many per course. */
export const OFFLINE_MAX_DEVICES = 3;

/** The public half of a device's ECDH P-256 key pair (the private half never leaves that browser). */
export const ZDevicePublicJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type TDevicePublicJwk = z.infer<typeof ZDevicePublicJwk>;

export const ZDeviceRegister = z.object({
  lessonId: z.uuid('fields.invalid'),
  publicJwk: ZDevicePublicJwk,
  label: z.string().trim().min(1).max(80),
});
export type TDeviceRegister = z.infer<typeof ZDeviceRegister>;

export type TOfflineDevice = { id: string; label: string; createdAt: string; teacherName: string };

export const ZLicenceRequest = z.object({
  lessonId: z.uuid('fields.invalid'),
  deviceId: z.uuid('fields.invalid'),
  /** A rendition's height, 0 for sound only; without it, the lowest picture (the student then sees every size and may change). */
  rendition: z.number().int().min(0).max(4320).optional(),
});
export type TLicenceRequest = z.infer<typeof ZLicenceRequest>;

/**
 * A licence as the web stores it. `licence` is a JWT signed by Darsi (ES256) whose `keys` claim is a JWE only the
 * device's private key opens; `serverKey` verifies the signature offline.
 */
export type TOfflineLicence = {
  licence: string;
  serverKey: { kty: string; crv: string; x: string; y: string };
  lessonId: string;
  rendition: number;
  expiresAt: string;
  issuedAt: string;
  sizeBytes: number;
  /** Every rendition the lesson has, with its download size, to choose from before starting. */
  options: Array<{ rendition: number; sizeBytes: number }>;
  segments: number;
  durationSec: number;
  /** The rendition's playlist and segments, fetched with the licence in the path (`{base}index.m3u8`, `{base}seg-0000.ts`). */
  downloadBase: string;
  watermark: { name: string; contact: string; code: string };
};

/** What a teacher sees of a student's offline devices. */
export type TTeacherDevice = { id: string; label: string; createdAt: string; releasedAt: string | null; revokedAt: string | null; licences: number };
