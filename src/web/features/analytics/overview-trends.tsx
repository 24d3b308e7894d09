import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '@web/components/ui/card';
import { analyticsQueries } from './api';
import { useFormats } from './format';
import { Trend } from './trend';

const FIGURES = ['activeStudents', 'enrollments', 'watchMinutes', 'revenueDzd'] as const;

/** The teacher overview's few numbers of the last 30 days, each against the 30 days before (issue 27). */
export function OverviewTrends() {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.overview({}));
  if (!query.data) return null;
  const { current, previous } = query.data;
  const show = (k: (typeof FIGURES)[number], v: number) => (k === 'revenueDzd' ? f.dzd(v) : f.num(v));
  return (
    <Card aria-labelledby="overview-trends-title" data-testid="overview-trends">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeader id="overview-trends-title" title={t('overview.title')} />
        <Link to="/teacher/analytics" className="text-sm font-bold text-primary-700 underline">
          {t('overview.more')}
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {FIGURES.map((k) => (
          <div key={k} className="rounded-xl bg-gray-50 p-3" data-testid={`overview-${k}`}>
            <dt className="text-sm text-gray-600">{t(`overview.${k === 'revenueDzd' ? 'revenue' : k}`)}</dt>
            <dd className="text-xl font-bold text-gray-900">{show(k, current[k])}</dd>
            <Trend current={current[k]} previous={previous[k]} format={(v) => show(k, v)} />
          </div>
        ))}
      </dl>
    </Card>
  );
}
