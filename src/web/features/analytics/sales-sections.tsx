import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPeriodQuery } from '@shared/schemas/analytics';
import { analyticsQueries, type TCodes } from './api';
import { HorizontalBars, TimeChart } from './charts';
import { useFormats } from './format';
import { DataTable, Section } from './section';

/* What sells: activation codes per batch and per card-number range, revenue by method and course. */

const COUNTS = ['generated', 'sold', 'redeemed', 'waiting', 'revoked'] as const;
const cardNumber = (batch: number | null, serial: number) => `${batch ?? 0}-${String(serial).padStart(4, '0')}`;

export function CodesSections({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.codes(filter));
  const counts = (r: TCodes['batches'][number]) => COUNTS.map((k) => f.num(r[k]));
  return (
    <>
      <Section table="codes" query={query} filter={filter}>
        {(d) => (
          <>
            <TimeChart
              testId="codes-chart"
              xKey="label"
              data={d.batches.map((b) => ({ label: String(b.number ?? '—'), generated: b.generated, sold: b.sold, redeemed: b.redeemed, waiting: b.waiting }))}
              series={(['generated', 'sold', 'redeemed', 'waiting'] as const).map((k) => ({ key: k, name: t(`codes.${k}`) }))}
              categories
            />
            <DataTable
              testId="codes-table"
              headers={[t('codes.batch'), t('completion.course'), t('student.date'), ...COUNTS.map((k) => t(`codes.${k}`))]}
              rows={d.batches.map((b) => [String(b.number ?? '—'), b.courseTitle, f.date(b.createdAt), ...counts(b)])}
            />
          </>
        )}
      </Section>
      <Section table="ranges" query={query} filter={filter}>
        {(d) => (
          <DataTable
            testId="ranges-table"
            headers={[t('codes.range'), t('completion.course'), ...COUNTS.map((k) => t(`codes.${k}`))]}
            rows={d.ranges.map((r) => [
              <bdi key="n" dir="ltr" className="whitespace-nowrap">
                {cardNumber(r.number, r.first)} – {cardNumber(r.number, r.last)}
              </bdi>,
              r.courseTitle,
              ...COUNTS.map((k) => f.num(r[k])),
            ])}
          />
        )}
      </Section>
    </>
  );
}

export function RevenueSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.revenue(filter));
  return (
    <Section table="revenue" query={query} filter={filter}>
      {(d) => (
        <>
          <p className="mb-3 text-sm text-gray-700">
            {t('revenue.total')}: <bdi className="font-bold text-gray-900">{f.dzd(d.totalDzd)}</bdi> ·{' '}
            <Link to="/dashboard/revenue" className="font-bold text-primary-700 underline" data-testid="analytics-revenue-link">
              {t('revenue.link')}
            </Link>
          </p>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div>
              <HorizontalBars
                testId="revenue-method-chart"
                name={t('revenue.amount')}
                format={f.dzd}
                data={d.byMethod.map((m) => ({ label: t(`methods.${m.method}`), value: m.amountDzd }))}
              />
              <DataTable
                testId="revenue-method-table"
                headers={[t('revenue.method'), t('revenue.amount'), t('revenue.payments')]}
                rows={d.byMethod.map((m) => [t(`methods.${m.method}`), f.dzd(m.amountDzd), f.num(m.payments)])}
              />
            </div>
            <div>
              <HorizontalBars
                testId="revenue-course-chart"
                name={t('revenue.amount')}
                format={f.dzd}
                data={d.byCourse.map((c) => ({ label: c.title || '—', value: c.amountDzd }))}
              />
              <DataTable
                testId="revenue-course-table"
                headers={[t('revenue.course'), t('revenue.amount'), t('revenue.payments')]}
                rows={d.byCourse.map((c) => [c.title || '—', f.dzd(c.amountDzd), f.num(c.payments)])}
              />
            </div>
          </div>
        </>
      )}
    </Section>
  );
}
