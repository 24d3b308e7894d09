import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activePdfs, CLEAN_OBJECTS, pdfOf } from '../../../tests/support/pdf-fixtures';
import { checkReceipt } from './receipt-check';

/** What a receipt is, read from its bytes by file-type (issue 21): the declared type is never asked. */
describe('receipt check', () => {
  const pixels = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } });

  it('takes JPEG, PNG and WebP and keeps them as a re-encoded WebP', async () => {
    for (const bytes of await Promise.all([pixels().jpeg().toBuffer(), pixels().png().toBuffer(), pixels().webp().toBuffer()])) {
      const checked = await checkReceipt(bytes);
      expect(checked.mime).toBe('image/webp');
      expect((await sharp(checked.bytes).metadata()).format).toBe('webp');
    }
  });

  it('takes a plain PDF as it is and refuses one with active content', async () => {
    const plain = pdfOf(CLEAN_OBJECTS);
    expect(await checkReceipt(plain)).toEqual({ bytes: plain, mime: 'application/pdf', ext: 'pdf' });
    await expect(checkReceipt(Object.values(activePdfs())[0]!)).rejects.toMatchObject({ code: 'RECEIPT_INVALID' });
  });

  it('refuses a GIF, HTML, a PDF body without its header, and an image header on another body', async () => {
    const gif = await pixels().gif().toBuffer();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const headless = pdfOf(CLEAN_OBJECTS).subarray(5);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    for (const bytes of [gif, html, headless, fakePng]) await expect(checkReceipt(bytes)).rejects.toMatchObject({ code: 'RECEIPT_INVALID' });
  });
});
