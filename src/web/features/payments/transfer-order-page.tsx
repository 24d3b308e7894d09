import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useStudentPaths } from '@web/lib/student-paths';
import { transferOrderQuery, transfersApi } from './api';
import { statusTone, useTransferFormat } from './transfer-format';
import { OrderInstructions } from './order-instructions';
import { ReceiptUpload } from './receipt-upload';

/** A transfer order: what to pay into, the receipt to send, and where the teacher's review stands. */
export function TransferOrderPage() {
  const { t } = useTranslation('transfers');
  const { orderId = '' } = useParams();
  const paths = useStudentPaths();
  const format = useTransferFormat();
  // While the teacher reviews, the page follows the decision on its own.
  const query = useQuery({ ...transferOrderQuery(orderId), refetchInterval: (q) => (q.state.data?.status === 'awaiting_review' ? 30_000 : false) });
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <QueryError query={query} />;
  const order = query.data;
  const lastRejected = order.status === 'rejected' ? order.receipts.find((r) => r.status === 'rejected') : undefined;
  return (
    <div className="space-y-6">
      <PageTitle title={t('order.title', { method: t(`methods.${order.method}`) })} subtitle={order.course.title} />
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone(order.status)} testId="order-status">
            {t(`order.status.${order.status}`)}
          </Badge>
          <span className="text-sm text-gray-600">{t('order.createdAt', { date: format.dateTime(order.createdAt) })}</span>
        </div>
        {order.status === 'paid' ? (
          <>
            <Notice tone="success">{t('order.paidBody')}</Notice>
            <Link to={paths.course(order.course.id)} className={buttonClass('primary')} data-testid="open-course">
              {t('order.openCourse')}
            </Link>
          </>
        ) : null}
        {order.status === 'awaiting_review' ? <Notice testId="order-review">{t('order.reviewBody', { teacher: order.course.teacherName })}</Notice> : null}
        {lastRejected ? (
          <Notice tone="error" testId="order-rejected">
            {t('order.rejectedBody', { reason: lastRejected.rejectReason ?? '' })}
          </Notice>
        ) : null}
      </Card>
      {order.status === 'pending' || order.status === 'rejected' ? (
        <>
          <Card aria-labelledby="pay-title">
            <CardHeader id="pay-title" title={t('instructions.title')} description={t(`instructions.steps.${order.method}`)} />
            <OrderInstructions order={order} />
            <Notice className="mt-3">{t('instructions.referenceHint')}</Notice>
          </Card>
          <Card>
            <ReceiptUpload orderId={order.id} again={order.status === 'rejected'} />
          </Card>
        </>
      ) : null}
      {order.receipts.length > 0 ? (
        <Card aria-labelledby="receipts-title">
          <CardHeader id="receipts-title" title={t('order.receipts')} />
          <ul className="divide-y divide-gray-100">
            {order.receipts.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>{format.dateTime(r.createdAt)}</span>
                <Badge tone={statusTone(r.status)}>{t(`receiptStatus.${r.status}`)}</Badge>
                <a href={transfersApi.studentFileUrl(r.id)} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
                  {t('order.viewReceipt')}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
