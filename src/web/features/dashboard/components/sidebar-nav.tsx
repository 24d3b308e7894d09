import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cx } from '@web/lib/cx';
import { pendingCodesQuery, pendingReceiptsQuery } from '@web/features/dashboard/api';
import { roleAllows } from '@shared/staff';
import { useSession } from '@web/components/area/session';
import { isActive, isSoon, NAV_GROUPS, navAllowed, type TNavItem } from './nav-items';

/**
 * What follows an entry's label: "coming soon" for a section not built yet, or how many items wait in it. The
 * link keeps its plain name; screen readers hear the mark as its description (`describedBy`).
 */
function Mark({ item, pending, describedBy }: { item: TNavItem; pending: number; describedBy: string }) {
  const { t } = useTranslation('dashboard');
  if (isSoon(item)) return <SoonMark item={item} describedBy={describedBy} />;
  if (!item.count || pending === 0) return null;
  return (
    <>
      <span
        aria-hidden
        className="shrink-0 rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-white"
        data-testid={item.count === 'pendingCodes' ? 'nav-pending-codes' : 'nav-pending-receipts'}
      >
        {pending}
      </span>
      <span id={describedBy} hidden>
        {t(`nav.${item.count}`, { count: pending })}
      </span>
    </>
  );
}

function SoonMark({ item, describedBy }: { item: TNavItem; describedBy: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <span aria-hidden className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 text-[11px] font-medium text-gray-600" data-soon>
        {t('nav.soon')}
      </span>
      <span id={describedBy} hidden>
        {t('nav.soonLabel', { name: t(`nav.${item.key}`) })}
      </span>
    </>
  );
}

/** The dashboard sections, grouped; the current one is marked for sight and for screen readers. */
export function SidebarNav({ onNavigate, testId }: { onNavigate?: () => void; testId: string }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  // A staff member sees the sections their role allows (issue 28), and counts only for those.
  const role = useSession().staff?.role ?? null;
  const counts = {
    pendingCodes: useQuery({ ...pendingCodesQuery, enabled: roleAllows(role, 'codes') }).data ?? 0,
    pendingReceipts: useQuery({ ...pendingReceiptsQuery, enabled: roleAllows(role, 'receipts') }).data ?? 0,
  };
  const groups = NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter((item) => navAllowed(item, role)) })).filter((g) => g.items.length);
  return (
    <nav aria-label={t('nav.label')} data-testid={testId} className="flex flex-col gap-5 px-3 py-4">
      {groups.map((group) => (
        <div key={group.key}>
          <p id={`${testId}-${group.key}`} className="px-3 pb-1.5 text-xs font-bold tracking-wide text-gray-500">
            {t(`nav.groups.${group.key}`)}
          </p>
          <ul aria-labelledby={`${testId}-${group.key}`} className="space-y-0.5">
            {group.items.map((item) => {
              const active = isActive(item, pathname);
              const pending = item.count ? counts[item.count] : 0;
              const Icon = item.icon;
              return (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    aria-describedby={isSoon(item) || (item.count && pending > 0) ? `${testId}-${item.key}-mark` : undefined}
                    data-nav={item.key}
                    className={cx(
                      'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-500',
                      active ? 'bg-primary-50 text-primary-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                    )}
                  >
                    <Icon className={cx('h-5 w-5', active ? 'text-primary-600' : 'text-gray-400')} />
                    <span className={cx('min-w-0 flex-1 truncate', isSoon(item) && 'text-gray-500')}>{t(`nav.${item.key}`)}</span>
                    <Mark item={item} pending={pending} describedBy={`${testId}-${item.key}-mark`} />
                    {active && <span aria-hidden className="h-5 w-1 rounded-full bg-primary-600" />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
