import { useTranslation } from 'react-i18next';
import type { TSummary } from './api';
import { useDzd } from './format';

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'muted' | 'warn' }) {
  return (
    <div className="min-w-0 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-gray-600">{label}</p>
      <p className={`mt-1 text-xl font-extrabold ${tone === 'warn' ? 'text-amber-700' : tone === 'muted' ? 'text-gray-700' : 'text-gray-900'}`}>
        <bdi>{value}</bdi>
      </p>
    </div>
  );
}

/** The figures at the top; `revenue-totals` and each figure's test id are what other flows check after a payment. */
export function Totals({ totals }: { totals: TSummary['totals'] }) {
  const { t } = useTranslation('revenue');
  const dzd = useDzd();
  const pending = totals.pendingTransfers;
  return (
    <section aria-label={t('page.title')} className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="revenue-totals">
      <Figure label={t('page.thisMonth')} value={dzd(totals.thisMonthDzd)} testId="revenue-this-month" />
      <Figure label={t('page.lastMonth')} value={dzd(totals.lastMonthDzd)} testId="revenue-last-month" />
      <Figure label={t('page.allTime')} value={dzd(totals.netDzd)} testId="revenue-net" />
      <Figure
        label={t('page.pending')}
        value={`${t('page.pendingCount', { count: pending.count })} · ${dzd(pending.amountDzd)}`}
        testId="revenue-pending"
        tone="warn"
      />
      <Figure label={t('page.gross')} value={dzd(totals.grossDzd)} testId="revenue-gross" tone="muted" />
      <Figure label={t('page.refunds')} value={dzd(totals.refundsDzd)} testId="revenue-refunds" tone="muted" />
      <Figure label={t('page.fees')} value={dzd(totals.feesDzd)} testId="revenue-fees" tone="muted" />
    </section>
  );
}
