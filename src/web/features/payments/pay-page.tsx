import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { useStudentPaths } from '@web/lib/student-paths';
import { paymentOptionsQuery, startCardOrder } from './api';
import { usePaymentFormat } from './format';
import { TestBanner } from './test-badge';

/** /student/dashboard/courses/:courseId/pay: the course's paid plans, each paid by card on Chargily's page. */
export function PayPage() {
  const { t } = useTranslation('payments');
  const { courseId = '' } = useParams();
  const paths = useStudentPaths();
  const format = usePaymentFormat();
  const errorText = useErrorText();
  const options = useQuery(paymentOptionsQuery(courseId));
  const pay = useMutation({
    mutationFn: (planId: string) => startCardOrder(courseId, planId),
    // Chargily's hosted page is another site: the whole window goes there, and comes back to the order page.
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) => notify.error(errorText(error)),
  });
  if (options.isPending) return <Skeleton className="h-64" />;
  if (options.isError) return <QueryError query={options} />;
  const { course, plans, card } = options.data;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle title={t('pay.title', { course: course.title })} subtitle={t('pay.subtitle', { teacher: course.teacherName })}>
        <Link to={paths.course(course.id)} className={buttonClass('ghost', 'sm')}>
          {t('pay.back')}
        </Link>
      </PageTitle>
      <Card className="space-y-4">
        {card?.mode === 'test' ? <TestBanner /> : null}
        {!card ? (
          <Notice tone="info">{t('pay.noCard')}</Notice>
        ) : plans.length === 0 ? (
          <Notice tone="info">{t('pay.noPlans')}</Notice>
        ) : (
          <p className="text-gray-700">{t('pay.choosePlan')}</p>
        )}
        {card && plans.length > 0 ? (
          <ul className="space-y-3">
            {plans.map((plan) => (
              <li key={plan.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4" data-testid="pay-plan">
                <span className="font-medium text-gray-900">{format.plan(plan)}</span>
                <Button onClick={() => pay.mutate(plan.id)} busy={pay.isPending && pay.variables === plan.id} disabled={pay.isPending} data-testid="pay-card">
                  {t('pay.payButton', { price: format.price(plan.priceDzd) })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {pay.isSuccess ? <p className="text-sm text-gray-600">{t('pay.redirecting')}</p> : null}
      </Card>
    </div>
  );
}
