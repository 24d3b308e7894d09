import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Card, CardHeader } from '@web/components/ui/card';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Button } from '@web/components/ui/button';
import { ChartIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingOverlay } from '@web/components/ui/loading-overlay';
import { billingApi, billingKeys, billingQuery, type TBillingOverview } from '@web/features/billing/api';
import { useErrorText } from '@web/lib/api-errors';
import { useBytesFormat, useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { InvoiceList, TransferPanel } from './components/billing-invoices';
import { BillingPlans } from './components/billing-plans';

const STATUS_TONE = { trial: 'blue', active: 'green', past_due: 'amber', canceled: 'amber', expired: 'red' } as const;

function CurrentPlan({ overview }: { overview: TBillingOverview }) {
  const { t } = useTranslation(['billing', 'dashboard']);
  const formatDate = useDateFormat();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const done = (message: string) => async () => {
    notify.success(message);
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };
  const cancel = useMutation({ mutationFn: billingApi.cancel, onSuccess: done(t('page.canceledToast')), onError: (e) => notify.error(errorText(e)) });
  const reactivate = useMutation({
    mutationFn: billingApi.reactivate,
    onSuccess: done(t('page.reactivatedToast')),
    onError: (e) => notify.error(errorText(e)),
  });
  const paid = overview.period !== null;
  return (
    <Card aria-labelledby="current-title">
      <CardHeader id="current-title" title={t('page.current')} />
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-lg font-bold" data-testid="billing-plan">
          {t(`dashboard:plans.${overview.plan}`)}
          {overview.period && ` · ${t(`page.${overview.period}`)}`}
        </span>
        <Badge tone={STATUS_TONE[overview.status]} testId="billing-status">
          {t(`page.status.${overview.status}`)}
        </Badge>
        {overview.until && <span className="text-sm text-gray-600">{t('page.until', { date: formatDate(overview.until) })}</span>}
      </div>
      {overview.dataDeletionAt && <p className="mt-2 text-sm text-red-700">{t('page.deletion', { date: formatDate(overview.dataDeletionAt) })}</p>}
      {paid && (
        <div className="mt-4">
          {overview.canceledAt ? (
            overview.status === 'canceled' && (
              <Button variant="secondary" busy={reactivate.isPending} onClick={() => reactivate.mutate()}>
                {t('page.reactivate')}
              </Button>
            )
          ) : (
            <ConfirmButton
              label={t('page.cancel')}
              title={t('page.cancel')}
              body={t('page.cancelConfirm')}
              confirmLabel={t('page.cancel')}
              cancelLabel={t('page.back')}
              variant="ghost"
              onConfirm={() => cancel.mutateAsync()}
            />
          )}
        </div>
      )}
    </Card>
  );
}

function Usage({ overview }: { overview: TBillingOverview }) {
  const { t } = useTranslation('billing');
  const bytes = useBytesFormat();
  const { usage } = overview;
  const of = (used: string | number, limit: string | number | null) =>
    limit === null ? `${used} · ${t('page.unlimited')}` : t('page.ofLimit', { used, limit });
  return (
    <Card aria-labelledby="usage-title">
      <CardHeader id="usage-title" title={t('page.usage')} icon={<ChartIcon />} />
      <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="billing-usage">
        <div>
          <dt className="text-gray-600">{t('page.courses')}</dt>
          <dd className="font-medium">{of(usage.courses.used, usage.courses.limit)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">{t('page.students')}</dt>
          <dd className="font-medium">{of(usage.students.used, usage.students.limit)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">{t('page.storage')}</dt>
          <dd className="font-medium">{of(bytes(usage.storage.usedBytes), bytes(usage.storage.limitBytes))}</dd>
        </div>
        <div>
          <dt className="text-gray-600">{t('page.staff')}</dt>
          <dd className="font-medium" data-testid="billing-staff">
            {overview.staff.limit > 0 ? t('page.staffSeats', { used: overview.staff.used, limit: overview.staff.limit }) : t('page.staffNone')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Back from Chargily (?invoice=…): asks the server, which asks Chargily, whether the payment went through. */
function useReturnCheck() {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const invoiceId = params.get('invoice');
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!invoiceId || asked.current === invoiceId) return;
    asked.current = invoiceId;
    billingApi
      .refresh(invoiceId)
      .then((invoice) => (invoice.status === 'paid' ? notify.success(t('page.paid')) : notify.info(t('page.notPaid'))))
      .catch(() => undefined)
      .finally(() => {
        setParams({}, { replace: true });
        void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      });
  }, [invoiceId, setParams, queryClient, t]);
  return invoiceId !== null;
}

/** /dashboard/billing: the teacher's Darsi plan (spec §9, issue 13). */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const checking = useReturnCheck();
  const { data } = useQuery(billingQuery);
  if (!data) return <LoadingOverlay />;
  const transferInvoice = data.invoices.find((i) => i.method === 'transfer' && ['pending', 'awaiting_review', 'rejected'].includes(i.status));
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="billing-page">
      <PageTitle title={t('page.title')} subtitle={t('page.subtitle')} />
      {checking && <p className="text-sm text-gray-600">{t('page.checking')}</p>}
      <CurrentPlan overview={data} />
      <Usage overview={data} />
      {transferInvoice && data.transfer && <TransferPanel invoice={transferInvoice} transfer={data.transfer} />}
      <BillingPlans overview={data} />
      <InvoiceList invoices={data.invoices} />
    </div>
  );
}
