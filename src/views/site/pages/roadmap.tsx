import { FeedbackForm } from '@views/site/components/feedback-form';
import { ContactDetails } from '@views/site/components/home-sections';
import { Card, PageHero, Section } from '@views/site/components/section';
import { useSite } from '@views/site/context';
import { featureStatus, type TFeatureStatus } from '@shared/features';
import { milestoneStatus } from '@views/site/roadmap-status';

/** `when` (YYYY-MM or YYYY) places the milestone in time; its status follows from today's date. */
type TMilestone = { when: string; date: string; title: string; body: string };
/** `id` is the feature's key in @shared/features, which holds its status. */
type TFeature = { id: string; title: string; description: string; period: string };
type TCategory = { name: string; features: TFeature[] };
/** A release is placed in time like a milestone (`when`), so a shipped release never reads as planned. */
type TRelease = { title: string; date: string; when: string; description: string; features: string[] };

const STATUS_STYLE: Record<TFeatureStatus | ReturnType<typeof milestoneStatus>, string> = {
  completed: 'bg-green-100 text-green-900',
  current: 'bg-green-100 text-green-900',
  inProgress: 'bg-amber-100 text-amber-900',
  upcoming: 'bg-sky-100 text-sky-900',
  planned: 'bg-gray-100 text-gray-800',
};

function StatusBadge({ status }: { status: keyof typeof STATUS_STYLE }) {
  const { t } = useSite();
  return (
    <span data-status={status} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

function Milestones() {
  const { t, list, today } = useSite();
  return (
    <Section id="milestones" title={t('roadmap.milestonesTitle')}>
      <ol className="grid gap-4 md:grid-cols-4">
        {list<TMilestone>('roadmap.milestones').map((m) => (
          <li key={m.title}>
            <Card className="h-full border-t-4 border-t-primary-600">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-bold text-primary-800">{m.date}</p>
                <StatusBadge status={milestoneStatus(m.when, today)} />
              </div>
              <h3 className="mt-2 text-lg font-bold text-gray-900">{m.title}</h3>
              <p className="mt-1 text-gray-700">{m.body}</p>
            </Card>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function FeaturesByCategory() {
  const { t, list } = useSite();
  return (
    <Section id="features-by-status" title={t('roadmap.featuresTitle')} tone="muted">
      <div className="grid gap-6 lg:grid-cols-2">
        {list<TCategory>('roadmap.categories').map((c) => (
          <Card key={c.name}>
            <h3 className="text-xl font-extrabold text-gray-900">{c.name}</h3>
            <ul className="mt-4 divide-y divide-gray-100">
              {c.features.map((f) => (
                <li key={f.title} className="py-3" data-roadmap-feature={f.id}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-bold text-gray-900">{f.title}</p>
                    <StatusBadge status={featureStatus(f.id) ?? 'planned'} />
                  </div>
                  <p className="mt-1 text-sm text-gray-700">{f.description}</p>
                  <p className="mt-1 text-xs text-gray-600">{f.period}</p>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </Section>
  );
}

function Releases() {
  const { t, list, today } = useSite();
  return (
    <Section id="releases" title={t('roadmap.releasesTitle')}>
      <ol className="relative mx-auto max-w-3xl border-s-2 border-primary-200 ps-6">
        {list<TRelease>('roadmap.releases').map((r) => (
          <li key={r.title} className="relative mb-10 last:mb-0">
            <span aria-hidden="true" className="absolute -start-[33px] top-1 h-4 w-4 rounded-full border-4 border-white bg-primary-600" />
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-lg font-extrabold text-gray-900">{r.title}</h3>
              <StatusBadge status={milestoneStatus(r.when, today)} />
            </div>
            <p className="text-sm font-bold text-primary-800">{r.date}</p>
            <p className="mt-2 text-gray-700">{r.description}</p>
            <ul className="mt-2 list-disc ps-5 text-sm text-gray-700">
              {r.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Spec §2.1 roadmap: hero, milestones, features by category and status, release timeline, feedback, contact. */
export function RoadmapPage() {
  const { t } = useSite();
  return (
    <>
      <PageHero title={t('roadmap.title')} intro={t('roadmap.intro')} />
      <Milestones />
      <FeaturesByCategory />
      <Releases />
      <Section id="feedback" title={t('roadmap.feedbackTitle')} subtitle={t('roadmap.feedbackIntro')} tone="muted">
        <Card className="mx-auto max-w-3xl">
          <FeedbackForm />
        </Card>
      </Section>
      <Section id="roadmap-contact" title={t('roadmap.contactTitle')} subtitle={t('roadmap.contactBody')}>
        <div className="mx-auto max-w-xl">
          <ContactDetails />
          <p className="mt-6 text-center">
            <a href="/contact" className="font-bold text-primary-800 underline underline-offset-4">
              {t('meta.contact.title')}
            </a>
          </p>
        </div>
      </Section>
    </>
  );
}
