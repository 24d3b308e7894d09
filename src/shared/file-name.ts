/*
 * A file name an uploader chose, as Darsi keeps it and shows it (issue 23). Besides control characters and path
 * separators, the Unicode direction controls go: an override (U+202E) makes "x\u202Efdp.html" display as
 * "xlmth.pdf", a PDF to the eye; embeddings, isolates and the direction marks can likewise move an extension
 * around. A file name needs none of them: Arabic and Latin names display correctly by the Unicode bidi algorithm.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function cleanFileName(name: string | null | undefined, fallback = 'file'): string {
  const cleaned = (name ?? '').replace(UNSAFE, '').trim().slice(0, 200);
  return cleaned || fallback;
}
