import zlib from 'node:zlib';

/*
 * Does a PDF carry active content (issue 23, decision 109)? A regex over the raw bytes (the check before) missed
 * `/S /J#61vaScript` (a name written with an escape), `/L#61unch`, and any action inside a compressed object
 * stream. Two readers now look at every upload that may be a PDF:
 *
 * 1. pdf.js (pdfjs-dist, already used to draw lesson PDFs) opens the document as a viewer would: object
 *    streams, cross-reference repair, encryption with an empty password, name escapes. Through its API we ask
 *    for the document's and pages' JavaScript actions, form fields with actions, attachments, XFA, and every
 *    annotation's actions, link targets (a Launch action shows as a link to a local file) and attached files.
 * 2. Every name token of the file, and of every Flate-compressed stream in it (object streams included), is
 *    decoded (#xx escapes) and compared with the names that run something or carry another file. This catches
 *    what the viewer API does not expose (a Launch action with no file, an action in an unreferenced object).
 *    An object stream that cannot be read this way is itself refused: it could hide anything.
 *
 * A bank receipt or a lesson handout needs none of this; a PDF that has it is refused, not cleaned. A file pdf.js
 * cannot open (or not within 30 s) is judged by the name scan alone: it finds every action's name wherever it
 * stands, since names are never encrypted and every compressed object stream is opened or refused.
 */

/** Names that run something, open another file or program, or carry another file. */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'Movie',
  'Sound',
  'Rendition',
]);
/** An inflated stream larger than this is not read (a decompression bomb); an object stream that large is refused. */
const MAX_INFLATED = 64 * 1024 * 1024;
/** pdf.js gets this long to open and walk a document; after it, the name scan alone decides. */
const PARSE_TIMEOUT_MS = 30_000;
/** Links a receipt or a handout may hold: web pages and e-mail addresses. */
const SAFE_LINK = /^(https?:|mailto:)/i;

type TPdfVerdict = { ok: true } | { ok: false; reason: string };

/** Each `/Name` token of a stretch of PDF syntax, its #xx escapes decoded. */
function* names(text: string): Generator<string> {
  for (const match of text.matchAll(/\/([^\s/<>[\]{}()%]+)/g)) {
    const raw = match[1]!;
    yield raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
  }
}

function activeName(text: string): string | null {
  for (const name of names(text)) if (ACTIVE_NAMES.has(name)) return name;
  return null;
}

/** The dictionary text just before a `stream` keyword (from the object's start), to tell an object stream. */
function streamDictionary(text: string, at: number): string {
  const start = text.lastIndexOf(' obj', at);
  return text.slice(start === -1 ? Math.max(0, at - 2_000) : start, at);
}

/** Layer 2: the names of the file and of its Flate-compressed streams. */
function scanPdfNames(bytes: Buffer): TPdfVerdict {
  const text = bytes.toString('latin1');
  const found = activeName(text);
  if (found) return { ok: false, reason: `name /${found}` };
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    if (match.index > 0 && /[a-z]/i.test(text[match.index - 1]!)) continue; // "endstream"
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    const dictionary = [...names(streamDictionary(text, match.index))];
    const objectStream = dictionary.includes('ObjStm');
    let inflated: Buffer | null = null;
    if (dictionary.includes('FlateDecode')) {
      try {
        inflated = zlib.inflateSync(bytes.subarray(start, end), { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED });
      } catch {
        inflated = null;
      }
    }
    if (objectStream && (!inflated || dictionary.some((n) => n !== 'FlateDecode' && n.endsWith('Decode'))))
      return { ok: false, reason: 'unreadable object stream' };
    const inner = inflated ? activeName(inflated.toString('latin1')) : null;
    if (inner) return { ok: false, reason: `compressed name /${inner}` };
    streams.lastIndex = end;
  }
  return { ok: true };
}

type TAnnotation = { actions?: Record<string, unknown> | null; unsafeUrl?: string; url?: string; file?: unknown; subtype?: string; action?: string };

/** Layer 1: the document as pdf.js reads it. */
async function viewerVerdict(bytes: Buffer): Promise<TPdfVerdict> {
  // Loaded on first use: most requests never read a PDF. The legacy build is the one meant for Node.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, stopAtErrors: false, verbosity: 0, enableXfa: false });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<TPdfVerdict>((resolve) => {
    timer = setTimeout(() => resolve({ ok: true }), PARSE_TIMEOUT_MS);
  });
  const walk = async (): Promise<TPdfVerdict> => {
    const doc = await task.promise;
    if (await doc.hasJSActions()) return { ok: false, reason: 'JavaScript' };
    if (await doc.getJSActions()) return { ok: false, reason: 'JavaScript' };
    if (await doc.getAttachments()) return { ok: false, reason: 'attached file' };
    if (doc.isPureXfa) return { ok: false, reason: 'XFA' };
    const fields: unknown = await doc.getFieldObjects();
    const lists = (fields instanceof Map ? [...fields.values()] : Object.values(fields ?? {})) as Array<Array<{ actions?: unknown }>>;
    for (const list of lists) {
      if (list.some((field) => field.actions)) return { ok: false, reason: 'form field action' };
    }
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      if (await page.getJSActions()) return { ok: false, reason: 'page action' };
      for (const annotation of (await page.getAnnotations()) as TAnnotation[]) {
        if (annotation.actions && Object.keys(annotation.actions).length > 0) return { ok: false, reason: 'annotation action' };
        if (annotation.file || annotation.subtype === 'FileAttachment') return { ok: false, reason: 'attached file' };
        // A Launch or GoToR action shows as a link whose target is no web address.
        if (annotation.unsafeUrl !== undefined && !(annotation.url && SAFE_LINK.test(annotation.url)))
          return { ok: false, reason: 'link to a file or program' };
      }
      page.cleanup();
    }
    return { ok: true };
  };
  try {
    return await Promise.race([walk(), timeout]);
  } catch {
    // Not a document pdf.js can open: nothing it could report; the name scan has already judged every byte.
    return { ok: true };
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

/** A PDF without active content, read by both layers; the reason otherwise (for the logs, never shown). */
export async function checkPdfContent(bytes: Buffer): Promise<TPdfVerdict> {
  if (bytes.subarray(0, 1024).indexOf('%PDF-') === -1) return { ok: false, reason: 'not a PDF' };
  const names = scanPdfNames(bytes);
  if (!names.ok) return names;
  return viewerVerdict(bytes);
}
