import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnalyticsTable, TPeriodQuery } from '@shared/schemas/analytics';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { cx } from '@web/lib/cx';
import { csvPath } from './api';

type TQuery<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };

/** One analytics card: its title, the CSV of its table, then its chart and the numbers behind it. */
export function Section<T>({
  table,
  query,
  filter,
  description,
  children,
}: {
  table: TAnalyticsTable;
  query: TQuery<T>;
  filter: TPeriodQuery;
  description?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('analytics');
  return (
    <Card aria-labelledby={`analytics-${table}-title`} data-testid={`analytics-${table}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeader id={`analytics-${table}-title`} title={t(`sections.${table}`)} description={description} />
        <a href={csvPath(table, filter)} download className={buttonClass('secondary', 'sm')} data-testid={`analytics-${table}-csv`}>
          {t('exportCsv')}
        </a>
      </div>
      {query.isPending ? <LoadingBlock blocks={['h-48']} /> : query.isError || query.data === undefined ? <QueryError query={query} /> : children(query.data)}
    </Card>
  );
}

/** A figure alone in its cell (a count, a share, an amount in dinars, a date): it never wraps, "1.500 دج" stays on one line. */
const FIGURE = /^[\p{N}\s.,:%/()+\-–—\u00a0\u202f]+(دج|DZD|DA)?$/u;
const isFigure = (cell: ReactNode) => typeof cell === 'string' && FIGURE.test(cell);

/**
 * The numbers behind a chart, as a plain table (also what a screen reader reads). Words wrap only between words (the
 * page's overflow-wrap: anywhere would let a narrow column break "العدد" into letters); a table wider than a phone
 * scrolls sideways in its own box.
 */
export function DataTable({ headers, rows, testId }: { headers: string[]; rows: ReactNode[][]; testId: string }) {
  const { t } = useTranslation('analytics');
  if (rows.length === 0) return <p className="text-sm text-gray-600">{t('empty')}</p>;
  return (
    <details className="mt-4" open={rows.length <= 12}>
      <summary className="cursor-pointer text-sm font-bold text-gray-700">{t('table')}</summary>
      {/* Focusable, so that a keyboard can scroll a table wider than the screen. */}
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={t('table')}>
        <table className="w-full text-sm [overflow-wrap:break-word]" data-testid={testId}>
          <thead>
            <tr className="border-b border-gray-200 text-start text-gray-600">
              {headers.map((h) => (
                <th key={h} scope="col" className="px-2 py-2 text-start font-bold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, i) => (
              <tr key={i} className="border-b border-gray-100" data-testid={`${testId}-row`}>
                {cells.map((c, j) => (
                  <td key={j} className={cx('px-2 py-2 text-gray-900', isFigure(c) && 'whitespace-nowrap')}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
