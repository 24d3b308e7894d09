import { embeddedFontCss, escapeHtml, htmlToPdf } from '@server/core/pdf';
import { coursesText } from '@server/core/i18n';
import { formatDate } from '@server/core/csv';

/*
 * Exports of activation-code batches and of the student list: CSV for spreadsheets, and a PDF of
 * printable cards, printed by Chromium through core/pdf.ts (docs/decisions/032-code-cards-pdf-with-chromium.md).
 */

export type TCard = { serial: number; code: string; courseTitle: string; teacherName: string; link: string; validUntil: Date; planLabel: string };

/** The printable page: A4, ten cards per page, cut lines, Arabic right to left with the code and link kept LTR. */
export function cardsHtml(cards: TCard[]): string {
  const t = (key: string, params?: Record<string, string | number>) => escapeHtml(coursesText('ar', key, params));
  const items = cards
    .map(
      (c) => `<article class="card">
  <header><p class="course">${escapeHtml(c.courseTitle)}</p><p class="teacher">${escapeHtml(c.teacherName)} · ${escapeHtml(c.planLabel)}</p></header>
  <p class="label">${t('cards.code')} · <span class="serial">${t('cards.serial', { n: c.serial })}</span></p>
  <p class="code" dir="ltr">${escapeHtml(c.code.slice(0, 3))} ${escapeHtml(c.code.slice(3))}</p>
  <footer><p>${t('cards.howTo')} <bdi dir="ltr" class="link">${escapeHtml(c.link)}</bdi></p><p>${t('cards.validUntil', { date: formatDate('ar', c.validUntil) })}</p></footer>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${t('cards.title')}</title><style>
${embeddedFontCss()}
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'Tajawal', sans-serif; color: #111827; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; }
.card { height: 50mm; border: 0.4mm dashed #6b7280; border-radius: 3mm; padding: 4mm 5mm; display: flex; flex-direction: column; justify-content: space-between; break-inside: avoid; overflow: hidden; }
.card p { margin: 0; }
.course { font-weight: 700; font-size: 12.5pt; line-height: 1.3; max-height: 2.6em; overflow: hidden; }
.teacher { font-size: 9pt; color: #4b5563; }
.label { font-size: 8.5pt; color: #4b5563; text-align: center; }
.serial { font-weight: 700; color: #111827; }
.code { font-weight: 700; font-size: 26pt; letter-spacing: 2mm; text-align: center; unicode-bidi: isolate; }
footer { font-size: 8pt; color: #374151; line-height: 1.4; }
.link { font-weight: 700; unicode-bidi: isolate; }
</style></head><body><main class="grid">${items}</main></body></html>`;
}

export function cardsPdf(chromiumPath: string, cards: TCard[]): Promise<Buffer> {
  return htmlToPdf(chromiumPath, cardsHtml(cards));
}
