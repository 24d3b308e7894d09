import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENROLLMENT_SOURCES, type TPeriodQuery } from '@shared/schemas/analytics';
import { analyticsQueries } from './api';
import { HorizontalBars, TimeChart } from './charts';
import { useFormats } from './format';
import { DataTable, Section } from './section';
import { Trend } from './trend';

/* Where students come from: the funnel, active students, subscriptions. */

export function FunnelSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.funnel(filter));
  return (
    <Section table="funnel" query={query} filter={filter} description={t('funnel.note')}>
      {(d) => {
        const steps = [
          { key: 'views', label: t('funnel.views'), value: d.views, previous: d.previous.views },
          { key: 'registrations', label: t('funnel.registrations'), value: d.registrations, previous: d.previous.registrations },
          { key: 'enrollments', label: t('funnel.enrollments'), value: d.enrollments, previous: d.previous.enrollments },
        ];
        return (
          <>
            <dl className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="funnel-steps">
              {steps.map((s) => (
                <div key={s.key} className="rounded-xl bg-gray-50 p-3" data-testid={`funnel-${s.key}`}>
                  <dt className="text-sm text-gray-600">{s.label}</dt>
                  <dd className="text-2xl font-bold text-gray-900" data-testid={`funnel-${s.key}-value`}>
                    {f.num(s.value)}
                  </dd>
                  <Trend current={s.value} previous={s.previous} />
                </div>
              ))}
            </dl>
            <ul className="mb-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700" data-testid="funnel-conversions">
              <li>
                {t('funnel.viewToRegistration')}: <bdi className="font-bold">{f.pct(d.viewToRegistration)}</bdi>
              </li>
              <li>
                {t('funnel.registrationToEnrollment')}: <bdi className="font-bold">{f.pct(d.registrationToEnrollment)}</bdi>
              </li>
            </ul>
            <h3 className="mt-4 mb-2 text-sm font-bold text-gray-800">{t('funnel.bySource')}</h3>
            <HorizontalBars
              testId="funnel-chart"
              name={t('funnel.enrollments')}
              data={ENROLLMENT_SOURCES.map((s) => ({ label: t(`funnel.source.${s}`), value: d.bySource[s] }))}
            />
            <DataTable
              testId="funnel-table"
              headers={[t('csv.step'), t('csv.count'), t('csv.previous')]}
              rows={[
                ...steps.map((s) => [s.label, f.num(s.value), f.num(s.previous)]),
                ...ENROLLMENT_SOURCES.map((s) => [t(`funnel.source.${s}`), f.num(d.bySource[s]), f.num(d.previous.bySource[s])]),
              ]}
            />
          </>
        );
      }}
    </Section>
  );
}

export function ActivitySections({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.activity(filter));
  return (
    <>
      <Section table="activity" query={query} filter={filter}>
        {(d) => (
          <>
            <TimeChart testId="activity-chart" kind="line" data={d.days} xKey="day" series={[{ key: 'active', name: t('activity.active') }]} />
            <DataTable
              testId="activity-weeks"
              headers={[t('activity.week'), t('activity.active')]}
              rows={d.weeks.map((w) => [f.day(w.week), f.num(w.active)])}
            />
            <DataTable testId="activity-table" headers={[t('activity.day'), t('activity.active')]} rows={d.days.map((r) => [f.day(r.day), f.num(r.active)])} />
          </>
        )}
      </Section>
      <Section table="subscriptions" query={query} filter={filter}>
        {(d) => (
          <>
            <dl className="mb-4 grid grid-cols-3 gap-3" data-testid="subscriptions-totals">
              {(['enrolled', 'ended', 'renewals'] as const).map((k) => (
                <div key={k} className="rounded-xl bg-gray-50 p-3">
                  <dt className="text-sm text-gray-600">{t(`subscriptions.${k}`)}</dt>
                  <dd className="text-xl font-bold text-gray-900">{f.num(d.totals[k])}</dd>
                </div>
              ))}
            </dl>
            <TimeChart
              testId="subscriptions-chart"
              data={d.days}
              xKey="day"
              series={(['enrolled', 'ended', 'renewals'] as const).map((k) => ({ key: k, name: t(`subscriptions.${k}`) }))}
            />
            <DataTable
              testId="subscriptions-table"
              headers={[t('activity.day'), t('subscriptions.enrolled'), t('subscriptions.ended'), t('subscriptions.renewals')]}
              rows={d.days
                .filter((r) => r.enrolled + r.ended + r.renewals > 0)
                .map((r) => [f.day(r.day), f.num(r.enrolled), f.num(r.ended), f.num(r.renewals)])}
            />
          </>
        )}
      </Section>
    </>
  );
}
