import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Link, useParams, useSearchParams } from 'react-router';
import { CODE_STATES } from '@shared/schemas/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { toneOf, useCourseFormat, usePaginationLabels } from '@web/features/courses/components/ui';
import { Pagination } from '@web/components/ui/pagination';
import { TextField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { CardsExport } from '@web/features/courses/components/cards-export';
import { SaleByRange, useBulkSale } from '@web/features/courses/components/bulk-sale';
import { exportPaths, coursesApi, courseKeys, codesQuery } from '@web/features/courses/api';

/**
 * /teacher/codes/:batchId: every code of a batch (last two digits only, and the number printed on its
 * card), who redeemed it, and its actions. A card is found by its number: several cards of a batch often
 * end in the same two digits.
 */
export function BatchPage() {
  const { t } = useTranslation('courses');
  const paginationLabels = usePaginationLabels();
  const { batchId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const serial = params.get('serial') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const codes = useQuery(codesQuery(batchId, { state, serial }, page));
  const [find, setFind] = useState(serial);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const onError = (error: unknown) => notify.error(errorText(error));
  const sell = useMutation({ mutationFn: (codeId: string) => coursesApi.markSold(codeId), onSettled: refresh, onError });
  const revoke = useMutation({ mutationFn: (codeId: string) => coursesApi.revokeCode(codeId), onSettled: refresh, onError });
  const unsell = useMutation({ mutationFn: (codeId: string) => coursesApi.unmarkSold(codeId), onSuccess: () => notify.success(t('sale.undone')), onSettled: refresh, onError });
  // Cards ticked on this page, marked sold together (decision 055).
  const [selected, setSelected] = useState<string[]>([]);
  const sellSelected = useBulkSale(batchId, () => setSelected([]));
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
  const revokeAll = useMutation({
    mutationFn: () => coursesApi.revokeBatch(batchId),
    onSuccess: (r) => notify.success(t('codes.revokedN', { count: r.revoked })),
    onSettled: refresh,
    onError,
  });
  const setFilter = (next: { state?: string; serial?: string; page?: number }) => {
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
  const findCard = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ serial: find.trim(), state: '' });
  };

  return (
    <div className="space-y-6">
      <PageTitle
        title={codes.data?.batch.courseTitle ?? t('codes.batchTitle')}
        subtitle={codes.data ? t('codes.batchHeader', { count: codes.data.batch.size, until: format.date(codes.data.batch.validUntil) }) : undefined}
      >
        <div className="flex flex-wrap gap-2">
          <Link to="/teacher/codes" className={buttonClass('ghost', 'sm')}>
            {t('codes.back')}
          </Link>
          <a href={exportPaths.batch(batchId, 'csv')} className={buttonClass('secondary', 'sm')} download data-testid="export-csv">
            {t('codes.exportCsv')}
          </a>
          <ConfirmButton cancelLabel={t('common.back')}
            variant="danger"
            label={t('codes.revokeBatch')}
            title={t('codes.confirmRevokeBatch')}
            body={t('codes.revokeBatchBody')}
            confirmLabel={t('codes.revokeBatch')}
            onConfirm={() => revokeAll.mutate()}
            testId="revoke-batch"
          />
        </div>
      </PageTitle>
      <p className="text-sm text-gray-600">{t('codes.batchSubtitle')}</p>
      {codes.data?.batch.activateOnSale ? <p className="text-sm text-amber-800">{t('codes.activateOnSale')}</p> : null}
      <CardsExport batchId={batchId} />
      {codes.data ? <SaleByRange batchId={batchId} size={codes.data.batch.size} /> : null}
      <form role="search" onSubmit={findCard} className="flex max-w-sm items-end gap-2">
        <TextField id="find-serial" type="number" inputMode="numeric" min={1} label={t('codes.findSerial')} value={find} onChange={(e) => setFind(e.target.value)} className="min-w-0 flex-1" />
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
      {codes.data ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('codes.filterState')}>
          {['', ...CODE_STATES].map((s) => (
            <Button key={s || 'all'} size="sm" variant={state === s ? 'primary' : 'secondary'} aria-pressed={state === s} onClick={() => setFilter({ state: s })}>
              {s ? t('codes.stateCount', { state: t(`codes.states.${s}`), n: codes.data.counts[s as keyof typeof codes.data.counts] }) : t('codes.all')}
            </Button>
          ))}
        </div>
      ) : null}
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
              <li key={c.id} className="flex flex-wrap items-center gap-3 p-3 sm:px-5" data-testid="code-row" data-state={c.state}>
                {c.state === 'unused' ? (
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-primary-600"
                    checked={selected.includes(c.id)}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                    aria-label={t('sale.select', { n: c.serial, last2: c.last2 })}
                    data-testid="select-code"
                  />
                ) : (
                  <span className="w-5" aria-hidden />
                )}
                <span className="min-w-14 text-sm font-bold text-gray-900" data-testid="code-serial">
                  {t('codes.serial', { n: c.serial })}
                </span>
                <span className="font-mono text-lg tracking-widest text-gray-900" dir="ltr" aria-label={t('codes.endingIn', { n: c.serial, last2: c.last2 })}>
                  ••••{c.last2}
                </span>
                <Badge tone={toneOf(c.state)}>{t(`codes.states.${c.state}`)}</Badge>
                {c.maxUses > 1 ? <span className="text-xs text-gray-600">{t('codes.uses', { uses: c.uses, max: c.maxUses })}</span> : null}
                <div className="min-w-0 flex-1 text-sm text-gray-700">
                  {c.redemptions.map((r) => (
                    <p key={r.studentId} data-testid="redemption">
                      {t('codes.redeemedBy', { name: r.name, date: format.dateTime(r.at) })} <bdi className="text-gray-500">{r.email}</bdi>
                    </p>
                  ))}
                  {c.soldAt && c.state !== 'redeemed' ? <p>{t('codes.soldOn', { date: format.date(c.soldAt) })}</p> : null}
                </div>
                <div className="flex gap-1">
                  {c.state === 'unused' ? (
                    <Button size="sm" variant="secondary" onClick={() => sell.mutate(c.id)} aria-label={t('codes.markSoldNamed', { n: c.serial, last2: c.last2 })} data-testid="mark-sold">
                      {t('codes.markSold')}
                    </Button>
                  ) : null}
                  {c.state === 'sold' && c.uses === 0 ? (
                    <ConfirmButton
                      variant="ghost"
                      cancelLabel={t('common.back')}
                      label={t('sale.undo')}
                      ariaLabel={t('sale.undoNamed', { n: c.serial, last2: c.last2 })}
                      title={t('sale.undoTitle', { n: c.serial, last2: c.last2 })}
                      body={t('sale.undoBody')}
                      confirmLabel={t('sale.undo')}
                      onConfirm={() => unsell.mutate(c.id)}
                      testId="undo-sold"
                    />
                  ) : null}
                  {c.state === 'unused' || c.state === 'sold' ? (
                    <ConfirmButton variant="ghost" cancelLabel={t('common.back')}
                      label={t('codes.revoke')}
                      ariaLabel={t('codes.revokeNamed', { n: c.serial, last2: c.last2 })}
                      title={t('codes.confirmRevoke', { n: c.serial, last2: c.last2 })}
                      body={t('codes.revokeBody')}
                      confirmLabel={t('codes.revoke')}
                      onConfirm={() => revoke.mutate(c.id)}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {selected.length > 0 ? (
        <div className="sticky bottom-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary-200 bg-white p-3 shadow-lg" data-testid="selection-bar">
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
      ) : null}
      {codes.data ? <Pagination page={codes.data.page} pageSize={codes.data.pageSize} total={codes.data.total} onPage={(p) => setFilter({ page: p })} labels={paginationLabels} hideSingle testId="pager" /> : null}
    </div>
  );
}
