import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@web/components/ui/notice';

/** The widest a page is drawn, in CSS pixels: wider screens get margins, not a blurrier page. */
const MAX_PAGE_WIDTH = 900;

/**
 * A PDF lesson drawn page by page onto canvases with pdf.js (decision 061): no frame, so it shows on phones
 * (whose browsers do not display PDFs inside a page) and no PDF script ever runs: pdf.js parses the file in
 * its worker and only paints pixels; the app's CSP (no eval, scripts from Darsi only) applies to that worker.
 */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('courses');
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    let cancelled = false;
    const destroy = { run: () => {} };
    (async () => {
      // Loaded with the lesson that needs it: pdf.js is large and most lessons are not PDFs.
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      // No XFA forms. No PDF script runs: scripting lives only in pdf.js's viewer (pdf.sandbox), never loaded here,
      // and pdf.js 6 has no eval path left (its `isEvalSupported` option is gone; the CSP forbids eval anyway).
      const task = pdfjs.getDocument({ url, enableXfa: false });
      destroy.run = () => void task.destroy();
      const doc = await task.promise;
      const width = Math.min(box.clientWidth || MAX_PAGE_WIDTH, MAX_PAGE_WIDTH);
      for (let number = 1; number <= doc.numPages && !cancelled; number += 1) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        const ratio = window.devicePixelRatio || 1;
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = '100%';
        canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
        canvas.className = 'mx-auto block rounded-lg bg-white shadow-sm';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('learn.pdfPage', { page: number, count: doc.numPages }));
        canvas.dataset.testid = 'pdf-page';
        box.appendChild(canvas);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        canvas.dataset.rendered = 'true';
        if (number === 1 && !cancelled) setState('shown');
      }
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      destroy.run();
      box.replaceChildren();
    };
  }, [url, t]);

  return (
    <section aria-label={t('learn.pdfViewer', { name })} className="space-y-2" data-testid="pdf-viewer" data-state={state}>
      {state === 'loading' ? <p className="text-sm text-gray-600">{t('learn.pdfLoading')}</p> : null}
      {state === 'failed' ? <Notice tone="info">{t('learn.pdfFailed')}</Notice> : null}
      <div ref={holder} dir="ltr" className="max-h-[75vh] space-y-3 overflow-y-auto rounded-xl border border-gray-200 bg-gray-100 p-2" />
    </section>
  );
}
