import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@server/core/errors';
import { appPath } from '@server/core/app-root';
import { coursesText } from '@server/core/i18n';
import { formatDate } from '@server/core/csv';

/*
 * Exports of activation-code batches and of the student list: CSV for spreadsheets, and a PDF of
 * printable cards. The PDF is HTML printed by Chromium, whose text shaping (HarfBuzz) joins Arabic
 * letters and orders mixed RTL/LTR text correctly (docs/decisions/032-code-cards-pdf-with-chromium.md).
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

let fontCss: string | null = null;
/** Tajawal (Arabic and Latin subsets) inlined, so the PDF never depends on fonts installed on the server. */
function fonts(): string {
  if (fontCss) return fontCss;
  const dir = appPath('node_modules/@fontsource/tajawal');
  fontCss = ['400.css', '700.css']
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/src: url\(\.\/files\/([\w-]+\.woff2)\) format\('woff2'\)[^;]*;/g, (_m, name: string) => {
          const data = fs.readFileSync(path.join(dir, 'files', name)).toString('base64');
          return `src: url(data:font/woff2;base64,${data}) format('woff2');`;
        }),
    )
    .join('\n');
  return fontCss;
}

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
${fonts()}
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

/** One Chromium at a time: printing thousands of cards is heavy, and the server may have two cores. */
let queue: Promise<unknown> = Promise.resolve();

export function cardsPdf(chromiumPath: string, cards: TCard[]): Promise<Buffer> {
  const run = async () => {
    // Loaded on first use: playwright-core is heavy and most starts never print a PDF.
    const { chromium } = await import('playwright-core');
    const browser = await chromium
      .launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
      .catch(() => {
        throw new AppError('PDF_UNAVAILABLE');
      });
    try {
      const page = await browser.newPage();
      // Nothing outside the page itself may load: the HTML carries its fonts.
      await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      await page.setContent(cardsHtml(cards), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await browser.close();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
