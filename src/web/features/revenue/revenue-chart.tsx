import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DATE_LOCALES } from '@shared/dates';
import { GRANULARITIES, type TGranularity } from '@shared/schemas/revenue';
import { toLanguage } from '@shared/i18n';
import { Card, CardHeader } from '@web/components/ui/card';
import { cx } from '@web/lib/cx';
import type { TSummary } from './api';
import { axisAmount, useDzd } from './format';

/** A period's label: its first day ("15 مارس") or, by month, the month ("مارس 2026"); YYYY-MM-DD read in UTC. */
function usePeriodLabel(granularity: TGranularity) {
  const { i18n } = useTranslation();
  const options: Intl.DateTimeFormatOptions = granularity === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  const format = new Intl.DateTimeFormat(DATE_LOCALES[toLanguage(i18n.resolvedLanguage)], { ...options, timeZone: 'UTC' });
  return (period: string) => format.format(new Date(`${period}T00:00:00Z`));
}

type TProps = { series: TSummary['series']; granularity: TGranularity; onGranularity: (g: TGranularity) => void };

/** Net revenue per period. In Arabic time runs right to left and the amounts sit on the right, like the page. */
export function RevenueChartCard({ series, granularity, onGranularity }: TProps) {
  const { t, i18n } = useTranslation('revenue');
  const label = usePeriodLabel(granularity);
  const dzd = useDzd();
  const rtl = i18n.dir() === 'rtl';
  const lng = toLanguage(i18n.resolvedLanguage);
  const data = series.map((p) => ({ label: label(p.period), amount: p.amountDzd }));
  return (
    <Card aria-labelledby="revenue-chart-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeader id="revenue-chart-title" title={t('page.chart')} />
        <div role="group" aria-label={t('page.chart')} className="flex rounded-lg border border-gray-300 p-0.5" data-testid="granularity">
          {GRANULARITIES.map((g) => (
            <button
              key={g}
              type="button"
              aria-pressed={g === granularity}
              onClick={() => onGranularity(g)}
              className={cx('min-h-9 rounded-md px-3 text-sm font-bold', g === granularity ? 'bg-primary-600 text-white' : 'text-gray-700 hover:bg-gray-100')}
              data-testid={`granularity-${g}`}
            >
              {t(`page.${g}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="h-72 w-full overflow-hidden" data-testid="revenue-chart" data-points={data.length} dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis orientation={rtl ? 'right' : 'left'} width={56} tick={{ fontSize: 11 }} tickFormatter={(v: number) => axisAmount(t, lng, v)} />
            <Tooltip formatter={(value) => dzd(Number(value))} />
            <Bar dataKey="amount" name={t('page.chart')} fill="var(--color-primary-600, #2563eb)" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
