import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { notify } from '@web/lib/notify';
import { paymentKeys, receiptsQuery, transfersApi, type TInboxReceipt, type TReceiptStatus } from './api';
import { statusTone, useTransferFormat } from './transfer-format';
import { RejectDialog } from './reject-dialog';

const TABS: TReceiptStatus[] = ['pending', 'approved', 'rejected'];

/** The receipt as the student sent it: an image beside the order, a PDF as a download (never shown in the page). */
function ReceiptImage({ receipt }: { receipt: TInboxReceipt }) {
  const { t } = useTranslation('transfers');
  const url = transfersApi.teacherFileUrl(receipt.id);
  if (receipt.mime === 'application/pdf') {
    return (
      <a href={url} className={buttonClass('secondary')} data-testid="receipt-pdf">
        {t('inbox.downloadPdf')}
      </a>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="block">
      <img
        src={url}
        alt={t('inbox.imageAlt', { reference: receipt.order.reference })}
        className="max-h-[28rem] w-full rounded-lg border border-gray-200 object-contain"
        data-testid="receipt-image"
      />
    </a>
  );
}

function ReceiptCard({ receipt }: { receipt: TInboxReceipt }) {
  const { t } = useTranslation('transfers');
  const format = useTransferFormat();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => transfersApi.approve(receipt.id),
    onSuccess: async () => {
      notify.success(t('inbox.approved', { name: receipt.student.name }));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const facts: Array<[string, string, string?]> = [
    [t('inbox.amount'), format.price(receipt.order.amountDzd), 'receipt-amount'],
    [t('inbox.reference'), receipt.order.reference, 'receipt-reference'],
    [t('inbox.method'), t(`methods.${receipt.order.method}`)],
    [t('inbox.student'), `${receipt.student.name} · ${receipt.student.email}`],
    [t('inbox.course'), receipt.course.title],
    [t('inbox.sentAt'), format.dateTime(receipt.createdAt)],
  ];
  return (
    <Card className="grid gap-4 lg:grid-cols-2" data-testid="receipt-card">
      <ReceiptImage receipt={receipt} />
      <div className="space-y-3">
        <dl className="space-y-2">
          {facts.map(([label, value, testId]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 border-b border-gray-100 pb-1">
              <dt className="text-sm text-gray-600">{label}</dt>
              <dd className="font-medium text-gray-900" dir="auto" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-gray-600">{t('inbox.checkHint')}</p>
        {receipt.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <ConfirmButton
              variant="primary"
              label={t('inbox.approve')}
              title={t('inbox.approveTitle', { reference: receipt.order.reference })}
              body={t('inbox.approveBody', { name: receipt.student.name, amount: format.price(receipt.order.amountDzd), course: receipt.course.title })}
              confirmLabel={t('inbox.approveConfirm')}
              cancelLabel={t('inbox.cancel')}
              onConfirm={() => approve.mutateAsync().catch(() => undefined)}
              testId="receipt-approve"
            />
            <RejectDialog receiptId={receipt.id} reference={receipt.order.reference} />
          </div>
        ) : (
          <div className="space-y-1">
            <Badge tone={statusTone(receipt.status)}>{t(`receiptStatus.${receipt.status}`)}</Badge>
            {receipt.rejectReason ? <p className="text-sm text-gray-700">{t('inbox.reasonWas', { reason: receipt.rejectReason })}</p> : null}
          </div>
        )}
      </div>
    </Card>
  );
}

/** The teacher's receipts inbox: the oldest pending receipt first, each with its image beside its order. */
export function ReceiptsPage() {
  const { t } = useTranslation('transfers');
  const [tab, setTab] = useState<TReceiptStatus>('pending');
  const query = useQuery(receiptsQuery(tab));
  return (
    <div className="space-y-6">
      <PageTitle title={t('inbox.title')} subtitle={t('inbox.subtitle')}>
        <Link to="/teacher/transfer-settings" className={buttonClass('secondary', 'sm')}>
          {t('inbox.settings')}
        </Link>
      </PageTitle>
      <div role="tablist" aria-label={t('inbox.title')} className="flex flex-wrap gap-2">
        {TABS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === tab}
            onClick={() => setTab(s)}
            className={cx(buttonClass(s === tab ? 'primary' : 'secondary', 'sm'))}
            data-testid={`tab-${s}`}
          >
            {t(`inbox.tabs.${s}`)}
          </button>
        ))}
      </div>
      {query.isPending ? <LoadingBlock blocks={['h-48', 'h-48']} /> : null}
      {query.isError ? <QueryError query={query} /> : null}
      {query.data && query.data.receipts.length === 0 ? <EmptyState title={t(`inbox.empty.${tab}`)} testId="receipts-empty" /> : null}
      <div className="space-y-4">
        {query.data?.receipts.map((r) => (
          <ReceiptCard key={r.id} receipt={r} />
        ))}
      </div>
    </div>
  );
}
