import { AppError } from './errors';
import type { TErrorCode } from '@shared/errors';

/** Reads a request body up to `max` bytes; one byte more and it stops reading (no 100 MB "receipt" in memory). */
export async function readLimited(body: ReadableStream<Uint8Array> | null, max: number, codes: { invalid: TErrorCode; tooLarge: TErrorCode }) {
  if (!body) throw new AppError(codes.invalid);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new AppError(codes.tooLarge, undefined, { mb: Math.round(max / 1024 / 1024) });
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
