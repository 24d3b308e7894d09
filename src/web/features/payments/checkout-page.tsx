import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TTransferMethod } from '@shared/schemas/transfer';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { useStudentPaths } from '@web/lib/student-paths';
import { checkoutQuery, paymentOptionsQuery, transfersApi } from './api';
import { useTransferFormat } from './transfer-format';

const choiceClass = (checked: boolean) =>
  cx('flex cursor-pointer items-start gap-3 rounded-xl border p-3', checked ? 'border-primary-500 bg-primary-50' : 'border-gray-200 bg-white');

type TCheckout = Awaited<ReturnType<NonNullable<ReturnType<typeof checkoutQuery>['queryFn']>>>;

function PlanChoice({ plans, chosenId, onChoose }: { plans: TCheckout['plans']; chosenId: string | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('transfers');
  const format = useTransferFormat();
  return (
    <Card aria-labelledby="plan-title">
      <CardHeader id="plan-title" title={t('checkout.plan')} />
      {plans.length === 0 ? <EmptyState title={t('checkout.noPlans')} /> : null}
      <div role="radiogroup" aria-labelledby="plan-title" className="grid gap-2 sm:grid-cols-2">
        {plans.map((p) => (
          <label key={p.id} className={choiceClass(p.id === chosenId)}>
            <input type="radio" name="plan" className="mt-1" checked={p.id === chosenId} onChange={() => onChoose(p.id)} />
            <span>
              <span className="block font-semibold text-gray-900">{t(`plans.${p.type}`, { count: p.durationDays ?? 0 })}</span>
              <span className="text-gray-700">{format.price(p.priceDzd)}</span>
            </span>
          </label>
        ))}
      </div>
    </Card>
  );
}

/**
 * The checkout choice: a plan of the course and a way to pay: card (on its own page, when the teacher turned it on)
 * or one of the transfer methods the teacher completed and turned on.
 */
export function CheckoutPage() {
  const { t } = useTranslation('transfers');
  const { courseId = '' } = useParams();
  const [search] = useSearchParams();
  const paths = useStudentPaths();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const format = useTransferFormat();
  const query = useQuery(checkoutQuery(courseId));
  // Card payment (Chargily) has its own page: offered here when the teacher turned it on.
  const options = useQuery(paymentOptionsQuery(courseId));
  const [planId, setPlanId] = useState<string | null>(search.get('plan'));
  const [method, setMethod] = useState<TTransferMethod | null>(null);
  const create = useMutation({
    mutationFn: (input: { planId: string; method: TTransferMethod }) => transfersApi.createOrder({ courseId, ...input }),
    onSuccess: (order) => navigate(paths.transferOrder(order.id)),
  });
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <QueryError query={query} />;
  const data = query.data;
  const plan = data.plans.find((p) => p.id === planId) ?? data.plans[0];
  const chosen = method ?? data.transfer[0] ?? null;
  return (
    <div className="space-y-6">
      <PageTitle title={t('checkout.title')} subtitle={data.course.title} />
      {data.openOrders.length > 0 ? (
        <Notice testId="open-orders">
          {t('checkout.openOrders')}{' '}
          {data.openOrders.map((o) => (
            <Link key={o.id} to={paths.transferOrder(o.id)} className="ms-1 font-semibold underline" dir="ltr">
              {o.reference}
            </Link>
          ))}
        </Notice>
      ) : null}
      <PlanChoice plans={data.plans} chosenId={plan?.id} onChoose={setPlanId} />
      <Card aria-labelledby="method-title">
        <CardHeader id="method-title" title={t('checkout.method')} description={t('checkout.methodHelp')} />
        {options.data?.card ? (
          <Link to={paths.pay(courseId)} className={cx(choiceClass(false), 'mb-2')} data-testid="method-card">
            <span>
              <span className="block font-semibold text-gray-900">{t('methods.card')}</span>
              <span className="text-sm text-gray-600">{t('methodHelp.card')}</span>
            </span>
          </Link>
        ) : null}
        {data.transfer.length === 0 && !options.data?.card ? (
          <EmptyState title={t('checkout.noMethods')} body={t('checkout.noMethodsBody', { teacher: data.course.teacherName })} />
        ) : null}
        <div role="radiogroup" aria-labelledby="method-title" className="grid gap-2">
          {data.transfer.map((m) => (
            <label key={m} className={choiceClass(m === chosen)} data-testid={`method-${m}`}>
              <input type="radio" name="method" className="mt-1" checked={m === chosen} onChange={() => setMethod(m)} />
              <span>
                <span className="block font-semibold text-gray-900">{t(`methods.${m}`)}</span>
                <span className="text-sm text-gray-600">{t(`methodHelp.${m}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {create.isError ? (
          <Notice tone="error" className="mt-3">
            {errorText(create.error)}
          </Notice>
        ) : null}
        <Button
          className="mt-4"
          disabled={!plan || !chosen}
          busy={create.isPending}
          onClick={() => plan && chosen && create.mutate({ planId: plan.id, method: chosen })}
          data-testid="checkout-continue"
        >
          {plan ? t('checkout.continue', { amount: format.price(plan.priceDzd) }) : t('checkout.continueNoPlan')}
        </Button>
      </Card>
    </div>
  );
}
