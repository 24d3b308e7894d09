import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { myPaymentsQuery, receiptPath, type TMyPayments } from './api';
import { useDzd } from './format';

function Orders({ orders }: { orders: TMyPayments['orders'] }) {
  const { t, i18n } = useTranslation('revenue');
  const dzd = useDzd();
  if (orders.length === 0) return null;
  return (
    <Card aria-labelledby="orders-title" data-testid="my-orders">
      <CardHeader id="orders-title" title={t('student.orders')} />
      <ul className="space-y-2">
        {orders.map((o) => (
          <li
            key={o.id}
            className="flex flex-wrap justify-between gap-2 rounded-xl border border-gray-200 p-3 text-sm"
            data-testid="my-order"
            data-status={o.status}
          >
            <span className="font-bold text-gray-900">
              {o.courseTitle ?? '—'} · {o.teacherName}
            </span>
            <span>
              <bdi dir="ltr">{o.reference}</bdi> · <bdi>{dzd(o.amountDzd)}</bdi> · {formatDateTime(toLanguage(i18n.resolvedLanguage), o.createdAt)}
            </span>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{t(`student.status.${o.status}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "My payments": every payment and refund across the student's teachers, each with its receipt (PDF). */
export function MyPaymentsPage() {
  const { t, i18n } = useTranslation('revenue');
  const dzd = useDzd();
  const mine = useQuery(myPaymentsQuery);
  const lng = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="space-y-6" data-testid="my-payments-page">
      <PageTitle title={t('student.title')} />
      {mine.isPending ? (
        <LoadingBlock />
      ) : mine.isError ? (
        <QueryError query={mine} />
      ) : (
        <>
          <Orders orders={mine.data.orders} />
          <Card aria-labelledby="payments-title">
            <CardHeader id="payments-title" title={t('student.title')} />
            {mine.data.payments.length === 0 ? (
              <p className="text-sm text-gray-600" data-testid="my-payments-empty">
                {t('student.empty')}
              </p>
            ) : (
              <ul className="space-y-2" data-testid="my-payments">
                {mine.data.payments.map((p) => (
                  <li
                    key={p.id}
                    className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3 sm:flex-row sm:items-center"
                    data-testid="my-payment"
                    data-kind={p.kind}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-bold text-gray-900">
                        {p.courseTitle ?? '—'} · {p.teacherName}
                      </p>
                      <p className="text-sm text-gray-600">
                        {t(`kinds.${p.kind}`)} · {t(`methods.${p.method}`)} · {formatDateTime(lng, p.createdAt)}
                      </p>
                    </div>
                    <bdi className={`font-bold ${p.amountDzd < 0 ? 'text-red-700' : 'text-gray-900'}`}>{dzd(p.amountDzd)}</bdi>
                    <a href={`${receiptPath(p.id)}?lng=${lng}`} download className={buttonClass('secondary', 'sm')} data-testid="receipt-link">
                      {t('student.receipt')}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
