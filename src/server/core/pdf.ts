import fs from 'node:fs';
import path from 'node:path';
import { AppError } from './errors';
import { appPath } from './app-root';

/*
 * HTML printed to PDF by Chromium (decision 032): its text shaping (HarfBuzz) joins Arabic letters and orders
 * mixed RTL/LTR text correctly. Shared by the code cards and the certificates.
 */

let fontCss: string | null = null;

/** Tajawal (Arabic and Latin subsets) inlined, so a PDF never depends on fonts installed on the server. */
export function embeddedFontCss(): string {
  if (fontCss) return fontCss;
  const dir = appPath('node_modules/@fontsource/tajawal');
  fontCss = ['400.css', '700.css']
    .map((file) =>
      fs.readFileSync(path.join(dir, file), 'utf8').replace(/src: url\(\.\/files\/([\w-]+\.woff2)\) format\('woff2'\)[^;]*;/g, (_m, name: string) => {
        const data = fs.readFileSync(path.join(dir, 'files', name)).toString('base64');
        return `src: url(data:font/woff2;base64,${data}) format('woff2');`;
      }),
    )
    .join('\n');
  return fontCss;
}

/** One Chromium at a time: printing is heavy, and the server may have two cores. */
let queue: Promise<unknown> = Promise.resolve();

/** Prints a self-contained page (fonts and images as data: URLs); nothing else may load. */
export function htmlToPdf(chromiumPath: string, html: string, options: { landscape?: boolean } = {}): Promise<Buffer> {
  const run = async () => {
    // Loaded on first use: playwright-core is heavy and most starts never print a PDF.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] }).catch(() => {
      throw new AppError('PDF_UNAVAILABLE');
    });
    try {
      const page = await browser.newPage();
      await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return await page.pdf({ format: 'A4', landscape: options.landscape ?? false, printBackground: true, preferCSSPageSize: true });
    } finally {
      await browser.close();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}
