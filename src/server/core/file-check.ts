import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { checkPdfContent } from './pdf-check';

/*
 * Is a stored upload what its uploader declared? (issue 16, decision 080). The declared type decides how the
 * file is served later, so it must agree with the bytes: an HTML page sent as "image/png" or "application/pdf"
 * is refused here. `file-type` reads the magic numbers (and, for ZIP-based office files, the archive's entries).
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Office files written by other tools do not always put the entry file-type looks for first: a ZIP passes. */
const ZIP_FAMILY = ['application/zip', DOCX, PPTX, XLSX];
/** The old Office formats are all OLE compound files; file-type cannot tell them apart. */
const OLE = ['application/x-cfb'];

/** For every type an upload may declare, the detected types that may stand for it; `text`: no binary signature. */
const ACCEPTED: Record<string, readonly string[] | 'text'> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/webp': ['image/webp'],
  'application/pdf': ['application/pdf'],
  'application/zip': ZIP_FAMILY,
  [DOCX]: ZIP_FAMILY,
  [PPTX]: ZIP_FAMILY,
  [XLSX]: ZIP_FAMILY,
  'application/msword': OLE,
  'application/vnd.ms-powerpoint': OLE,
  'application/vnd.ms-excel': OLE,
  'audio/mpeg': ['audio/mpeg'],
  'text/plain': 'text',
};

/** Refuses decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;
const TEXT_SAMPLE_BYTES = 64 * 1024;

/** True when the file's content is of the declared type; a type without a rule here is never accepted. */
export async function contentMatches(file: string, declared: string): Promise<boolean> {
  const accepted = ACCEPTED[declared];
  if (!accepted) return false;
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  if (accepted === 'text') return !detected && (await looksLikeText(file));
  if (!detected || !accepted.includes(detected.mime)) return false;
  // A PDF must also be free of scripts, launch actions and attached files (issue 23, decision 109).
  if (declared === 'application/pdf') return (await checkPdfContent(await fs.promises.readFile(file))).ok;
  return declared.startsWith('image/') ? decodesAs(file, declared) : true;
}

/** Plain text: valid UTF-8 without NUL in its first 64 KB (a binary renamed .txt is not text). */
async function looksLikeText(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(TEXT_SAMPLE_BYTES), 0, TEXT_SAMPLE_BYTES, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    // A multi-byte character cut at the end of the sample is not an error.
    const whole = bytesRead < TEXT_SAMPLE_BYTES ? sample : sample.subarray(0, lastCharBoundary(sample));
    new TextDecoder('utf-8', { fatal: true }).decode(whole);
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Where the last (possibly incomplete) UTF-8 character of the sample starts. */
function lastCharBoundary(bytes: Buffer): number {
  let end = bytes.length;
  while (end > 0 && end > bytes.length - 4 && (bytes[end - 1]! & 0xc0) === 0x80) end -= 1;
  return end > 0 && bytes[end - 1]! >= 0xc0 ? end - 1 : bytes.length;
}

/** An image must also open as that format in sharp (libvips), within the pixel limit. */
async function decodesAs(file: string, declared: string): Promise<boolean> {
  // Loaded on first use: sharp and its native library cost start-up time every start needs not pay.
  const { default: sharp } = await import('sharp');
  try {
    const { format } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return `image/${format}` === declared;
  } catch {
    return false;
  }
}
