import { useTranslation } from 'react-i18next';
import { cx } from '@web/lib/cx';
import { useFormats } from './format';

/** A figure against the previous period (a <dd> of its figure): "up 25% on the previous period" (or the plain difference when the previous was 0). */
export function Trend({ current, previous, format }: { current: number; previous: number; format?: (v: number) => string }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const diff = current - previous;
  const value = previous > 0 ? f.pct(Math.abs(diff) / previous) : (format ?? f.num)(Math.abs(diff));
  const key = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  return (
    <dd className={cx('text-xs', diff > 0 ? 'text-green-700' : diff < 0 ? 'text-red-700' : 'text-gray-500')} data-testid="trend" data-trend={key}>
      {diff > 0 ? '▲ ' : diff < 0 ? '▼ ' : ''}
      {t(`trend.${key}`, { value })}
    </dd>
  );
}
