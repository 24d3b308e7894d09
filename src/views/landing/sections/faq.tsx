import type { TLandingView } from '@shared/landing-view';
import { SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

/** Native disclosure widgets: they open and close without any script. */
export function FaqSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  if (view.faq.length === 0) return null;
  return (
    <section id="faq" className="lp-section lp-section--alt" data-section="faq" aria-labelledby="lp-faq-title">
      <div className="lp-container lp-narrow">
        <SectionHeading id="lp-faq-title" title={ctx.t('viewer.faq.title')} />
        <div className="lp-faq">
          {view.faq.map((item) => (
            <details key={item.id} className="lp-faq__item">
              <summary dir="auto">{item.question}</summary>
              <p dir="auto">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
