import { SECTION_ANCHORS, type TLandingView } from '@shared/landing-view';
import { isExternalUrl } from '@shared/landing-url';
import type { TSectionId } from '@shared/schemas/landing';
import { Icon } from './icons';
import { LandingImage, SafeLink } from './parts';
import type { TViewContext } from './types';

type TLink = { id: string; label: string; url: string; external: boolean };

/** Spec §2.7 default links, in this order; a link whose section is hidden is left out. */
const DEFAULT_LINKS: Array<[string, TSectionId]> = [
  ['home', 'hero'],
  ['features', 'features'],
  ['aboutMe', 'about-me'],
  ['courses', 'course-content'],
  ['pricing', 'pricing'],
  ['testimonials', 'testimonials'],
  ['faq', 'faq'],
  ['contact', 'contact-form'],
];

function navLinks(view: TLandingView, ctx: TViewContext): TLink[] {
  if (view.navbarItems) {
    return view.navbarItems
      .filter((item) => item.isVisible)
      .map((item) => ({ id: item.id, label: item.label, url: item.url, external: item.isExternal || isExternalUrl(item.url) }));
  }
  return DEFAULT_LINKS.flatMap(([key, section]) => {
    const target = section === 'contact-form' && !view.sections.includes(section) ? 'contact-actions' : section;
    if (!view.sections.includes(target)) return [];
    return [{ id: key, label: ctx.t(`viewer.nav.${key}`), url: `#${SECTION_ANCHORS[target]}`, external: false }];
  });
}

function Links({ links, className }: { links: TLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.id}>
          <SafeLink href={link.url} external={link.external} className="lp-nav__link">
            {link.label}
          </SafeLink>
        </li>
      ))}
    </ul>
  );
}

function AuthLinks({ ctx }: { ctx: TViewContext }) {
  return (
    <div className="lp-nav__auth">
      <a href="/student/login" className="lp-btn lp-btn--outline lp-btn--sm" data-testid="nav-login">
        {ctx.t('viewer.nav.login')}
      </a>
      <a href="/student/register" className="lp-btn lp-btn--primary lp-btn--sm" data-testid="nav-register">
        {ctx.t('viewer.nav.register')}
      </a>
    </div>
  );
}

/** Sticky header: desktop links inline; on small screens a disclosure that opens without script. */
export function Navbar({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const links = navLinks(view, ctx);
  return (
    <header className="lp-nav" data-nav="">
      <div className="lp-container lp-nav__bar">
        <a href="#hero" className="lp-brand">
          {view.logoUrl ? (
            <LandingImage src={view.logoUrl} alt={ctx.t('viewer.nav.logo')} className="lp-brand__logo" width={40} height={40} priority />
          ) : (
            <Icon name="school" className="lp-brand__icon" />
          )}
          <span className="lp-brand__name" dir="auto">
            {view.title}
          </span>
        </a>
        <nav className="lp-nav__desktop" aria-label={ctx.t('viewer.nav.label')}>
          <Links links={links} className="lp-nav__links" />
        </nav>
        <div className="lp-nav__desktop">
          <AuthLinks ctx={ctx} />
        </div>
        <details className="lp-menu" data-menu="">
          <summary className="lp-menu__toggle" aria-label={ctx.t('viewer.nav.menu')} data-testid="menu-toggle">
            <Icon name="menu" />
          </summary>
          <nav className="lp-menu__panel" aria-label={ctx.t('viewer.nav.label')}>
            <Links links={links} className="lp-menu__links" />
            <AuthLinks ctx={ctx} />
          </nav>
        </details>
      </div>
    </header>
  );
}
