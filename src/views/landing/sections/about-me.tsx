import type { TLandingView } from '@shared/landing-view';
import { Icon } from '@views/landing/icons';
import { LandingImage, SectionHeading } from '@views/landing/parts';
import type { TViewContext } from '@views/landing/types';

export function AboutMeSection({ view, ctx }: { view: TLandingView; ctx: TViewContext }) {
  const about = view.aboutMe;
  if (!about.bio && !about.name && !about.profile_image) return null;
  return (
    <section id="about-me" className="lp-section lp-section--alt" data-section="about-me" aria-labelledby="lp-about-title">
      <div className={about.profile_image ? 'lp-container lp-about' : 'lp-container lp-narrow'}>
        {about.profile_image && (
          <LandingImage src={about.profile_image} alt={about.name || ctx.t('viewer.about.photo')} className="lp-about__photo" width={320} height={320} />
        )}
        <div className="lp-about__text">
          <SectionHeading id="lp-about-title" title={about.title || ctx.t('viewer.about.title')} subtitle={about.name} />
          {about.bio && (
            <p className="lp-about__bio" dir="auto">
              {about.bio}
            </p>
          )}
          {about.highlights && about.highlights.length > 0 && (
            <ul className="lp-checklist">
              {about.highlights.map((h, i) => (
                <li key={i} dir="auto">
                  <Icon name="check" />
                  <span>{h}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
