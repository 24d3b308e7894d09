import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { billingApi, billingKeys, type TBillingOverview } from '@web/features/billing/api';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { useDzd } from './billing-plans';

type TInvoice = TBillingOverview['invoices'][number];

const TONE = { paid: 'green', pending: 'amber', awaiting_review: 'blue', rejected: 'red', failed: 'red' } as const;

/** Darsi's account and the receipt upload for an unpaid transfer invoice. */
export function TransferPanel({ invoice, transfer }: { invoice: TInvoice; transfer: NonNullable<TBillingOverview['transfer']> }) {
  const { t } = useTranslation('billing');
  const dzd = useDzd();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: (file: File) => billingApi.uploadReceipt(invoice.id, file),
    onSuccess: async () => {
      notify.success(t('page.receiptSent'));
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const rows: Array<[string, string | null]> = [
    ['holder', transfer.holder],
    ['ccp', transfer.ccpAccount],
    ['rip', transfer.rip],
    ['baridimob', transfer.baridimob],
  ];
  return (
    <Card aria-labelledby="transfer-title" data-testid="transfer-panel">
      <CardHeader
        id="transfer-title"
        title={t('page.transferTitle')}
        description={t('page.transferHelp', { amount: dzd(invoice.amountDzd), reference: invoice.reference })}
      />
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-gray-600">{t(`page.${k}`)}</dt>
              <dd dir="ltr" className="font-mono text-start">
                {v}
              </dd>
            </div>
          ))}
      </dl>
      {invoice.status === 'rejected' && invoice.rejectReason && (
        <Notice tone="error" className="mt-3">
          {t('page.rejected', { reason: invoice.rejectReason })}
        </Notice>
      )}
      {invoice.status === 'awaiting_review' ? (
        <Notice className="mt-3">{t('page.receiptSent')}</Notice>
      ) : (
        <div className="mt-3">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('page.uploadReceipt')}
            data-testid="receipt-input"
            onChange={(e) => e.target.files?.[0] && send.mutate(e.target.files[0])}
          />
          <Button busy={send.isPending} onClick={() => input.current?.click()}>
            {t('page.uploadReceipt')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** The teacher's plan invoices, newest first. */
export function InvoiceList({ invoices }: { invoices: TInvoice[] }) {
  const { t } = useTranslation(['billing', 'dashboard']);
  const dzd = useDzd();
  const formatDate = useDateFormat();
  return (
    <Card aria-labelledby="invoices-title">
      <CardHeader id="invoices-title" title={t('page.invoices')} />
      {invoices.length === 0 ? (
        <p className="text-sm text-gray-600">{t('page.noInvoices')}</p>
      ) : (
        <ul className="divide-y divide-gray-100" data-testid="invoice-list">
          {invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
              <span dir="ltr" className="font-mono">
                {i.reference}
              </span>
              <span className="text-gray-600">{formatDate(i.paidAt ?? i.createdAt)}</span>
              <span>
                {t(`dashboard:plans.${i.plan}`)} · {t(`page.${i.period}`)} · {t(`page.methods.${i.method}`)}
              </span>
              <span className="ms-auto font-medium tabular-nums">{dzd(i.amountDzd)}</span>
              <Badge tone={TONE[i.status as keyof typeof TONE] ?? 'gray'}>{t(`page.invoiceStatus.${i.status}`)}</Badge>
              {i.checkoutUrl && (
                <a href={i.checkoutUrl} className="text-primary-700 underline">
                  {t('page.continuePay')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
