import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { analyticsQueries, type TPlatform } from './api';
import { TimeChart } from './charts';
import { useFormats } from './format';
import { usePeriodFilter } from './period-picker';
import { DataTable } from './section';

/** /admin/dashboard/analytics (issue 27): teachers by plan, sign-ups, trials converted, platform revenue. */
export function AdminAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const [filter] = usePeriodFilter();
  const query = useQuery(analyticsQueries.platform({ from: filter.from, to: filter.to }));
  return (
    <div className="space-y-6" data-testid="admin-analytics-page">
      <PageTitle title={t('admin.title')} subtitle={t('overview.title')} />
      {query.isPending ? <LoadingBlock blocks={['h-24', 'h-48']} /> : query.isError ? <QueryError query={query} /> : <PlatformView data={query.data} />}
    </div>
  );
}

function PlatformView({ data }: { data: TPlatform }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  return (
    <>
      <Card aria-labelledby="admin-plans-title">
        <CardHeader id="admin-plans-title" title={t('admin.byPlan')} />
        <DataTable
          testId="admin-plans"
          headers={[t('admin.plan'), t('admin.teachers'), t('admin.paying'), t('admin.onTrial')]}
          rows={data.byPlan.map((p) => [p.plan, f.num(p.teachers), f.num(p.paying), f.num(p.onTrial)])}
        />
      </Card>
      <Card aria-labelledby="admin-signups-title">
        <CardHeader id="admin-signups-title" title={t('admin.signUps')} />
        <TimeChart testId="admin-signups-chart" data={data.signUps} xKey="day" series={[{ key: 'signups', name: t('admin.signups') }]} />
        <p className="mt-3 text-sm text-gray-700" data-testid="admin-trials">
          {t('admin.trials')}: <bdi className="font-bold">{f.num(data.trials.ended)}</bdi> · {t('admin.converted')}:{' '}
          <bdi className="font-bold">
            {f.num(data.trials.converted)} ({f.pct(data.trials.rate)})
          </bdi>
        </p>
      </Card>
      <Card aria-labelledby="admin-revenue-title">
        <CardHeader id="admin-revenue-title" title={t('admin.revenue')} description={f.dzd(data.revenue.totalDzd)} />
        <DataTable
          testId="admin-revenue"
          headers={[t('admin.plan'), t('admin.method'), t('revenue.amount'), t('admin.invoices')]}
          rows={data.revenue.rows.map((r) => [r.plan, t(`methods.${r.method}`), f.dzd(r.amountDzd), f.num(r.invoices)])}
        />
      </Card>
    </>
  );
}
