import { fileTypeFromBuffer } from 'file-type';
import { RECEIPT_MAX_BYTES } from '@shared/schemas/transfer';
import { AppError } from '@server/core/errors';
import { checkPdfContent } from '@server/core/pdf-check';

/*
 * What a receipt may be (decision 092): a JPEG, PNG or WebP image, recognised by its magic numbers (file-type) and then
 * re-encoded by sharp (which keeps the pixels and drops everything else: metadata, trailing data, a script
 * appended to make a polyglot), or a PDF (the same magic numbers) that carries no script, launch action or
 * attached file. The declared type and the file name count for nothing. SVG, HTML, GIF and the rest are refused.
 */

export type TCheckedReceipt = { bytes: Buffer; mime: 'image/webp' | 'application/pdf'; ext: 'webp' | 'pdf' };

type TImageFormat = 'jpeg' | 'png' | 'webp';

/** The image types a receipt may be, by the type `file-type` reads from the magic numbers. */
const IMAGE_FORMATS: Partial<Record<string, TImageFormat>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** The longest side kept: enough to read a screenshot's small print, not a 50-megapixel photo. */
const MAX_SIDE = 2400;
/** Refuses decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;

async function reencode(bytes: Buffer, expected: TImageFormat): Promise<Buffer> {
  // Loaded on first use, like the landing images: most requests never need sharp.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The decoder must agree with the magic bytes (a PNG header on a JPEG body is not a receipt).
    if (meta.format !== expected) throw new AppError('RECEIPT_INVALID');
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 88 })
      .toBuffer();
  } catch (error) {
    throw error instanceof AppError ? error : new AppError('RECEIPT_INVALID');
  }
}

/** Markup a browser would render if it ever sniffed the file as HTML. */
const MARKUP = /<\s*(script|html|body|svg|iframe|object|embed)\b/i;

/** A PDF read by a real parser for scripts, launch actions and attached files (core/pdf-check.ts, decision 109). */
async function checkPdf(bytes: Buffer): Promise<TCheckedReceipt> {
  const text = bytes.toString('latin1');
  if (!text.includes('%%EOF') || MARKUP.test(text)) throw new AppError('RECEIPT_INVALID');
  if (!(await checkPdfContent(bytes)).ok) throw new AppError('RECEIPT_INVALID');
  return { bytes, mime: 'application/pdf', ext: 'pdf' };
}

/** Shared by the students' transfer receipts (payments) and the teachers' plan receipts (billing). */
export async function checkReceipt(bytes: Buffer, maxBytes = RECEIPT_MAX_BYTES): Promise<TCheckedReceipt> {
  if (bytes.length > maxBytes) throw new AppError('RECEIPT_TOO_LARGE', undefined, { mb: maxBytes / 1024 / 1024 });
  if (bytes.length < 16) throw new AppError('RECEIPT_INVALID');
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const format = detected && IMAGE_FORMATS[detected.mime];
  if (format) return { bytes: await reencode(bytes, format), mime: 'image/webp', ext: 'webp' };
  if (detected?.mime === 'application/pdf') return checkPdf(bytes);
  throw new AppError('RECEIPT_INVALID');
}
