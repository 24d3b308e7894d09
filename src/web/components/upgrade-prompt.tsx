import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { SparkIcon } from '@web/components/ui/icons';
import { useBytesFormat } from '@web/lib/format';
import type { TUsage } from '@web/lib/course-queries';

type TWhat = 'courses' | 'students' | 'storage';

/** Used and allowed, in the unit each limit is shown in (bytes for storage); null limit is unlimited. */
function measure(usage: TUsage, what: TWhat): { used: number; limit: number | null } {
  return what === 'storage' ? { used: usage.storage.usedBytes, limit: usage.storage.limitBytes } : usage[what];
}

/** Bytes as the admin's screen shows them too (303 kB, not "0 GB"): one format for one figure. */
const useGigabytes = useBytesFormat;

/**
 * Shown when a plan limit is reached (or nearly): what the plan allows, the trial, and the next plan.
 * Buying a plan comes later; the link leads to the plans and payment methods.
 */
export function UpgradePrompt({ usage, what, message }: { usage: TUsage; what: TWhat; message?: string }) {
  const { t } = useTranslation('courses');
  const gb = useGigabytes();
  const { used, limit } = measure(usage, what);
  if (limit === null) return null;
  const full = used >= limit;
  if (!full && !message) return null;
  return (
    <div
      role="status"
      data-testid="upgrade-prompt"
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <SparkIcon className="h-6 w-6 text-amber-700" />
      <div className="min-w-0 flex-1 text-sm text-amber-900">
        <p className="font-bold">
          {message ?? (what === 'storage' ? t('upgrade.storageFull', { limit: gb(limit) }) : t(`upgrade.${what}Full`, { count: limit }))}
        </p>
        <p>
          {usage.nextPlan
            ? t('upgrade.body', { plan: t(`dashboard:plans.${usage.plan}`), next: t(`dashboard:plans.${usage.nextPlan}`) })
            : t('upgrade.bodyTop')}
          {usage.onTrial ? ` ${t('upgrade.trial', { count: usage.trialDaysLeft })}` : ''}
        </p>
      </div>
      <Link to="/payment" className={buttonClass('primary', 'sm')}>
        {t('upgrade.cta')}
      </Link>
    </div>
  );
}

/** "3 / 7 courses" with the plan's name, or "unlimited"; storage in GB. */
export function UsageLine({ usage, what }: { usage: TUsage; what: TWhat }) {
  const { t } = useTranslation('courses');
  const gb = useGigabytes();
  const { used, limit } = measure(usage, what);
  const text =
    what === 'storage'
      ? t('usage.storage', { used: gb(used), limit: gb(limit ?? 0) })
      : limit === null
        ? t(`usage.${what}Unlimited`, { used })
        : t(`usage.${what}`, { used, limit });
  return (
    <p className="text-sm text-gray-600" data-testid={`usage-${what}`}>
      {text}
      {' · '}
      {t('usage.plan', { plan: t(`dashboard:plans.${usage.plan}`) })}
    </p>
  );
}
