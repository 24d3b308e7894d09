import { directionOf, type TLanguage } from '@shared/i18n';
import { formatDateTime, formatDzd } from '@shared/format';
import { platformUrl } from '@server/core/dates';
import { embeddedFontCss, escapeHtml, htmlToPdf } from '@server/core/pdf';
import type { TRevenueDeps } from './deps';
import type { TReceiptRow } from './student-payments';
import { revenueText } from './text';

/*
 * A payment receipt as a PDF (decision 098): HTML printed by Chromium (core/pdf.ts) so that Arabic is shaped
 * and ordered right, in the student's language, with the teacher's details. Rendered on request; nothing kept.
 */

/** The reference a student quotes: the order's for card and transfer payments, else the row's own short id. */
function referenceOf(row: TReceiptRow): string {
  return row.orderReference ?? `DRS-${row.id.slice(0, 8).toUpperCase()}`;
}

function receiptHtml(row: TReceiptRow, lng: TLanguage, platform: string): string {
  const t = (key: string) => escapeHtml(revenueText(lng, `receipt.${key}`));
  const line = (label: string, value: string, ltr = false) =>
    `<tr><th>${t(label)}</th><td>${ltr ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : `<bdi>${escapeHtml(value)}</bdi>`}</td></tr>`;
  const contacts = [row.phone, row.whatsapp !== row.phone ? row.whatsapp : null, row.email].filter((v): v is string => Boolean(v));
  return `<!doctype html><html lang="${lng}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><title>${t('title')}</title><style>
${embeddedFontCss()}
@page { size: A4; margin: 18mm; }
body { font-family: 'Tajawal', sans-serif; color: #111827; font-size: 12pt; }
h1 { font-size: 22pt; margin: 0 0 2mm; color: #1d4ed8; }
.sub { color: #4b5563; margin: 0 0 8mm; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: start; padding: 3mm 2mm; border-bottom: 0.3mm solid #e5e7eb; vertical-align: top; }
th { width: 45mm; color: #4b5563; font-weight: 400; }
.amount td { font-size: 16pt; font-weight: 700; }
.foot { margin-top: 10mm; font-size: 9pt; color: #6b7280; }
.test { border: 0.8mm solid #b45309; background: #fef3c7; color: #78350f; padding: 3mm 4mm; margin: 0 0 6mm; font-weight: 700; }
.stamp { position: fixed; top: 45%; inset-inline: 0; text-align: center; font-size: 48pt; color: rgba(180, 83, 9, 0.12); transform: rotate(-20deg); }
</style></head><body>
${row.test ? `<div class="stamp" aria-hidden="true">${t('testTitle')}</div>` : ''}
<h1>${t(row.test ? 'testTitle' : row.kind === 'refund' ? 'refundTitle' : 'title')}</h1>
${row.test ? `<p class="test" data-test-payment>${t('testNotice')}</p>` : ''}
<p class="sub">${t('issuedBy')} <bdi>${escapeHtml(row.teacherName)}</bdi></p>
<table>
${line('reference', referenceOf(row), true)}
${line('date', formatDateTime(lng, row.createdAt, 'long'))}
${line('course', row.courseTitle ?? '')}
${line('method', revenueText(lng, `methods.${row.method}`))}
<tr class="amount"><th>${t('amount')}</th><td><bdi>${escapeHtml(formatDzd(lng, row.amountDzd))}</bdi></td></tr>
${line('teacher', row.teacherName)}
${line('platform', platform, true)}
${contacts.length ? line('contact', contacts.join(' · '), true) : ''}
</table>
<p class="foot">${t('footer')}</p>
</body></html>`;
}

export function receiptPdf(deps: TRevenueDeps, row: TReceiptRow, lng: TLanguage): Promise<Buffer> {
  return htmlToPdf(deps.config.chromiumPath, receiptHtml(row, lng, platformUrl(deps.config, row.subdomain)));
}
