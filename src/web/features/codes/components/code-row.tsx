import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { toneOf, useCourseFormat } from '@web/components/ui/course-kit';
import { useErrorText } from '@web/lib/api-errors';
import { courseKeys } from '@web/lib/course-queries';
import { notify } from '@web/lib/notify';
import { codesApi, type codesQuery } from '@web/features/codes/api';

export type TCode = Awaited<ReturnType<NonNullable<ReturnType<typeof codesQuery>['queryFn']>>>['codes'][number];

/** One card's changes in a batch: sold, sale undone, revoked; and the whole batch revoked. */
export function useCodeActions(batchId: string) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const onError = (error: unknown) => notify.error(errorText(error));
  return {
    sell: useMutation({ mutationFn: (codeId: string) => codesApi.markSold(codeId), onSettled: refresh, onError }),
    revoke: useMutation({ mutationFn: (codeId: string) => codesApi.revokeCode(codeId), onSettled: refresh, onError }),
    unsell: useMutation({
      mutationFn: (codeId: string) => codesApi.unmarkSold(codeId),
      onSuccess: () => notify.success(t('sale.undone')),
      onSettled: refresh,
      onError,
    }),
    revokeAll: useMutation({
      mutationFn: () => codesApi.revokeBatch(batchId),
      onSuccess: (r) => notify.success(t('codes.revokedN', { count: r.revoked })),
      onSettled: refresh,
      onError,
    }),
  };
}
type TCodeActions = ReturnType<typeof useCodeActions>;

function CodeActions({ c, actions }: { c: TCode; actions: TCodeActions }) {
  const { t } = useTranslation('courses');
  const named = { n: c.serial, last2: c.last2 };
  return (
    <div className="flex gap-1">
      {c.state === 'unused' ? (
        <Button size="sm" variant="secondary" onClick={() => actions.sell.mutate(c.id)} aria-label={t('codes.markSoldNamed', named)} data-testid="mark-sold">
          {t('codes.markSold')}
        </Button>
      ) : null}
      {c.state === 'sold' && c.uses === 0 ? (
        <ConfirmButton
          variant="ghost"
          cancelLabel={t('common.back')}
          label={t('sale.undo')}
          ariaLabel={t('sale.undoNamed', named)}
          title={t('sale.undoTitle', named)}
          body={t('sale.undoBody')}
          confirmLabel={t('sale.undo')}
          onConfirm={() => actions.unsell.mutate(c.id)}
          testId="undo-sold"
        />
      ) : null}
      {c.state === 'unused' || c.state === 'sold' ? (
        <ConfirmButton
          variant="ghost"
          cancelLabel={t('common.back')}
          label={t('codes.revoke')}
          ariaLabel={t('codes.revokeNamed', named)}
          title={t('codes.confirmRevoke', named)}
          body={t('codes.revokeBody')}
          confirmLabel={t('codes.revoke')}
          onConfirm={() => actions.revoke.mutate(c.id)}
        />
      ) : null}
    </div>
  );
}

/** One card of a batch: its number, state, redemptions and what the teacher may still do with it. */
export function CodeRow({ c, checked, onCheck, actions }: { c: TCode; checked: boolean; onCheck: (on: boolean) => void; actions: TCodeActions }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:px-5" data-testid="code-row" data-state={c.state}>
      {c.state === 'unused' ? (
        <input
          type="checkbox"
          className="h-5 w-5 accent-primary-600"
          checked={checked}
          onChange={(e) => onCheck(e.target.checked)}
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
      <CodeActions c={c} actions={actions} />
    </li>
  );
}
