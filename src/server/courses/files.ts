import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { cleanFileName } from '@shared/file-name';
import { AppError } from '@server/core/errors';
import { contentMatches } from '@server/core/file-check';

/*
 * Lesson files and course covers live on local disk under DATA_DIR/uploads/{teacherId}/ (decision 035).
 * Lesson videos are not stored here: they go through the video domain (tus, encrypted HLS, decision 063).
 */

export type TUploadKind = 'file' | 'cover';

const MB = 1024 * 1024;
export const UPLOAD_RULES: Record<TUploadKind, { maxBytes: number; types: string[] }> = {
  file: {
    maxBytes: 200 * MB,
    types: [
      'application/pdf',
      'application/zip',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/jpeg',
      'image/png',
      'image/webp',
      'audio/mpeg',
      'text/plain',
    ],
  },
  cover: { maxBytes: 5 * MB, types: ['image/jpeg', 'image/png', 'image/webp'] },
};

export type TStoredFile = { key: string; size: number; type: string; name: string };

export function filesStore(uploadsDir: string) {
  const fullPath = (key: string) => {
    const resolved = path.resolve(uploadsDir, key);
    if (!resolved.startsWith(path.resolve(uploadsDir) + path.sep)) throw new AppError('NOT_FOUND');
    return resolved;
  };

  return {
    fullPath,

    /** Streams a request body to disk, refusing a wrong type or size before and while it arrives. */
    async save(
      teacherId: string,
      kind: TUploadKind,
      body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null,
      meta: { type: string; name: string; length: number | null },
    ): Promise<TStoredFile> {
      const rules = UPLOAD_RULES[kind];
      const type = meta.type.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!rules.types.includes(type)) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      if (meta.length !== null && meta.length > rules.maxBytes) throw new AppError('FILE_TOO_LARGE', undefined, { mb: rules.maxBytes / MB });
      if (!body) throw new AppError('FILE_EMPTY');
      const key = `${teacherId}/${randomUUID()}`;
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > rules.maxBytes) done(new AppError('FILE_TOO_LARGE', undefined, { mb: rules.maxBytes / MB }));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), counter, fs.createWriteStream(target, { mode: 0o600 }));
        if (size === 0) throw new AppError('FILE_EMPTY');
        // The bytes must be what the declared type says: it decides how the file is served (decision 080).
        if (!(await contentMatches(target, type))) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error instanceof AppError ? error : new AppError('UPLOAD_FAILED');
      }
      return { key, size, type, name: cleanName(meta.name) };
    },

    async remove(key: string | null | undefined): Promise<void> {
      if (key) await fs.promises.rm(fullPath(key), { force: true });
    },
  };
}

export type TFilesStore = ReturnType<typeof filesStore>;

/** A file name safe to keep and to send back in Content-Disposition. */
function cleanName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Keep the raw name.
  }
  // Control characters, separators and direction controls (the shared rule, issue 23).
  return cleanFileName(decoded);
}

/** Shown by the browser itself: raster images only. Everything else (PDFs too) is a download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A stored file as an HTTP response, with single-range support. An uploaded file is never a document the
 * browser runs (decision 080): the stored type with `nosniff`, a CSP sandbox without any source, and
 * `attachment` for all but images. PDF lessons are drawn by pdf.js from this URL (fetch ignores the disposition).
 */
export function fileResponse(store: TFilesStore, file: { key: string; type: string; name: string }, range: string | undefined): Response {
  const headers = new Headers({
    'content-type': file.type,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${INLINE_TYPES.has(file.type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
  const full = store.fullPath(file.key);
  if (!fs.existsSync(full)) throw new AppError('NOT_FOUND');
  const size = fs.statSync(full).size;
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (match && (match[1] || match[2])) {
    const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
    const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      headers.set('content-range', `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
    headers.set('content-length', String(end - start + 1));
    const stream = Readable.toWeb(fs.createReadStream(full, { start, end })) as ReadableStream<Uint8Array>;
    return new Response(stream, { status: 206, headers });
  }
  headers.set('content-length', String(size));
  return new Response(Readable.toWeb(fs.createReadStream(full)) as ReadableStream<Uint8Array>, { status: 200, headers });
}
