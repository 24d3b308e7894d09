import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { codesApi, cardsExportQuery, exportPaths } from '@web/features/codes/api';

const STEPS = ['queued', 'preparing', 'rendering', 'saving'] as const;

/**
 * Printable PDF cards, printed by a job on the server (decision 056): the button starts the render, or
 * joins the one already running for this batch, and the page shows its phase until the file is ready.
 */
export function CardsExport({ batchId }: { batchId: string }) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const query = cardsExportQuery(batchId);
  const current = useQuery(query).data ?? null;
  const start = useMutation({
    mutationFn: () => codesApi.printCards(batchId),
    onSuccess: (state) => queryClient.setQueryData(query.queryKey, state),
  });
  const running = current !== null && STEPS.includes(current.status as (typeof STEPS)[number]);
  const step = running ? STEPS.indexOf(current.status as (typeof STEPS)[number]) + 1 : 0;
  return (
    <div className="space-y-2" data-testid="cards-export" data-status={current?.status ?? 'none'}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => start.mutate()} busy={start.isPending} disabled={running} data-testid="export-pdf">
          {running ? t('cardsExport.printing') : current?.status === 'ready' ? t('cardsExport.again') : t('codes.exportPdf')}
        </Button>
        {current?.status === 'ready' ? (
          <a href={exportPaths.cards(batchId)} className={buttonClass('primary', 'sm')} download data-testid="download-pdf">
            {t('cardsExport.download', { count: current.total })}
          </a>
        ) : null}
      </div>
      {running ? (
        <div
          role="status"
          aria-live="polite"
          className="max-w-md space-y-1.5 rounded-xl border border-primary-200 bg-primary-50 p-3 text-sm text-primary-900"
          data-testid="cards-progress"
        >
          <p className="font-medium">
            {t(`cardsExport.steps.${current.status}`, { count: current.total })} · {t('cardsExport.step', { n: step, total: STEPS.length })}
          </p>
          {/* Within the rendering phase, the QR codes drawn so far (the server counts them a hundred at a time). */}
          <progress
            className="h-2 w-full accent-primary-600"
            max={STEPS.length}
            value={current.status === 'rendering' && current.total > 0 ? step - 1 + current.done / current.total : step}
            aria-label={t('cardsExport.progress')}
          />
          {current.status === 'rendering' && current.done > 0 ? (
            <p className="text-xs" data-testid="cards-drawn">
              {t('cardsExport.drawn', { done: current.done, total: current.total })}
            </p>
          ) : null}
          <p className="text-xs text-primary-800">{current.joined || start.data?.joined ? t('cardsExport.joined') : t('cardsExport.wait')}</p>
        </div>
      ) : null}
      {current?.status === 'failed' ? <Notice tone="error">{t(`errors:codes.${current.errorCode ?? 'PDF_UNAVAILABLE'}`)}</Notice> : null}
      {start.isError ? (
        <Notice tone="error" testId="cards-error">
          {errorText(start.error)}
        </Notice>
      ) : null}
    </div>
  );
}
