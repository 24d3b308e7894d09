import { Icon } from '@views/site/components/icons';
import { CallToAction } from '@views/site/components/home-sections';
import { Entry, entryText, Rich, SoonBadge, soonAttributes, type TEntry } from '@views/site/components/marks';
import { Card, PageHero, Section } from '@views/site/components/section';
import { useSite } from '@views/site/context';
import { FEATURE_AREAS } from '@views/site/layout/navbar';

export function FeaturesPage() {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t('featurePages.overview.title')} intro={t('featurePages.overview.intro')} />
      <Section title={t('featurePages.overview.areasTitle')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURE_AREAS.map((area) => (
            <li key={area.key}>
              <a href={area.href} className="block h-full rounded-2xl border border-gray-200 bg-white p-6 shadow-sm hover:border-primary-500">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary-100 text-primary-800">
                  <Icon name={area.icon} />
                </span>
                <h3 className="mt-4 text-lg font-bold text-gray-900">{t(`areas.${area.key}.title`)}</h3>
                <p className="mt-2 text-gray-700">{t(`areas.${area.key}.summary`)}</p>
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('featurePages.overview.allTitle')} tone="muted">
        <Card className="mx-auto max-w-3xl">
          <ul className="grid gap-3 sm:grid-cols-2">
            {list<TEntry>('featurePages.overview.all').map((item) => (
              <li key={entryText(item)} className="flex gap-2">
                <span className="text-green-700">
                  <Icon name="check" />
                </span>
                <Entry entry={item} />
              </li>
            ))}
          </ul>
        </Card>
      </Section>
      <CallToAction />
    </>
  );
}

/** `soon` names the roadmap feature the section depends on, when it is not built yet. */
type TFeatureSection = { title: string; body: string; soon?: string };

/** /features/{area}: what Darsi offers in one area. */
export function FeatureAreaPage({ area }: { area: 'courses' | 'students' | 'marketing' | 'payments' | 'tiktokAds' }) {
  const { t, list } = useSite();
  const icon = FEATURE_AREAS.find((a) => a.key === area)?.icon ?? 'check';
  return (
    <>
      <PageHero title={t(`featurePages.${area}.title`)} intro={t(`featurePages.${area}.intro`)} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <ul className="grid gap-5">
          {list<TFeatureSection>(`featurePages.${area}.sections`).map((section) => (
            <li key={section.title} {...soonAttributes(section.soon)}>
              <Card className="flex gap-4">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary-100 text-primary-800">
                  <Icon name={icon} />
                </span>
                <div>
                  <h2 className="text-xl font-bold text-gray-900">
                    {section.title}
                    <SoonBadge feature={section.soon} />
                  </h2>
                  <p className="mt-2 text-gray-700">
                    <Rich text={section.body} />
                  </p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <a href="/features" className="inline-flex items-center gap-2 font-bold text-primary-800 hover:underline">
            <Icon name="arrowPrev" className="h-4 w-4" />
            {t('nav.allFeatures')}
          </a>
        </p>
      </div>
      <CallToAction />
    </>
  );
}
