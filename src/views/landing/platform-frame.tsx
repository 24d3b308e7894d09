import type { CSSProperties, ReactNode } from 'react';
import type { TCourseCardPlan } from '@shared/landing-view';
import { Shell, type TDocumentAssets } from './document';
import { Icon } from './icons';
import { LandingImage } from './parts';
import { PLATFORM_CSS } from './platform-styles';
import type { TTranslate } from './types';

/** The teacher around every page of their platform (issue 15): who, where to go, how to reach them. */
export type TPlatformFrame = {
  name: string;
  photoUrl: string | null;
  theme: { primary: string; secondary: string };
  homeHref: string;
  teachHref: string;
  loginHref: string;
  registerHref: string;
  landingHref: string | null;
  /** The contact ways the teacher chose to show (decision 057); null when not chosen. */
  contact: { phone: string | null; whatsapp: string | null; email: string | null };
};

/** The landing namespace (shared labels: kinds, plans, prices) and the platform namespace. */
export type TPlatformTexts = { t: TTranslate; lt: TTranslate };

export function planLabel(lt: TTranslate, plan: TCourseCardPlan): string {
  if (plan.type === 'custom') return lt('viewer.courses.plan.custom', { count: plan.durationDays ?? 0 });
  return lt(`viewer.courses.plan.${plan.type}`);
}

function Bar({ frame, t }: { frame: TPlatformFrame; t: TTranslate }) {
  return (
    <header className="pf-bar">
      <div className="lp-container pf-bar__row">
        <a href={frame.homeHref} className="pf-bar__brand" data-testid="platform-bar-home">
          {frame.photoUrl ? (
            <LandingImage src={frame.photoUrl} alt={frame.name} className="pf-bar__photo" width={40} height={40} priority />
          ) : (
            <Icon name="school" />
          )}
          <span dir="auto">{frame.name}</span>
        </a>
        <nav className="pf-bar__links" aria-label={t('frame.nav')}>
          <a href={frame.homeHref}>{t('frame.courses')}</a>
          <a href={frame.teachHref} data-testid="platform-teach-link">
            {t('frame.teach')}
          </a>
          <a href={frame.loginHref}>{t('frame.login')}</a>
          <a href={frame.registerHref}>{t('frame.register')}</a>
        </nav>
      </div>
    </header>
  );
}

/** The contact ways the teacher chose; numbers and addresses stay left-to-right inside Arabic text. */
export function ContactList({ contact, t }: { contact: TPlatformFrame['contact']; t: TTranslate }) {
  if (!contact.phone && !contact.whatsapp && !contact.email) return null;
  return (
    <ul className="pf-contact" data-testid="platform-contact">
      {contact.whatsapp && (
        <li>
          <a href={contact.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="contact-whatsapp">
            <Icon name="whatsapp" />
            {t('contact.whatsapp')}
          </a>
        </li>
      )}
      {contact.phone && (
        <li>
          <a href={`tel:${contact.phone}`} data-testid="contact-phone">
            <Icon name="phone" />
            {t('contact.phone')} <bdi dir="ltr">{contact.phone}</bdi>
          </a>
        </li>
      )}
      {contact.email && (
        <li>
          <a href={`mailto:${contact.email}`} data-testid="contact-email">
            <Icon name="email" />
            <bdi dir="ltr">{contact.email}</bdi>
          </a>
        </li>
      )}
    </ul>
  );
}

export function PlatformShell({
  frame,
  lng,
  dir,
  t,
  assets,
  head,
  children,
  testId,
}: {
  frame: TPlatformFrame;
  lng: string;
  dir: 'rtl' | 'ltr';
  t: TTranslate;
  assets: TDocumentAssets;
  head: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const bodyStyle = { '--lp-primary': frame.theme.primary, '--lp-secondary': frame.theme.secondary } as CSSProperties;
  return (
    <Shell lng={lng} dir={dir} head={head} bodyStyle={bodyStyle} assets={assets} data={{ mode: 'screen' }} extraCss={PLATFORM_CSS}>
      <Bar frame={frame} t={t} />
      <main className="pf-main" data-testid={testId}>
        <div className="lp-container">{children}</div>
      </main>
    </Shell>
  );
}

/** A course that is not (or no longer) offered here: said plainly, with the way back to the courses. */
export function UnavailableBody({ frame, t }: { frame: TPlatformFrame; t: TTranslate }) {
  return (
    <div className="lp-card" role="alert" data-testid="course-unavailable">
      <h1 className="pf-title">{t('unavailable.title')}</h1>
      <p className="pf-desc">{t('unavailable.body')}</p>
      <p className="pf-actions">
        <a href={frame.homeHref} className="lp-btn lp-btn--primary">
          {t('unavailable.back')}
        </a>
      </p>
    </div>
  );
}
