import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge, type TTone } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useStudentPaths } from '@web/lib/student-paths';
import { orderQuery, type TOrderView } from './api';
import { usePaymentFormat } from './format';
import { TestBanner } from './test-badge';

const TONES: Record<string, TTone> = {
  pending: 'blue',
  awaiting_review: 'amber',
  paid: 'green',
  failed: 'red',
  canceled: 'gray',
  expired: 'gray',
  rejected: 'red',
};
const BODIES: Record<string, string> = {
  pending: 'order.pendingBody',
  paid: 'order.paidBody',
  failed: 'order.failedBody',
  canceled: 'order.canceledBody',
  expired: 'order.expiredBody',
};

function Actions({ order }: { order: TOrderView }) {
  const { t } = useTranslation('payments');
  const paths = useStudentPaths();
  if (!order.course) return null;
  if (order.status === 'paid') {
    return (
      <Link to={paths.course(order.course.id)} className={buttonClass('primary')} data-testid="open-course">
        {t('order.openCourse')}
      </Link>
    );
  }
  if (order.status === 'pending' && order.checkoutUrl) {
    return (
      <a href={order.checkoutUrl} className={buttonClass('primary')}>
        {t('order.continue')}
      </a>
    );
  }
  if (order.status === 'failed' || order.status === 'canceled' || order.status === 'expired') {
    return (
      <Link to={paths.pay(order.course.id)} className={buttonClass('primary')} data-testid="retry">
        {t('order.retry')}
      </Link>
    );
  }
  return null;
}

/**
 * /student/dashboard/payments/:orderId, where Chargily sends the student back. It never trusts the redirect:
 * the server asks Chargily for the checkout, and the page asks again every few seconds while it is pending.
 */
export function OrderPage() {
  const { t } = useTranslation('payments');
  const { orderId = '' } = useParams();
  const paths = useStudentPaths();
  const format = usePaymentFormat();
  const order = useQuery(orderQuery(orderId));
  if (order.isPending) return <Skeleton className="h-64" />;
  if (order.isError) return <QueryError query={order} />;
  const o = order.data;
  const rows: Array<[string, string]> = [
    [t('order.reference'), o.reference],
    [t('order.course'), o.course?.title ?? ''],
    ...(o.plan ? [[t('order.plan'), format.plan(o.plan)] as [string, string]] : []),
    [t('order.amount'), format.price(o.amountDzd)],
    [t('order.method'), t(`order.methods.${o.method}`)],
    [t('order.date'), format.dateTime(o.createdAt)],
    ...(o.paidAt ? [[t('order.paidAt'), format.dateTime(o.paidAt)] as [string, string]] : []),
  ];
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle title={t('order.title', { reference: o.reference })}>
        <Link to={paths.subscriptions} className={buttonClass('ghost', 'sm')}>
          {t('order.myPayments')}
        </Link>
      </PageTitle>
      <Card className="space-y-4" data-testid="order">
        {o.test ? <TestBanner /> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={TONES[o.status] ?? 'gray'} testId="order-status">
            {t(`status.${o.status}`)}
          </Badge>
        </div>
        {BODIES[o.status] ? <p className="text-gray-700">{t(BODIES[o.status]!)}</p> : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-gray-500">{label}</dt>
              <dd className="text-gray-900" dir="auto">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Actions order={o} />
      </Card>
    </div>
  );
}
