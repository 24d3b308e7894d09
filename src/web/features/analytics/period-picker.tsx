import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ANALYTICS_DEFAULT_DAYS, type TPeriodQuery } from '@shared/schemas/analytics';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { cx } from '@web/lib/cx';
import { coursesQuery } from './api';

const PRESETS = [
  [7, 'period.last7'],
  [30, 'period.last30'],
  [90, 'period.last90'],
] as const;

/** YYYY-MM-DD of today on the Algiers clock (where the teacher's days are). */
function algiersToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date());
}

function minusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The period and course in the address (?from&to&course), so that a view can be shared and reloaded. */
export function usePeriodFilter(): [TPeriodQuery, (patch: Partial<Record<'from' | 'to' | 'courseId', string>>) => void] {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? algiersToday();
  const filter: TPeriodQuery = { from: params.get('from') ?? minusDays(to, ANALYTICS_DEFAULT_DAYS - 1), to, courseId: params.get('course') ?? undefined };
  const update = (patch: Partial<Record<'from' | 'to' | 'courseId', string>>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(patch)) {
          const key = k === 'courseId' ? 'course' : k;
          if (v) p.set(key, v);
          else p.delete(key);
        }
        return p;
      },
      { replace: true },
    );
  return [filter, update];
}

export function PeriodPicker({ filter, onChange }: { filter: TPeriodQuery; onChange: ReturnType<typeof usePeriodFilter>[1] }) {
  const { t } = useTranslation('analytics');
  const courses = useQuery(coursesQuery);
  const today = algiersToday();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-gray-200 bg-white p-4" data-testid="analytics-filters">
      <div role="group" aria-label={t('period.label')} className="flex rounded-lg border border-gray-300 p-0.5">
        {PRESETS.map(([days, label]) => {
          const active = filter.to === today && filter.from === minusDays(today, days - 1);
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ from: minusDays(today, days - 1), to: today })}
              className={cx('min-h-9 rounded-md px-3 text-sm font-bold', active ? 'bg-primary-600 text-white' : 'text-gray-700 hover:bg-gray-100')}
              data-testid={`period-${days}`}
            >
              {t(label)}
            </button>
          );
        })}
      </div>
      <TextField
        type="date"
        label={t('period.from')}
        value={filter.from}
        max={filter.to}
        onValueChange={(v) => onChange({ from: v })}
        data-testid="period-from"
      />
      <TextField type="date" label={t('period.to')} value={filter.to} min={filter.from} onValueChange={(v) => onChange({ to: v })} data-testid="period-to" />
      <SelectField
        label={t('course.label')}
        value={filter.courseId ?? ''}
        onValueChange={(v) => onChange({ courseId: v })}
        options={[{ value: '', label: t('course.all') }, ...(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))]}
        data-testid="analytics-course"
      />
    </div>
  );
}
