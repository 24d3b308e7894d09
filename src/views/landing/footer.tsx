import type { TLandingView } from '@shared/landing-view';
import type { TViewContext } from './types';

/** Spec §2.7: on a subdomain, register and login; on the main domain, back to top and contact us. */
export function Footer({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  const contactTarget = view.sections.includes('contact-form') ? '#contact' : '#contact-actions';
  return (
    <footer className="lp-footer" data-testid="landing-footer">
      <div className="lp-container lp-footer__inner">
        <div>
          <p className="lp-footer__title" dir="auto">
            {view.title}
          </p>
          {view.subtitle && (
            <p className="lp-footer__subtitle" dir="auto">
              {view.subtitle}
            </p>
          )}
        </div>
        <nav className="lp-footer__links" aria-label={t('viewer.footer.label')}>
          {ctx.host === 'subdomain' ? (
            <>
              <a href="/register">{t('viewer.footer.register')}</a>
              <a href="/login">{t('viewer.footer.login')}</a>
            </>
          ) : (
            <>
              <a href="#hero">{t('viewer.footer.backToTop')}</a>
              <a href={contactTarget}>{t('viewer.footer.contactUs')}</a>
            </>
          )}
        </nav>
      </div>
      <p className="lp-footer__powered">{t('viewer.footer.poweredBy')}</p>
    </footer>
  );
}
