import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '@web/lib/format';
import type { TOverview } from '@web/features/dashboard/api';

/** The plan's name in the current language (an unknown id is shown as it is). */
export function usePlanName() {
  const { t } = useTranslation('dashboard');
  return (plan: string) => t(`plans.${plan}`, { defaultValue: plan });
}

type TPlanOverview = Pick<TOverview, 'plan' | 'trialEndsAt' | 'trialDaysLeft' | 'planStatus' | 'planUntil' | 'paidPlan'>;

function PaidSummary({ overview, plan }: { overview: TPlanOverview; plan: string }) {
  const { t } = useTranslation('dashboard');
  const formatDate = useDateFormat();
  const date = overview.planUntil ? formatDate(overview.planUntil) : '';
  const key = { active: 'paidUntil', canceled: 'canceledUntil', past_due: 'pastDue', expired: 'lapsed', trial: 'current' }[overview.planStatus];
  return (
    <div className="space-y-2">
      <p data-testid="plan-summary" className={overview.planStatus === 'active' ? 'font-medium text-gray-900' : 'font-medium text-amber-800'}>
        {t(`overview.plan.${key}`, { plan, date })}
      </p>
      <Link to="/dashboard/billing" className="text-sm font-medium text-primary-700 hover:underline">
        {t('overview.plan.manage')}
      </Link>
    </div>
  );
}

/**
 * "5 days left in your free trial of the independent plan" while on trial; once a plan is paid, what applies to it
 * (paid until, cancelled, grace, ended): the status comes from the server's plan standing, not the trial date.
 */
export function PlanSummary({ overview }: { overview: TPlanOverview }) {
  const { t } = useTranslation('dashboard');
  const planName = usePlanName();
  const formatDate = useDateFormat();
  const plan = planName(overview.plan);
  if (overview.paidPlan) {
    return <PaidSummary overview={overview} plan={plan} />;
  }
  if (!overview.trialEndsAt) return <p data-testid="plan-summary">{t('overview.plan.current', { plan })}</p>;
  if (overview.planStatus !== 'trial' || overview.trialDaysLeft <= 0) {
    return (
      <p data-testid="plan-summary" className="font-medium text-amber-800">
        {t('overview.plan.trialEnded', { plan })}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <p data-testid="plan-summary" className="font-medium text-gray-900">
        {t('overview.plan.trialDaysLeft', { count: overview.trialDaysLeft, plan })}
      </p>
      <p className="text-sm text-gray-600">{t('overview.plan.trialEndsOn', { date: formatDate(overview.trialEndsAt) })}</p>
    </div>
  );
}
