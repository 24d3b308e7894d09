import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutputInfo } from 'sharp';
import type { Db } from '@server/core/db/client';
import { landingImages } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { LANDING_LIMITS } from '@shared/schemas/landing';

/** Web sizes per use: the longest side (or the exact box for square and share images). */
export const IMAGE_KINDS = {
  hero: { width: 1600, height: 1200, fit: 'inside' },
  background: { width: 1920, height: 1280, fit: 'inside' },
  logo: { width: 256, height: 256, fit: 'inside' },
  profile: { width: 640, height: 640, fit: 'cover' },
  avatar: { width: 192, height: 192, fit: 'cover' },
  share: { width: 1200, height: 630, fit: 'cover' },
  general: { width: 1600, height: 1600, fit: 'inside' },
} as const;
export type TImageKind = keyof typeof IMAGE_KINDS;

/** Raster formats only: SVG can carry script, so it is refused whatever the file claims to be. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Refuses decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;

export function uploadsDir(dataDir: string) {
  return path.join(dataDir, 'landing-uploads');
}

export function landingImagesService({ db, dataDir }: { db: Db; dataDir: string }) {
  const dir = uploadsDir(dataDir);
  return {
    /**
     * Checks the bytes (not the name or the declared type), re-encodes to WebP at a web size (which
     * drops metadata and anything hidden in the file) and stores it under a generated name.
     */
    async store(teacherId: string, bytes: Buffer, kind: TImageKind): Promise<{ url: string; width: number; height: number }> {
      if (bytes.length > LANDING_LIMITS.imageBytes) throw new AppError('IMAGE_TOO_LARGE');
      // Loaded on first use: sharp and its native library cost start-up time every start needs not pay.
      const { default: sharp } = await import('sharp');
      let format: string | undefined;
      try {
        format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw new AppError('IMAGE_INVALID');
      }
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('IMAGE_INVALID');
      const size = IMAGE_KINDS[kind];
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new AppError('IMAGE_INVALID');
      }
      const fileName = `${randomUUID()}.webp`;
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, fileName), output.data);
      await db.insert(landingImages).values({ teacherId, fileName, width: output.info.width, height: output.info.height, bytes: output.data.length });
      return { url: `/landing-assets/uploads/${fileName}`, width: output.info.width, height: output.info.height };
    },

    /** The stored file for a generated name, or null (names are checked before touching the disk). */
    file(name: string): string | null {
      if (!/^[0-9a-f-]{36}\.webp$/.test(name)) return null;
      const file = path.join(dir, name);
      return fs.existsSync(file) ? file : null;
    },
  };
}
