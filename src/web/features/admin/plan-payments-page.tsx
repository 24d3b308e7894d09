import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { isolate } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { planInvoiceApi, planInvoicesQuery, planReceiptUrl, platformRevenueQuery, type TPlanInvoice } from './api';
import { useDateTimeFormat } from './components/datetime';

const STATUSES = ['awaiting_review', 'paid', 'pending', 'rejected', 'failed', 'canceled', 'expired'] as const;

function Revenue() {
  const { t, i18n } = useTranslation('billing');
  const { data } = useQuery(platformRevenueQuery);
  if (!data) return <LoadingBlock blocks={['h-20']} />;
  const dzd = (n: number) => formatDzd(toLanguage(i18n.resolvedLanguage), n);
  const cells: Array<[string, string]> = [
    ['admin.total', dzd(data.totalDzd)],
    ['admin.last30', dzd(data.last30DaysDzd)],
    ['admin.paying', String(data.payingTeachers)],
    ['admin.pending', String(data.pendingReceipts)],
  ];
  return (
    <section aria-labelledby="revenue-title" className="space-y-2">
      <h2 id="revenue-title" className="font-bold">
        {t('admin.revenue')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="platform-revenue">
        {cells.map(([k, v]) => (
          <div key={k} className="rounded-xl border border-gray-200 bg-white p-4">
            <dt className="text-sm text-gray-600">{t(k)}</dt>
            <dd className="text-lg font-bold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-gray-600">
        {t('admin.byMethod')}:{' '}
        {Object.entries(data.byMethod)
          .map(([m, v]) => `${t(`page.methods.${m}`)} ${dzd(v)}`)
          .join(' · ') || '—'}
      </p>
      {data.testPayments > 0 && (
        <p className="text-sm text-amber-800" data-testid="platform-test-payments">
          {t('admin.testPayments', { n: data.testPayments })}
        </p>
      )}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: TPlanInvoice }) {
  const { t, i18n } = useTranslation(['billing', 'admin']);
  const formatDateTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const approve = useMutation({
    mutationFn: () => planInvoiceApi.approve(invoice.id),
    onSuccess: async () => (notify.success(t('admin.approved')), refresh()),
    onError: (e) => notify.error(errorText(e)),
  });
  const reject = useMutation({
    mutationFn: () => planInvoiceApi.reject(invoice.id, reason),
    onSuccess: async () => (notify.success(t('admin.rejectedToast')), refresh()),
    onError: (e) => notify.error(errorText(e)),
  });
  const receipt = planReceiptUrl(invoice.id);
  return (
    <li className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" data-testid="plan-invoice">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-bold">{isolate(invoice.teacher.name)}</span>
        <span dir="ltr" className="text-gray-600">
          {invoice.teacher.email}
        </span>
        <span dir="ltr" className="font-mono">
          {invoice.reference}
        </span>
        <span>
          {t(`admin:plans.${invoice.plan}`)} · {t(`page.${invoice.period}`)} · {t(`page.methods.${invoice.method}`)}
        </span>
        <span className="ms-auto font-bold tabular-nums">{formatDzd(toLanguage(i18n.resolvedLanguage), invoice.amountDzd)}</span>
        <Badge tone={invoice.status === 'paid' ? 'green' : invoice.status === 'awaiting_review' ? 'blue' : 'gray'}>
          {t(`page.invoiceStatus.${invoice.status}`)}
        </Badge>
        <span className="text-gray-600">{formatDateTime(invoice.paidAt ?? invoice.createdAt)}</span>
      </div>
      {invoice.hasReceipt && (
        <div className="flex flex-wrap items-start gap-3">
          {invoice.receiptMime?.startsWith('image/') && <img src={receipt} alt={t('admin.receipt')} className="max-h-64 rounded-lg border border-gray-200" />}
          <a href={receipt} target="_blank" rel="noopener noreferrer" className="text-sm text-primary-700 underline">
            {t('admin.openReceipt')}
          </a>
        </div>
      )}
      {invoice.status === 'awaiting_review' && (
        <div className="flex flex-wrap gap-2">
          <Button busy={approve.isPending} onClick={() => approve.mutate()} data-testid="approve-receipt">
            {t('admin.approve')}
          </Button>
          <ConfirmButton
            label={t('admin.reject')}
            title={t('admin.reject')}
            body={invoice.reference}
            confirmLabel={t('admin.reject')}
            cancelLabel={t('page.back')}
            variant="ghost"
            disabled={reject.isPending}
            onConfirm={() => reject.mutateAsync()}
          >
            <TextField label={t('admin.reason')} value={reason} onValueChange={setReason} />
          </ConfirmButton>
        </div>
      )}
    </li>
  );
}

/** /admin/dashboard/plan-payments: teachers' payments to Darsi, receipts to review, platform revenue. */
export function AdminPlanPaymentsPage() {
  const { t } = useTranslation('billing');
  const [status, setStatus] = useState<string>('awaiting_review');
  const { data } = useQuery(planInvoicesQuery(status));
  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Revenue />
      <SelectField
        label={t('admin.filter')}
        value={status}
        onValueChange={setStatus}
        options={[{ value: '', label: t('admin.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`page.invoiceStatus.${s}`) }))]}
        className="max-w-xs"
      />
      {!data ? (
        <LoadingBlock />
      ) : data.invoices.length === 0 ? (
        <EmptyState title={t('admin.none')} />
      ) : (
        <ul className="space-y-3">
          {data.invoices.map((i) => (
            <InvoiceRow key={i.id} invoice={i} />
          ))}
        </ul>
      )}
    </div>
  );
}
