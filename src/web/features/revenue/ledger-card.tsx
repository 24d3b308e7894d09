import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { LEDGER_KINDS, LEDGER_METHODS, type TLedgerFilter } from '@shared/schemas/revenue';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { Pagination } from '@web/components/ui/pagination';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { coursesQuery, csvPath, entriesQuery, type TEntry } from './api';
import { useDzd } from './format';
import { RefundForm } from './refund-form';

function Filters({ filter, onChange }: { filter: TLedgerFilter; onChange: (f: TLedgerFilter) => void }) {
  const { t } = useTranslation('revenue');
  const courses = useQuery(coursesQuery);
  const set = (patch: Partial<Record<keyof TLedgerFilter, string>>) =>
    onChange({ ...filter, ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v || undefined])) });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="ledger-filters">
      <TextField id="ledger-from" label={t('page.from')} type="date" value={filter.from ?? ''} onValueChange={(from) => set({ from })} />
      <TextField id="ledger-to" label={t('page.to')} type="date" value={filter.to ?? ''} onValueChange={(to) => set({ to })} />
      <SelectField
        id="ledger-method"
        label={t('page.method')}
        value={filter.method ?? ''}
        onValueChange={(method) => set({ method })}
        options={[{ value: '', label: t('page.allMethods') }, ...LEDGER_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))]}
      />
      <SelectField
        id="ledger-kind"
        label={t('page.kind')}
        value={filter.kind ?? ''}
        onValueChange={(kind) => set({ kind })}
        options={[{ value: '', label: t('page.allKinds') }, ...LEDGER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
      />
      <SelectField
        id="ledger-course"
        label={t('page.course')}
        value={filter.courseId ?? ''}
        onValueChange={(courseId) => set({ courseId })}
        options={[{ value: '', label: t('page.allCourses') }, ...(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))]}
      />
    </div>
  );
}

function Row({ entry, onRefund }: { entry: TEntry; onRefund: () => void }) {
  const { t, i18n } = useTranslation('revenue');
  const dzd = useDzd();
  return (
    <tr className="border-t border-gray-100 align-top" data-testid="ledger-row" data-kind={entry.kind}>
      <td className="py-2 pe-3 whitespace-nowrap">{formatDateTime(toLanguage(i18n.resolvedLanguage), entry.createdAt)}</td>
      <td className="py-2 pe-3">{t(`kinds.${entry.kind}`)}</td>
      <td className="py-2 pe-3">
        {t(`methods.${entry.method}`)}
        {entry.confirmedBy ? <span className="block text-xs text-gray-500">{t('page.confirmedBy', { name: entry.confirmedBy })}</span> : null}
      </td>
      <td className={`py-2 pe-3 whitespace-nowrap font-bold ${entry.amountDzd < 0 ? 'text-red-700' : 'text-gray-900'}`}>
        <bdi>{dzd(entry.amountDzd)}</bdi>
        {entry.feesDzd ? <span className="block text-xs font-normal text-gray-500">{`${t('page.fees')}: ${dzd(entry.feesDzd)}`}</span> : null}
      </td>
      <td className="py-2 pe-3">{entry.studentName ?? '—'}</td>
      <td className="py-2 pe-3">{entry.courseTitle ?? '—'}</td>
      <td className="py-2 pe-3 text-gray-600">
        {entry.test ? (
          <span className="me-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900" data-testid="ledger-test-mode">
            {t('testMode')}
          </span>
        ) : null}
        {entry.note ?? ''}
      </td>
      <td className="py-2">
        {entry.kind === 'payment' &&
          (entry.refunded ? (
            <span className="text-xs text-gray-500">{t('page.refunded')}</span>
          ) : (
            <Button size="sm" variant="ghost" className="whitespace-nowrap" onClick={onRefund} data-testid="refund-button">
              {t('page.refund')}
            </Button>
          ))}
      </td>
    </tr>
  );
}

/** The ledger itself, filtered and paged, with its CSV export (the same filters, every row). */
export function LedgerCard() {
  const { t } = useTranslation('revenue');
  const dzd = useDzd();
  const [filter, setFilter] = useState<TLedgerFilter>({});
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<TEntry | null>(null);
  const entries = useQuery({ ...entriesQuery({ ...filter, page }), placeholderData: (previous) => previous });
  const columns = ['date', 'kind', 'method', 'amount', 'student', 'course', 'note'] as const;
  return (
    <Card aria-labelledby="ledger-title" data-testid="ledger">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeader id="ledger-title" title={t('page.ledger')} />
        <a href={csvPath(filter)} download className={buttonClass('secondary', 'sm')} data-testid="revenue-export">
          {t('page.export')}
        </a>
      </div>
      <Filters
        filter={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      {refunding && (
        <div className="mt-4">
          <RefundForm entry={refunding} onClose={() => setRefunding(null)} />
        </div>
      )}
      {entries.isPending ? (
        <LoadingBlock className="mt-4 space-y-3" />
      ) : entries.isError ? (
        <QueryError query={entries} />
      ) : entries.data.entries.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600" data-testid="ledger-empty">
          {t('page.empty')}
        </p>
      ) : (
        <>
          {/* relative: the header's screen-reader-only label is clipped with the table, not laid out past the page (issue 24) */}
          <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="ledger-title">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <thead>
                <tr className="text-gray-600">
                  {columns.map((c) => (
                    <th key={c} className="py-2 pe-3 text-start font-normal">
                      {t(`page.${c}`)}
                    </th>
                  ))}
                  <th>
                    <span className="sr-only">{t('page.refund')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.data.entries.map((e) => (
                  <Row key={e.id} entry={e} onRefund={() => setRefunding(e)} />
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm font-bold text-gray-900" data-testid="ledger-sum">
            <bdi>{dzd(entries.data.sumDzd)}</bdi>
          </p>
          <Pagination
            page={page}
            pageSize={entries.data.pageSize}
            total={entries.data.total}
            onPage={setPage}
            hideSingle
            labels={{ nav: t('page.ledger'), status: (p, pages) => t('page.pageOf', { page: p, pages }), previous: t('page.previous'), next: t('page.next') }}
          />
        </>
      )}
    </Card>
  );
}
