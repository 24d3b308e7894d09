import type { ReactNode } from 'react';
import type { TLandingView } from '@shared/landing-view';
import { SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

/**
 * Works without script (a plain POST that comes back to the page); the page script sends it in the
 * background instead and shows the answer in place. `website` is a honeypot hidden from people.
 */
export function ContactFormSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  const field = (name: string, label: string, input: ReactNode) => (
    <div className="lp-field">
      <label htmlFor={`lp-contact-${name}`}>{label}</label>
      {input}
    </div>
  );
  return (
    <section id="contact" className="lp-section lp-section--alt" data-section="contact-form" aria-labelledby="lp-contact-title">
      <div className="lp-container lp-narrow">
        <SectionHeading
          id="lp-contact-title"
          title={view.contactForm.title || t('viewer.contactForm.title')}
          subtitle={view.contactForm.description || t('viewer.contactForm.subtitle')}
        />
        <form
          className="lp-card lp-form"
          method="post"
          action={`/landing-contact/${view.id}`}
          data-contact-form=""
          data-sending={t('viewer.contactForm.sending')}
          data-success={t('viewer.contactForm.success')}
          data-failure={t('viewer.contactForm.failure')}
        >
          <div className="lp-form__row">
            {field('name', t('viewer.contactForm.name'), <input id="lp-contact-name" name="name" required maxLength={200} autoComplete="name" />)}
            {field(
              'email',
              t('viewer.contactForm.email'),
              <input id="lp-contact-email" name="email" type="email" required maxLength={254} autoComplete="email" dir="ltr" />,
            )}
          </div>
          <div className="lp-form__row">
            {field(
              'phone',
              t('viewer.contactForm.phone'),
              <input
                id="lp-contact-phone"
                name="phone"
                type="tel"
                maxLength={24}
                autoComplete="tel"
                dir="ltr"
                placeholder={t('viewer.contactForm.phonePlaceholder')}
              />,
            )}
            {field('subject', t('viewer.contactForm.subject'), <input id="lp-contact-subject" name="subject" required maxLength={200} />)}
          </div>
          {field('message', t('viewer.contactForm.message'), <textarea id="lp-contact-message" name="message" required maxLength={5000} rows={5} />)}
          <div className="lp-hp" aria-hidden="true">
            <label htmlFor="lp-contact-website">{t('viewer.contactForm.honeypot')}</label>
            <input id="lp-contact-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="lp-btn lp-btn--primary">
            {t('viewer.contactForm.submit')}
          </button>
          <p className="lp-form__status" role="status" data-contact-status="">
            {ctx.contactStatus === 'sent' && t('viewer.contactForm.success')}
            {ctx.contactStatus === 'failed' && t('viewer.contactForm.failure')}
          </p>
        </form>
      </div>
    </section>
  );
}
