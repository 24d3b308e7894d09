import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Link, useParams, useSearchParams } from 'react-router';
import { CODE_STATES } from '@shared/schemas/courses';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCourseFormat, usePaginationLabels } from '@web/components/ui/course-kit';
import { Pagination } from '@web/components/ui/pagination';
import { TextField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { CodeRow, useCodeActions } from '@web/features/codes/components/code-row';
import { CardsExport } from '@web/features/codes/components/cards-export';
import { SaleByRange, useBulkSale } from '@web/features/codes/components/bulk-sale';
import { exportPaths, codesQuery } from '@web/features/codes/api';

type TCodes = Awaited<ReturnType<NonNullable<ReturnType<typeof codesQuery>['queryFn']>>>;
type TFilter = { state?: string; serial?: string; page?: number };

/** The batch's filters live in the address (state, card number, page), so that a reload or a shared link keeps them. */
function useBatchFilter() {
  const [params, setParams] = useSearchParams();
  const setFilter = (next: TFilter) => {
    const merged = new URLSearchParams(params);
    for (const key of ['state', 'serial'] as const) {
      const value = next[key];
      if (value === undefined) continue;
      if (value) merged.set(key, value);
      else merged.delete(key);
      merged.delete('page');
    }
    if (next.page) merged.set('page', String(next.page));
    setParams(merged);
  };
  return {
    state: params.get('state') ?? '',
    serial: params.get('serial') ?? '',
    page: Math.max(1, Number(params.get('page') ?? '1') || 1),
    setFilter,
  };
}

function BatchHeader({ batchId, data, onRevokeAll }: { batchId: string; data: TCodes | undefined; onRevokeAll: () => void }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  return (
    <PageTitle
      title={data?.batch.courseTitle ?? t('codes.batchTitle')}
      subtitle={data ? t('codes.batchHeader', { count: data.batch.size, until: format.date(data.batch.validUntil) }) : undefined}
    >
      <div className="flex flex-wrap gap-2">
        <Link to="/teacher/codes" className={buttonClass('ghost', 'sm')}>
          {t('codes.back')}
        </Link>
        <a href={exportPaths.batch(batchId, 'csv')} className={buttonClass('secondary', 'sm')} download data-testid="export-csv">
          {t('codes.exportCsv')}
        </a>
        <ConfirmButton
          cancelLabel={t('common.back')}
          variant="danger"
          label={t('codes.revokeBatch')}
          title={t('codes.confirmRevokeBatch')}
          body={t('codes.revokeBatchBody')}
          confirmLabel={t('codes.revokeBatch')}
          onConfirm={onRevokeAll}
          testId="revoke-batch"
        />
      </div>
    </PageTitle>
  );
}

function FindCard({ serial, setFilter }: { serial: string; setFilter: (next: TFilter) => void }) {
  const { t } = useTranslation('courses');
  const [find, setFind] = useState(serial);
  const findCard = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ serial: find.trim(), state: '' });
  };
  return (
    <form role="search" onSubmit={findCard} className="flex max-w-sm items-end gap-2">
      <TextField
        id="find-serial"
        type="number"
        inputMode="numeric"
        min={1}
        label={t('codes.findSerial')}
        value={find}
        onChange={(e) => setFind(e.target.value)}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" data-testid="find-serial-submit">
        {t('codes.find')}
      </Button>
      {serial ? (
        <Button
          variant="ghost"
          onClick={() => {
            setFind('');
            setFilter({ serial: '' });
          }}
        >
          {t('codes.showAll')}
        </Button>
      ) : null}
    </form>
  );
}

function StateFilter({ data, state, setFilter }: { data: TCodes; state: string; setFilter: (next: TFilter) => void }) {
  const { t } = useTranslation('courses');
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('codes.filterState')}>
      {['', ...CODE_STATES].map((s) => (
        <Button key={s || 'all'} size="sm" variant={state === s ? 'primary' : 'secondary'} aria-pressed={state === s} onClick={() => setFilter({ state: s })}>
          {s ? t('codes.stateCount', { state: t(`codes.states.${s}`), n: data.counts[s as keyof typeof data.counts] }) : t('codes.all')}
        </Button>
      ))}
    </div>
  );
}

function SelectionBar({ batchId, selected, setSelected }: { batchId: string; selected: string[]; setSelected: (ids: string[]) => void }) {
  const { t } = useTranslation('courses');
  const sellSelected = useBulkSale(batchId, () => setSelected([]));
  return (
    <div
      className="sticky bottom-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary-200 bg-white p-3 shadow-lg"
      data-testid="selection-bar"
    >
      <span className="text-sm font-medium text-gray-900">{t('sale.selected', { count: selected.length })}</span>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
          {t('sale.clear')}
        </Button>
        <Button size="sm" busy={sellSelected.isPending} onClick={() => sellSelected.mutate({ codeIds: selected })} data-testid="sell-selected">
          {t('sale.markSelected', { count: selected.length })}
        </Button>
      </div>
    </div>
  );
}

/**
 * /teacher/codes/:batchId: every code of a batch (last two digits only, and the number printed on its
 * card), who redeemed it, and its actions. A card is found by its number: several cards of a batch often
 * end in the same two digits.
 */
export function BatchPage() {
  const { t } = useTranslation('courses');
  const paginationLabels = usePaginationLabels();
  const { batchId = '' } = useParams();
  const { state, serial, page, setFilter } = useBatchFilter();
  const codes = useQuery(codesQuery(batchId, { state, serial }, page));
  const actions = useCodeActions(batchId);
  // Cards ticked on this page, marked sold together (decision 055).
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  return (
    <div className="space-y-6">
      <BatchHeader batchId={batchId} data={codes.data} onRevokeAll={() => actions.revokeAll.mutate()} />
      <p className="text-sm text-gray-600">{t('codes.batchSubtitle')}</p>
      {codes.data?.batch.activateOnSale ? <p className="text-sm text-amber-800">{t('codes.activateOnSale')}</p> : null}
      <CardsExport batchId={batchId} />
      {codes.data ? <SaleByRange batchId={batchId} size={codes.data.batch.size} /> : null}
      <FindCard serial={serial} setFilter={setFilter} />
      {codes.data ? <StateFilter data={codes.data} state={state} setFilter={setFilter} /> : null}
      {codes.isPending ? (
        <Skeleton className="h-64" />
      ) : codes.isError ? (
        <QueryError query={codes} />
      ) : codes.data.codes.length === 0 ? (
        <EmptyState title={t('codes.noneInState')} />
      ) : (
        <Card className="p-0 sm:p-0">
          <ul className="divide-y divide-gray-100" data-testid="code-list">
            {codes.data.codes.map((c) => (
              <CodeRow key={c.id} c={c} checked={selected.includes(c.id)} onCheck={(on) => toggle(c.id, on)} actions={actions} />
            ))}
          </ul>
        </Card>
      )}
      {selected.length > 0 ? <SelectionBar batchId={batchId} selected={selected} setSelected={setSelected} /> : null}
      {codes.data ? (
        <Pagination
          page={codes.data.page}
          pageSize={codes.data.pageSize}
          total={codes.data.total}
          onPage={(p) => setFilter({ page: p })}
          labels={paginationLabels}
          hideSingle
          testId="pager"
        />
      ) : null}
    </div>
  );
}
