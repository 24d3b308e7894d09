import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { useErrorText } from '@web/lib/api-errors';
import { ErrorState } from '@web/components/ui/error-state';
import { useDateFormat } from '@web/lib/format';
import { ApiError } from '@web/lib/api-error';
import { Badge, type TTone } from '@web/components/ui/badge';
import type { TPaginationLabels } from '@web/components/ui/pagination';

/** One number on the overview, with its label under it. */
export function StatCard({ label, value, testId, tone = 'default' }: { label: string; value: number | string; testId?: string; tone?: 'default' | 'warn' }) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className={cx('text-3xl font-extrabold', tone === 'warn' ? 'text-amber-700' : 'text-gray-900')}>{value}</p>
      <p className="mt-1 text-sm text-gray-600">{label}</p>
    </div>
  );
}

const STATUS_TONES: Record<string, TTone> = { active: 'green', inactive: 'gray', suspended: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone={STATUS_TONES[status] ?? 'gray'} testId="status-badge">
      {t(`teachers.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function PlanBadge({ plan }: { plan: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone="blue" testId="plan-badge">
      {t(`plans.${plan}`, { defaultValue: plan })}
    </Badge>
  );
}

/** The trial's end date, worded by whether it still runs (the server decides, by its clock). */
export function TrialText({ endsAt, onTrial }: { endsAt: string | null; onTrial: boolean }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormat();
  if (!endsAt) return <span className="text-gray-500">{t('teachers.trialNone')}</span>;
  const ended = !onTrial;
  return (
    <span className={ended ? 'text-gray-500' : 'text-amber-800'}>{t(ended ? 'teachers.trialEnded' : 'teachers.trialEnds', { date: formatDate(endsAt) })}</span>
  );
}

/** A search box that applies on submit (Enter or the button), so that typing does not fire a request per key. */
export function SearchForm({ label, value, onSearch, testId }: { label: string; value: string; onSearch: (q: string) => void; testId?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL may change under us (back button): follow it.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      role="search"
      className="min-w-0 flex-1 space-y-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid={testId}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:outline-2 focus:outline-primary-500"
        />
        <Button type="submit" variant="secondary" className="shrink-0 whitespace-nowrap">
          {t('list.search')}
        </Button>
      </div>
    </form>
  );
}

/** The pagination's texts in the admin's words. */
export function usePaginationLabels(): TPaginationLabels {
  const { t } = useTranslation('admin');
  return {
    nav: t('list.pagination'),
    status: (page, pages, total) => t('list.pageOf', { page, pages, total }),
    previous: t('list.previous'),
    next: t('list.next'),
  };
}

/** A list that failed to load; when a filter in the URL was refused, a way out that clears the filters. */
export function ListError({ error, onRetry, retrying, onClear }: { error: Error; onRetry: () => void; retrying: boolean; onClear: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  return (
    <div className="space-y-3">
      <ErrorState message={errorText(error)} onRetry={onRetry} retrying={retrying} />
      {error instanceof ApiError && error.code === 'INVALID_FILTER' && (
        <div className="text-center">
          <Button variant="secondary" onClick={onClear} data-testid="clear-filters">
            {t('list.clearFilters')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** How much of a plan limit is used; `limit` null means unlimited. `format` writes the numbers (e.g. as sizes). */
export function UsageBar({
  label,
  used,
  limit,
  testId,
  format = String,
}: {
  label: string;
  used: number;
  limit: number | null;
  testId?: string;
  format?: (n: number) => string;
}) {
  const { t } = useTranslation('admin');
  const ratio = limit ? Math.min(1, used / limit) : 0;
  const over = limit !== null && used > limit;
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-gray-800">{label}</span>
        <span className={cx('font-bold', over ? 'text-red-700' : 'text-gray-900')} data-testid={testId ? `${testId}-value` : undefined}>
          {limit === null ? t('detail.usageUnlimited', { used: format(used) }) : t('detail.usageOf', { used: format(used), limit: format(limit) })}
        </span>
      </div>
      {limit !== null && (
        <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-gray-100" aria-hidden>
          <div
            className={cx('h-full rounded-full', over ? 'bg-red-500' : ratio > 0.8 ? 'bg-amber-500' : 'bg-primary-500')}
            style={{ width: `${ratio * 100}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** One format for sizes everywhere (the teacher's usage line shows the same figure, issue 11). */
export { useBytesFormat } from '@web/lib/format';
