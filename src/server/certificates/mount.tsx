import type { Hono } from 'hono';
import { renderToString } from 'react-dom/server';
import { directionOf, toLanguage } from '@shared/i18n';
import type { TAppEnv } from '@server/core/env';
import { formatDate } from '@server/core/csv';
import { AppError } from '@server/core/errors';
import { CertificateCheckDocument, type TCertificateCheck } from '@views/landing/certificate-page';
import { certificateText } from './pdf';
import type { TCertificates } from './index';

/** /certificates/{id}: the public check of a certificate, server-rendered; an unknown or forged id is a 404 page. */
export function mountCertificates(app: Hono<TAppEnv>, certificates: TCertificates) {
  app.get('/certificates/:id', async (c) => {
    const lng = toLanguage(c.get('language'));
    let check: TCertificateCheck | null = null;
    try {
      const found = await certificates.publicCertificate(c.req.param('id'));
      check = { ...found, date: formatDate(lng, found.completedAt) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    const t = (key: string, params?: Record<string, string | number>) =>
      certificateText(lng, key.replace(/^certificate\./, ''), params as Record<string, string>);
    const html = `<!doctype html>${renderToString(<CertificateCheckDocument check={check} lng={lng} dir={directionOf(lng)} t={t} />)}`;
    return c.html(html, check ? 200 : 404, { 'cache-control': 'no-cache' });
  });
}
