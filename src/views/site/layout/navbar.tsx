import { Icon } from '@views/site/components/icons';
import { useSite } from '@views/site/context';
import { LanguageMenu } from './language-menu';

export const FEATURE_AREAS = [
  { key: 'courses', href: '/features/courses', icon: 'book' },
  { key: 'students', href: '/features/students', icon: 'users' },
  { key: 'marketing', href: '/features/marketing', icon: 'megaphone' },
  { key: 'payments', href: '/features/payments', icon: 'card' },
  { key: 'tiktokAds', href: '/features/tiktok-ads', icon: 'tiktok' },
] as const;

const LINKS = [
  { key: 'pricing', href: '/#pricing' },
  { key: 'roadmap', href: '/roadmap' },
  { key: 'docs', href: '/teacher-documentation' },
  { key: 'contact', href: '/contact' },
] as const;

const linkClass = 'rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 hover:text-gray-900';

function FeaturesDropdown() {
  const { t } = useSite();
  return (
    <details className="relative" data-dropdown>
      <summary className={`${linkClass} flex cursor-pointer list-none items-center gap-1`}>
        {t('nav.features')}
        <Icon name="chevron" className="h-4 w-4" />
      </summary>
      <div className="absolute start-0 z-50 mt-2 w-80 rounded-xl border border-gray-100 bg-white p-2 shadow-xl">
        <ul>
          {FEATURE_AREAS.map((area) => (
            <li key={area.key}>
              <a href={area.href} className="flex gap-3 rounded-lg p-3 hover:bg-primary-50">
                <span className="text-primary-700">
                  <Icon name={area.icon} />
                </span>
                <span>
                  <span className="block text-sm font-bold text-gray-900">{t(`areas.${area.key}.title`)}</span>
                  <span className="block text-xs text-gray-600">{t(`areas.${area.key}.summary`)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
        <a href="/features" className="mt-1 block rounded-lg p-3 text-sm font-bold text-primary-700 hover:bg-primary-50">
          {t('nav.allFeatures')}
        </a>
      </div>
    </details>
  );
}

/** Spec §2.1: below `lg` the links move into a drawer that locks the page's scroll while open. */
function MobileDrawer() {
  const { t } = useSite();
  return (
    <details className="lg:hidden" data-drawer>
      <summary
        data-testid="menu-toggle"
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg border border-gray-200 hover:bg-gray-50"
      >
        <span className="sr-only">{t('a11y.openMenu')}</span>
        <Icon name="menu" />
      </summary>
      <nav
        aria-label={t('a11y.mobileNav')}
        data-drawer-panel
        className="absolute inset-x-0 top-full h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-gray-100 bg-white px-4 pb-10 pt-4"
      >
        <p className="px-3 pb-1 text-xs font-bold uppercase text-gray-500">{t('nav.features')}</p>
        <ul className="mb-3">
          {FEATURE_AREAS.map((area) => (
            <li key={area.key}>
              <a href={area.href} className="flex items-center gap-3 rounded-lg px-3 py-3 text-base hover:bg-primary-50">
                <Icon name={area.icon} />
                {t(`areas.${area.key}.title`)}
              </a>
            </li>
          ))}
          <li>
            <a href="/features" className="block rounded-lg px-3 py-3 text-base font-bold text-primary-700 hover:bg-primary-50">
              {t('nav.allFeatures')}
            </a>
          </li>
        </ul>
        <ul className="border-t border-gray-100 pt-3">
          {LINKS.map((link) => (
            <li key={link.key}>
              <a href={link.href} className="block rounded-lg px-3 py-3 text-base hover:bg-gray-50">
                {t(`nav.${link.key}`)}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-2 sm:hidden">
          <a href="/login" className="rounded-xl border border-gray-200 px-4 py-3 text-center font-bold">
            {t('nav.login')}
          </a>
          <a href="/register" className="rounded-xl bg-primary-700 px-4 py-3 text-center font-bold text-white">
            {t('nav.register')}
          </a>
        </div>
        <button type="button" data-drawer-close className="mt-6 w-full rounded-xl bg-gray-100 px-4 py-3 font-bold text-gray-800">
          {t('a11y.closeMenu')}
        </button>
      </nav>
    </details>
  );
}

/**
 * The site's top bar (spec §2.1): it hides when scrolling down past 100 px, shows again when scrolling
 * up (10 px threshold), and takes its shadow after 10 px. The script sets data-hidden and data-scrolled.
 */
export function Navbar() {
  const { t } = useSite();
  return (
    <header
      id="top"
      data-site-header
      className="sticky top-0 z-40 border-b border-gray-100 bg-white transition-[translate,box-shadow] duration-300 data-[hidden]:-translate-y-full data-[scrolled]:shadow-md"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <a href="/" className="text-2xl font-extrabold text-primary-700">
          {t('common:app.name')}
        </a>
        <nav aria-label={t('a11y.mainNav')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <FeaturesDropdown />
            </li>
            {LINKS.map((link) => (
              <li key={link.key}>
                <a href={link.href} className={`${linkClass} block`}>
                  {t(`nav.${link.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageMenu id="language-options" />
          <a href="/login" className={`${linkClass} hidden sm:block`}>
            {t('nav.login')}
          </a>
          <a href="/register" className="hidden rounded-lg bg-primary-700 px-3 py-2 text-sm font-bold text-white hover:bg-primary-800 sm:block">
            {t('nav.register')}
          </a>
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
