import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGranularity } from '@shared/schemas/revenue';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { summaryQuery } from './api';
import { Breakdowns } from './breakdowns';
import { LedgerCard } from './ledger-card';
import { RevenueChartCard } from './revenue-chart';
import { Totals } from './totals';

/** /dashboard/revenue (issue 13): totals, the chart by day, week or month, breakdowns, and the ledger itself. */
export function RevenuePage() {
  const { t } = useTranslation('revenue');
  const [granularity, setGranularity] = useState<TGranularity>('day');
  const summary = useQuery({ ...summaryQuery(granularity), placeholderData: (previous) => previous });
  return (
    <div className="space-y-6" data-testid="revenue-page">
      <PageTitle title={t('page.title')} subtitle={t('page.subtitle')} />
      {summary.isPending ? (
        <LoadingBlock blocks={['h-24', 'h-72']} />
      ) : summary.isError ? (
        <QueryError query={summary} />
      ) : (
        <>
          <Totals totals={summary.data.totals} />
          <RevenueChartCard series={summary.data.series} granularity={granularity} onGranularity={setGranularity} />
          <Breakdowns byCourse={summary.data.byCourse} byMethod={summary.data.byMethod} />
        </>
      )}
      <LedgerCard />
    </div>
  );
}
