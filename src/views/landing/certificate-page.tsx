import { Shell } from './document';
import { Icon } from './icons';
import { PLATFORM_CSS } from './platform-styles';
import type { TTranslate } from './types';

export type TCertificateCheck = { studentName: string; courseTitle: string; teacherName: string; date: string; url: string };

const CSS = `${PLATFORM_CSS}
.cv-ok{display:flex;align-items:center;gap:.5rem;color:#166534;font-weight:800}
.cv-fields{display:grid;gap:.75rem;margin-block:1.25rem}
.cv-fields dt{color:#6b7280;font-size:.9rem}
.cv-fields dd{margin:0;font-size:1.15rem;font-weight:700;overflow-wrap:anywhere}
`;

/**
 * /certificates/{id} on the main domain (issue 15, decision 069): anyone can check that a certificate is
 * real. It shows the name, the course, the teacher and the date, and nothing else about the student.
 */
export function CertificateCheckDocument({ check, lng, dir, t }: { check: TCertificateCheck | null; lng: string; dir: 'rtl' | 'ltr'; t: TTranslate }) {
  const title = check ? t('certificate.checkTitle', { name: check.studentName }) : t('certificate.missingTitle');
  const head = (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      {check && <link rel="canonical" href={check.url} />}
    </>
  );
  return (
    <Shell lng={lng} dir={dir} head={head} assets={{ script: '' }} extraCss={CSS}>
      <main className="lp-screen">
        {check ? (
          <div className="lp-screen__card" data-testid="certificate-check">
            <p className="cv-ok">
              <Icon name="check" />
              {t('certificate.valid')}
            </p>
            <dl className="cv-fields">
              <div>
                <dt>{t('certificate.student')}</dt>
                <dd dir="auto" data-testid="certificate-student">
                  {check.studentName}
                </dd>
              </div>
              <div>
                <dt>{t('certificate.course')}</dt>
                <dd dir="auto" data-testid="certificate-course">
                  {check.courseTitle}
                </dd>
              </div>
              <div>
                <dt>{t('certificate.teacherLabel')}</dt>
                <dd dir="auto">{check.teacherName}</dd>
              </div>
              <div>
                <dt>{t('certificate.dateLabel')}</dt>
                <dd>{check.date}</dd>
              </div>
            </dl>
            <p className="lp-screen__text">{t('certificate.checkNote')}</p>
          </div>
        ) : (
          <div className="lp-screen__card" role="alert" data-testid="certificate-missing">
            <p className="lp-screen__code">404</p>
            <h1 className="lp-screen__title">{t('certificate.missingTitle')}</h1>
            <p className="lp-screen__text">{t('certificate.missingBody')}</p>
          </div>
        )}
      </main>
    </Shell>
  );
}
