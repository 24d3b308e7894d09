import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@web/lib/format';
import type { TOverview } from '@web/features/dashboard/api';

/** The plan's name in the current language (an unknown id is shown as it is). */
export function usePlanName() {
  const { t } = useTranslation('dashboard');
  return (plan: string) => t(`plans.${plan}`, { defaultValue: plan });
}

/** "5 days left in your free trial of the independent plan", or what applies once the trial is over. */
export function PlanSummary({ overview }: { overview: Pick<TOverview, 'plan' | 'trialEndsAt' | 'trialDaysLeft'> }) {
  const { t } = useTranslation('dashboard');
  const planName = usePlanName();
  const formatDate = useDateFormat();
  const plan = planName(overview.plan);
  if (!overview.trialEndsAt) return <p data-testid="plan-summary">{t('overview.plan.current', { plan })}</p>;
  if (overview.trialDaysLeft <= 0) {
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
