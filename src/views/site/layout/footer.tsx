import { LAUNCH_DATE } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { daysSinceLaunch } from '@shared/launch';
import { Icon } from '@views/site/components/icons';
import { NewsletterForm } from '@views/site/components/newsletter-form';
import { useSite } from '@views/site/context';
import { SITE_CONTACT, SOCIAL_LINKS } from '@views/site/site-info';

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** The banner is rendered for today; the script recounts it when the page comes from the offline cache. */
function LaunchBanner() {
  const { t, today, lng } = useSite();
  const days = daysSinceLaunch(today);
  const forms = Object.fromEntries(PLURAL_FORMS.map((f) => [f, t(`footer.launch_${f}`, { replace: { count: '{count}' } })]));
  return (
    <p
      data-launch-banner
      data-launch={LAUNCH_DATE}
      data-forms={JSON.stringify(forms)}
      className="flex items-center justify-center gap-2 bg-primary-800 px-4 py-2.5 text-center text-sm font-medium text-white"
    >
      <Icon name="rocket" className="h-4 w-4" />
      {/* The count picks the plural form; the text shows it grouped like every other number (1.232 / 1,232). */}
      <span data-launch-text>{t('footer.launch', { count: days, replace: { count: formatNumber(lng, days) } })}</span>
    </p>
  );
}

type TLink = { label: string; href?: string };

function LinkColumn({ title, links }: { title: string; links: TLink[] }) {
  const { t } = useSite();
  return (
    <div>
      <h2 className="text-sm font-bold text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            {link.href ? (
              <a href={link.href} className="text-gray-300 hover:text-white">
                {link.label}
              </a>
            ) : (
              <span className="text-gray-400">
                {link.label} <span className="text-xs">({t('footer.comingSoon')})</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ContactColumn() {
  const { t } = useSite();
  return (
    <div>
      <h2 className="text-sm font-bold text-white">{t('footer.contactTitle')}</h2>
      <ul className="mt-3 space-y-2 text-sm text-gray-300">
        <li className="flex items-center gap-2">
          <Icon name="mail" className="h-4 w-4" />
          <a href={`mailto:${SITE_CONTACT.email}`} className="hover:text-white" dir="ltr">
            {SITE_CONTACT.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Icon name="phone" className="h-4 w-4" />
          <a href={SITE_CONTACT.phoneHref} className="hover:text-white" dir="ltr">
            {SITE_CONTACT.phone}
          </a>
        </li>
        <li className="flex items-start gap-2" data-testid="working-hours">
          <Icon name="clock" className="mt-0.5 h-4 w-4" />
          <span>
            <span className="sr-only">{t('details.hours')}: </span>
            {t('details.hoursValue')}
          </span>
        </li>
      </ul>
    </div>
  );
}

function Social() {
  const { t } = useSite();
  return (
    <ul aria-label={t('a11y.social')} className="flex flex-wrap gap-2">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.id}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-gray-800 text-gray-200 hover:bg-primary-700 hover:text-white"
          >
            <Icon name={s.id} className="h-5 w-5" />
            <span className="sr-only">
              {t(`social.${s.id}`)} {t('a11y.external')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2.1 footer: newsletter, links, contact details and hours, social links, launch banner, back to top. */
export function Footer() {
  const { t, today } = useSite();
  const year = today.slice(0, 4);
  return (
    <footer className="mt-16 bg-gray-900 text-gray-300">
      <LaunchBanner />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1.3fr_2fr]">
        <div className="space-y-5">
          <a href="/" className="text-2xl font-extrabold text-white">
            {t('common:app.name')}
          </a>
          <p className="text-sm">{t('footer.tagline')}</p>
          {/* The target of the form's no-JavaScript round trip (/site-forms/newsletter redirects to #newsletter). */}
          <div id="newsletter" className="scroll-mt-20">
            <h2 className="text-base font-bold text-white">{t('newsletter.title')}</h2>
            <p className="mb-3 text-sm">{t('newsletter.body')}</p>
            <NewsletterForm />
            <p className="mt-1 text-xs">
              <a href="/newsletter/unsubscribe" className="inline-block py-2 text-gray-300 underline hover:text-white">
                {t('newsletter.unsubscribe')}
              </a>
            </p>
          </div>
          <Social />
        </div>
        <nav aria-label={t('a11y.footerNav')} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          <LinkColumn
            title={t('footer.product')}
            links={[
              { label: t('nav.features'), href: '/features' },
              { label: t('nav.pricing'), href: '/#pricing' },
              { label: t('meta.payment.title'), href: '/payment' },
              { label: t('meta.roadmap.title'), href: '/roadmap' },
            ]}
          />
          <LinkColumn
            title={t('footer.resources')}
            links={[
              { label: t('footer.blog') },
              { label: t('meta.successStories.title'), href: '/success-stories' },
              { label: t('meta.help.title'), href: '/help' },
              { label: t('meta.faq.title'), href: '/faq' },
              { label: t('footer.tutorials'), href: '/teacher-documentation' },
            ]}
          />
          <LinkColumn
            title={t('footer.company')}
            links={[
              { label: t('meta.about.title'), href: '/about' },
              { label: t('meta.contact.title'), href: '/contact' },
              { label: t('footer.supportTicket'), href: '/contact#contact-form' },
              { label: t('meta.terms.title'), href: '/terms' },
              { label: t('meta.privacy.title'), href: '/privacy' },
            ]}
          />
          <ContactColumn />
        </nav>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm">
          <p>{t('footer.rights', { year })}</p>
          <a href="#top" data-back-to-top className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-gray-200 hover:bg-gray-800 hover:text-white">
            <Icon name="arrowUp" className="h-4 w-4" />
            {t('a11y.backToTop')}
          </a>
        </div>
      </div>
    </footer>
  );
}
