import QRCode from 'qrcode';
import { embeddedFontCss, escapeHtml, htmlToPdf } from '@server/core/pdf';
import { coursesText } from '@server/core/i18n';
import { formatDate } from '@server/core/csv';

/*
 * Exports of activation-code batches and of the student list: CSV for spreadsheets, and a PDF of
 * printable cards, printed by Chromium through core/pdf.ts (docs/decisions/032-code-cards-pdf-with-chromium.md).
 */

export type TCard = {
  serial: number;
  cardNumber: string;
  redeemLink: string;
  code: string;
  courseTitle: string;
  teacherName: string;
  link: string;
  validUntil: Date;
  planLabel: string;
};

/**
 * The card's QR code as inline SVG (decision 106): the redeem link with its token, at error correction M,
 * which a phone camera reads from a printed 20 mm square.
 */
function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/**
 * The printable page: A4, ten cards per page, cut lines, Arabic right to left with the code and link kept
 * LTR. Each card carries its card number, its QR code and its six digits (decisions 105 and 106).
 */
export async function cardsHtml(cards: TCard[], onProgress?: (drawn: number) => Promise<unknown>): Promise<string> {
  const qrs: string[] = [];
  for (const c of cards) {
    qrs.push(await qrSvg(c.redeemLink));
    // The teacher follows the QR codes being drawn (most of the time before Chromium prints), a hundred at a time.
    if (onProgress && qrs.length % 100 === 0) await onProgress(qrs.length);
  }
  const t = (key: string, params?: Record<string, string | number>) => escapeHtml(coursesText('ar', key, params));
  const items = cards
    .map(
      (c, i) => `<article class="card">
  <div class="body">
  <header><p class="course">${escapeHtml(c.courseTitle)}</p><p class="teacher">${escapeHtml(c.teacherName)} · ${escapeHtml(c.planLabel)}</p></header>
  <p class="label">${t('cards.cardNumber')} <bdi dir="ltr" class="serial">${escapeHtml(c.cardNumber)}</bdi> · ${t('cards.code')}</p>
  <p class="code" dir="ltr">${escapeHtml(c.code.slice(0, 3))} ${escapeHtml(c.code.slice(3))}</p>
  <footer><p>${t('cards.howTo')} <bdi dir="ltr" class="link">${escapeHtml(c.link)}</bdi></p><p>${t('cards.validUntil', { date: formatDate('ar', c.validUntil) })}</p></footer>
  </div>
  <figure class="qr">${qrs[i]}<figcaption>${t('cards.scan')}</figcaption></figure>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${t('cards.title')}</title><style>
${embeddedFontCss()}
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'Tajawal', sans-serif; color: #111827; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; }
.card { height: 50mm; border: 0.4mm dashed #6b7280; border-radius: 3mm; padding: 4mm 5mm; display: flex; gap: 3mm; break-inside: avoid; overflow: hidden; }
.body { flex: 1; min-width: 0; display: flex; flex-direction: column; justify-content: space-between; }
.qr { margin: 0; width: 24mm; flex: none; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 1mm; }
.qr svg { width: 24mm; height: 24mm; display: block; }
.qr figcaption { font-size: 7pt; color: #4b5563; text-align: center; line-height: 1.2; }
.card p { margin: 0; }
.course { font-weight: 700; font-size: 12.5pt; line-height: 1.3; max-height: 2.6em; overflow: hidden; }
.teacher { font-size: 9pt; color: #4b5563; }
.label { font-size: 8.5pt; color: #4b5563; text-align: center; }
.serial { font-weight: 700; color: #111827; }
.code { font-weight: 700; font-size: 22pt; letter-spacing: 1.5mm; text-align: center; unicode-bidi: isolate; }
footer { font-size: 8pt; color: #374151; line-height: 1.4; }
.link { font-weight: 700; unicode-bidi: isolate; }
</style></head><body><main class="grid">${items}</main></body></html>`;
}

export async function cardsPdf(chromiumPath: string, cards: TCard[], onProgress?: (drawn: number) => Promise<unknown>): Promise<Buffer> {
  return htmlToPdf(chromiumPath, await cardsHtml(cards, onProgress));
}
