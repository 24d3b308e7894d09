import zlib from 'node:zlib';

/*
 * PDFs built byte by byte for the active-content tests (issue 23): a plain file with a classic cross-reference
 * table, or one whose objects all sit in a Flate-compressed object stream behind a cross-reference stream
 * (PDF 1.5), as most producers write them today. Object bodies are numbered from 1; object 1 is the catalog.
 */

const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A PDF of these object bodies (1 = catalog), with a correct cross-reference table. */
export function pdfOf(objects: string[]): Buffer {
  const parts: Buffer[] = [header];
  const offsets: number[] = [];
  let length = header.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** The same objects inside one compressed object stream (`filter`: its filter name, FlateDecode by default). */
export function pdfWithObjectStream(objects: string[], filter = 'FlateDecode'): Buffer {
  const n = objects.length;
  let offsets = '';
  let body = '';
  objects.forEach((object, i) => {
    offsets += `${i + 1} ${body.length} `;
    body += `${object}\n`;
  });
  const plain = Buffer.from(offsets + body, 'latin1');
  const data = filter === 'FlateDecode' ? zlib.deflateSync(plain) : Buffer.from(`${plain.toString('hex')}>`, 'latin1');
  const stmNumber = n + 1;
  const xrefNumber = n + 2;
  const stm = Buffer.concat([
    Buffer.from(`${stmNumber} 0 obj\n<< /Type /ObjStm /N ${n} /First ${offsets.length} /Filter /${filter} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const stmOffset = header.length;
  const xrefOffset = stmOffset + stm.length;
  // /W [1 4 2]: type, field 2 (offset or object stream number), field 3 (generation or index).
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r.writeUInt8(type, 0);
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    return r;
  };
  const rows = Buffer.concat([row(0, 0, 65535), ...objects.map((_o, i) => row(2, stmNumber, i)), row(1, stmOffset, 0), row(1, xrefOffset, 0)]);
  const xref = Buffer.concat([
    Buffer.from(`${xrefNumber} 0 obj\n<< /Type /XRef /Size ${n + 3} /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`, 'latin1'),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  ]);
  return Buffer.concat([header, stm, xref]);
}

/** A one-page document with a line of text and a web link: what a bank receipt looks like to the checks. */
export const CLEAN_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R] >>',
  '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 100 Td (Receipt 1200 DZD) Tj ET\nendstream',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /URI /URI (https://bank.example/) >> >>',
];

/** The clean document with one object replaced (index from 0) or the catalog given more entries. */
function withObject(index: number, body: string): string[] {
  return CLEAN_OBJECTS.map((o, i) => (i === index ? body : o));
}

/** Active PDFs of issue 23 and their kin, each built in both layouts where the layout matters. */
export function activePdfs(): Record<string, Buffer> {
  const catalogWith = (extra: string) => withObject(0, `<< /Type /Catalog /Pages 2 0 R ${extra} >>`);
  const jsOpen = catalogWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>');
  return {
    'escaped /J#61vaScript open action': pdfOf(catalogWith('/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>')),
    'escaped /J#61v#61Script with lowercase hex elsewhere': pdfOf(catalogWith('/OpenAction << /S /#4a#61v#61Script /JS (app.alert(1)) >>')),
    'escaped /L#61unch link': pdfOf(withObject(5, '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /L#61unch /F (calc.exe) >> >>')),
    'launch link without a file name': pdfOf(withObject(5, '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /Win << /F (cmd.exe) >> >> >>')),
    'JavaScript open action inside a compressed object stream': pdfWithObjectStream(jsOpen),
    'escaped Launch inside a compressed object stream': pdfWithObjectStream(
      withObject(5, '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /L#61unch /F (calc.exe) >> >>'),
    ),
    'object stream the check cannot read (ASCIIHexDecode)': pdfWithObjectStream(jsOpen, 'ASCIIHexDecode'),
    'page additional action with JavaScript': pdfOf(
      withObject(2, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /AA << /O << /S /JavaScript /JS (app.alert(1)) >> >> >>'),
    ),
    'document-level JavaScript in the names tree': pdfOf(catalogWith('/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (app.alert(1)) >>] >> >>')),
    'embedded file': pdfOf(catalogWith('/Names << /EmbeddedFiles << /Names [(x.exe) << /Type /Filespec /F (x.exe) /EF << /F 4 0 R >> >>] >> >>')),
  };
}
