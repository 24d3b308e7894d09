import fs from 'node:fs/promises';
import { directionOf, type TLanguage } from '@shared/i18n';
import { formatDate } from '@server/core/csv';
import { localeInstance } from '@server/core/i18n';
import { embeddedFontCss, escapeHtml, htmlToPdf } from '@server/core/pdf';
import type { TCertificatesDeps } from './deps';
import { settingsOf, type TCertificateRow } from './queries';
import { verifyUrl } from './issue';

/*
 * The certificate as a PDF (decision 069): HTML printed by Chromium (core/pdf.ts) so that Arabic is shaped
 * and ordered right, in Tajawal embedded in the file, in the student's language. Rendered on request: one
 * A4 page takes about a second, and nothing personal is kept on disk.
 */

const i18n = localeInstance(['platform'], 'platform');

export function certificateText(lng: TLanguage, key: string, params: Record<string, string> = {}) {
  return i18n.t(`certificate.${key}`, { lng, ...params });
}

type TPrintable = { row: TCertificateRow; lng: TLanguage; url: string; signature: string | null };

export function certificateHtml({ row, lng, url, signature }: TPrintable): string {
  const t = (key: string, params?: Record<string, string>) => escapeHtml(certificateText(lng, key, params));
  const date = escapeHtml(formatDate(lng, row.completedAt));
  return `<!doctype html><html lang="${lng}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><title>${t('title')}</title><style>
${embeddedFontCss()}
@page { size: A4 landscape; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font-family: 'Tajawal', sans-serif; color: #111827; }
.page { height: 210mm; width: 297mm; padding: 12mm; }
.frame { height: 100%; border: 2.5mm solid #1d4ed8; outline: 0.6mm solid #1d4ed8; outline-offset: -5mm; border-radius: 4mm; padding: 16mm 20mm 12mm; display: flex; flex-direction: column; align-items: center; text-align: center; }
.brand { font-size: 12pt; color: #1d4ed8; font-weight: 700; letter-spacing: 0.5mm; }
h1 { font-size: 30pt; margin: 6mm 0 4mm; }
.lead { font-size: 13pt; color: #4b5563; margin: 0; }
.name { font-size: 28pt; font-weight: 700; margin: 4mm 0; color: #1e3a8a; unicode-bidi: plaintext; }
.course { font-size: 18pt; font-weight: 700; margin: 2mm 0 4mm; unicode-bidi: plaintext; }
.by { font-size: 13pt; margin: 0; }
.sign { margin-top: auto; width: 100%; display: flex; justify-content: space-between; align-items: flex-end; gap: 10mm; font-size: 11pt; }
.sign .col { min-width: 60mm; }
.sign img { max-height: 22mm; max-width: 60mm; display: block; margin: 0 auto 1mm; }
.line { border-top: 0.4mm solid #9ca3af; padding-top: 1.5mm; }
.verify { margin-top: 6mm; font-size: 9pt; color: #4b5563; }
.verify bdi { unicode-bidi: isolate; font-weight: 700; color: #111827; }
</style></head><body><main class="page"><div class="frame">
<p class="brand">${t('brand')}</p>
<h1>${t('title')}</h1>
<p class="lead">${t('certifies')}</p>
<p class="name" data-field="name">${escapeHtml(row.studentName)}</p>
<p class="lead">${t('completed')}</p>
<p class="course">${escapeHtml(row.courseTitle)}</p>
<p class="by">${t('teacher', { name: '{name}' }).replace('{name}', `<bdi>${escapeHtml(row.teacherName)}</bdi>`)}</p>
<div class="sign">
  <div class="col"><p class="line">${t('date', { date })}</p></div>
  <div class="col">${signature ? `<img src="${signature}" alt="">` : ''}<p class="line">${escapeHtml(row.teacherName)}</p></div>
</div>
<p class="verify">${t('verify')} <bdi dir="ltr">${escapeHtml(url)}</bdi></p>
</div></main></body></html>`;
}

/** The signature as a data: URL (the page loads nothing from outside), or null when there is none. */
async function signatureOf(deps: TCertificatesDeps, courseId: string): Promise<string | null> {
  const s = await settingsOf(deps.db, courseId);
  if (!s.signatureKey || !s.signatureType) return null;
  const bytes = await fs.readFile(deps.files.fullPath(s.signatureKey)).catch(() => null);
  return bytes ? `data:${s.signatureType};base64,${bytes.toString('base64')}` : null;
}

export async function certificatePdf(deps: TCertificatesDeps, row: TCertificateRow, lng: TLanguage): Promise<Buffer> {
  const html = certificateHtml({ row, lng, url: verifyUrl(deps, row.id), signature: await signatureOf(deps, row.courseId) });
  return htmlToPdf(deps.config.chromiumPath, html, { landscape: true });
}
