import { contactHref, type TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { SafeLink, SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function ContactActionsSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const { t } = ctx;
  if (view.contactActions.length === 0) return null;
  return (
    <section id="contact-actions" className="lp-section" data-section="contact-actions" aria-labelledby="lp-actions-title">
      <div className="lp-container lp-narrow">
        <SectionHeading id="lp-actions-title" title={t('viewer.contactActions.title')} subtitle={t('viewer.contactActions.subtitle')} />
        <ul className="lp-actions">
          {view.contactActions.map((action) => (
            <li key={action.id}>
              <SafeLink href={contactHref(action) ?? undefined} className={`lp-action lp-action--${action.type}`}>
                <Icon name={action.type === 'phone' ? 'phone' : action.type} />
                <span dir="auto">{action.label || t(`viewer.contactActions.types.${action.type}`)}</span>
              </SafeLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
