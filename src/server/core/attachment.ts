/** A generated file (CSV, PDF) as a download that no cache keeps. */
export function attachment(body: string | Buffer, type: string, name: string) {
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/**
 * An uploaded file's bytes (receipt, handwritten answer, message attachment), never a document of Darsi's origin: a
 * PDF only as a download, an image (re-encoded on upload) inline, both under a sandbox (a PDF viewer's scripts, a
 * polyglot's HTML: none run here).
 */
export function sandboxedFile(file: { body: ReadableStream<Uint8Array>; size: number; mime: string; name: string }) {
  const pdf = file.mime === 'application/pdf';
  return new Response(file.body, {
    headers: {
      'content-type': file.mime,
      'content-length': String(file.size),
      'content-disposition': `${pdf ? 'attachment' : 'inline'}; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
