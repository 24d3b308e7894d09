import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { AlertIcon } from '@web/components/ui/icons';
import { planBannerQuery } from '@web/features/dashboard/api';
import { useDateFormat } from '@web/lib/format';
import { cx } from '@web/lib/cx';

/**
 * The plan's state on every teacher page (decision 100): after the trial without a paid plan, or after the
 * grace period, creating is paused and this says so with the way to pay; in grace or once cancelled, it warns.
 */
export function PlanBanner() {
  const { t } = useTranslation('billing');
  const formatDate = useDateFormat();
  const { pathname } = useLocation();
  const { data } = useQuery(planBannerQuery);
  if (!data || data.status === 'active' || data.status === 'trial') return null;
  const date = formatDate(data.until);
  const text = data.blocked
    ? t(data.hadPlan ? 'banner.planExpired' : 'banner.trialEnded')
    : t(data.status === 'past_due' ? 'banner.pastDue' : 'banner.canceled', { date });
  return (
    <div
      role="status"
      data-testid="plan-banner"
      className={cx(
        'border-b px-4 py-3 text-sm sm:px-6',
        data.blocked ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <AlertIcon className="h-5 w-5 shrink-0" />
        <p className="min-w-0 flex-1">{text}</p>
        {pathname !== '/dashboard/billing' && (
          <Link to="/dashboard/billing" className={buttonClass(data.blocked ? 'primary' : 'secondary', 'sm')} data-testid="plan-banner-action">
            {t('banner.action')}
          </Link>
        )}
      </div>
    </div>
  );
}
