import { describe, expect, it } from 'vitest';
import { activePdfs, CLEAN_OBJECTS, pdfOf, pdfWithObjectStream } from '../../../tests/support/pdf-fixtures';
import { checkPdfContent } from './pdf-check';

describe('active content in PDFs (issue 23)', () => {
  it('accepts a plain one-page document with a web link, in both layouts', async () => {
    expect(await checkPdfContent(pdfOf(CLEAN_OBJECTS))).toEqual({ ok: true });
    expect(await checkPdfContent(pdfWithObjectStream(CLEAN_OBJECTS))).toEqual({ ok: true });
  });

  for (const [name, bytes] of Object.entries(activePdfs())) {
    it(`refuses: ${name}`, async () => {
      expect((await checkPdfContent(bytes)).ok).toBe(false);
    });
  }
});
