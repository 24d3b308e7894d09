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
