import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '@web/components/ui/card';
import type { TSummary } from './api';
import { useDzd } from './format';

type TLine = { key: string; label: string; amount: number; detail?: string };

/** Amounts as bars relative to the largest: readable at a glance, and in either direction. */
function Bars({ lines, testId }: { lines: TLine[]; testId: string }) {
  const { t } = useTranslation('revenue');
  const dzd = useDzd();
  const max = Math.max(1, ...lines.map((l) => Math.abs(l.amount)));
  if (lines.length === 0) return <p className="text-sm text-gray-600">{t('page.noData')}</p>;
  return (
    <ul className="space-y-3" data-testid={testId}>
      {lines.map((l) => (
        <li key={l.key} data-testid={`${testId}-row`}>
          <div className="flex justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-bold text-gray-900">{l.label}</span>
            <bdi className="shrink-0 text-gray-700">{dzd(l.amount)}</bdi>
          </div>
          <div className="mt-1 h-2 rounded-full bg-gray-100">
            <div className="h-2 rounded-full bg-primary-500" style={{ width: `${(Math.abs(l.amount) / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Breakdowns({ byCourse, byMethod }: Pick<TSummary, 'byCourse' | 'byMethod'>) {
  const { t } = useTranslation('revenue');
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card aria-labelledby="by-course-title">
        <CardHeader id="by-course-title" title={t('page.byCourse')} />
        <Bars testId="by-course" lines={byCourse.map((c) => ({ key: c.courseId ?? '-', label: c.title || '—', amount: c.amountDzd }))} />
      </Card>
      <Card aria-labelledby="by-method-title">
        <CardHeader id="by-method-title" title={t('page.byMethod')} />
        <Bars testId="by-method" lines={byMethod.map((m) => ({ key: m.method, label: t(`methods.${m.method}`), amount: m.amountDzd }))} />
      </Card>
    </div>
  );
}
