import { PLANS, type TPlan } from '@shared/plans';
import { formatNumber, useSite } from '@views/site/context';
import { Icon } from './icons';
import { Entry, entryText, type TEntry } from './marks';
import { Section } from './section';

function Limits({ plan }: { plan: TPlan }) {
  const { t, lng } = useSite();
  const n = (v: number) => formatNumber(lng, v);
  const items: TEntry[] = [
    plan.students === null ? t('pricing.limits.studentsUnlimited') : t('pricing.limits.students', { count: n(plan.students) }),
    plan.courses === null ? t('pricing.limits.coursesUnlimited') : t('pricing.limits.courses', { count: n(plan.courses) }),
    t('pricing.limits.storage', { count: n(plan.storageGb) }),
    plan.staff === 0
      ? t('pricing.limits.staffNone')
      : // Spec §9's staff seats; the accounts that use them are still on the roadmap.
        {
          text: t(plan.id === 'institution' ? 'pricing.limits.staffTeachers' : 'pricing.limits.staffAssistants', { count: n(plan.staff) }),
          soon: 'assistants',
        },
  ];
  return (
    <ul className="space-y-1.5 text-sm font-bold text-gray-800" data-testid={`limits-${plan.id}`}>
      {items.map((item) => (
        <li key={entryText(item)}>
          <Entry entry={item} />
        </li>
      ))}
    </ul>
  );
}

function FeatureList({ plan }: { plan: TPlan }) {
  const { t, list } = useSite();
  const included = list<TEntry>(`pricing.plans.${plan.id}.included`);
  const excluded = list<TEntry>(`pricing.plans.${plan.id}.notIncluded`);
  return (
    <ul className="space-y-2 text-sm">
      {included.map((f) => (
        <li key={entryText(f)} className="flex gap-2">
          <span className="text-green-700">
            <Icon name="check" className="h-4 w-4" />
          </span>
          <Entry entry={f}>
            <span className="sr-only">{t('pricing.included')}: </span>
          </Entry>
        </li>
      ))}
      {excluded.map((f) => (
        <li key={entryText(f)} className="flex gap-2 text-gray-500">
          <Icon name="x" className="h-4 w-4" />
          <Entry entry={f}>
            <span className="sr-only">{t('pricing.notIncluded')}: </span>
          </Entry>
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan }: { plan: TPlan }) {
  const { t, lng } = useSite();
  const name = t(`pricing.plans.${plan.id}.name`);
  return (
    <article
      data-plan={plan.id}
      aria-labelledby={`plan-${plan.id}`}
      className={`relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm ${
        plan.isPopular ? 'border-primary-600 ring-2 ring-primary-600 lg:-translate-y-2' : 'border-gray-200'
      }`}
    >
      {plan.isPopular && (
        <p data-testid="popular-badge" className="absolute -top-3 start-6 rounded-full bg-primary-700 px-3 py-1 text-xs font-bold text-white">
          {t('pricing.popular')}
        </p>
      )}
      <div>
        <h3 id={`plan-${plan.id}`} className="text-xl font-extrabold text-gray-900">
          {name}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{t(`pricing.plans.${plan.id}.description`)}</p>
      </div>
      <div data-billing="monthly">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span data-price className="text-4xl font-extrabold text-gray-900">
            {formatNumber(lng, plan.monthly)}
          </span>
          <span className="text-sm text-gray-600">{t('pricing.perMonth')}</span>
        </p>
      </div>
      <div data-billing="annual">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span data-price className="text-4xl font-extrabold text-gray-900">
            {formatNumber(lng, plan.annual)}
          </span>
          <span className="text-sm text-gray-600">{t('pricing.perYear')}</span>
        </p>
        <p data-save className="mt-2 inline-block rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">
          {t('pricing.save', { percent: formatNumber(lng, plan.savePercent) })}
        </p>
      </div>
      <Limits plan={plan} />
      <FeatureList plan={plan} />
      <a
        href={`/register?plan=${plan.id}`}
        className={`mt-auto rounded-xl px-4 py-3 text-center font-bold ${
          plan.isPopular ? 'bg-primary-700 text-white hover:bg-primary-800' : 'border border-primary-700 text-primary-800 hover:bg-primary-50'
        }`}
      >
        {t('pricing.choose', { plan: name })}
      </a>
    </article>
  );
}

/**
 * Spec §2.1 pricing with the monthly/annual toggle. The toggle is a pair of radio buttons and CSS
 * (`:has`) shows the matching prices, so it works before and without any script.
 */
export function Pricing() {
  const { t } = useSite();
  return (
    <Section id="pricing" title={t('pricing.title')} subtitle={t('pricing.subtitle')} tone="muted">
      <fieldset className="billing-toggle mx-auto mb-10 flex w-fit rounded-full border border-gray-200 bg-white p-1">
        <legend className="sr-only">{t('pricing.billing')}</legend>
        <input type="radio" name="billing" id="billing-monthly" value="monthly" defaultChecked className="sr-only" />
        <label htmlFor="billing-monthly" className="cursor-pointer rounded-full px-5 py-2 text-sm font-bold text-gray-700">
          {t('pricing.monthly')}
        </label>
        <input type="radio" name="billing" id="billing-annual" value="annual" className="sr-only" />
        <label htmlFor="billing-annual" className="cursor-pointer rounded-full px-5 py-2 text-sm font-bold text-gray-700">
          {t('pricing.annual')}
        </label>
      </fieldset>
      <div className="grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-gray-600">{t('pricing.footnote')}</p>
    </Section>
  );
}
