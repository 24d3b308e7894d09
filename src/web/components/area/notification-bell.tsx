import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@web/components/ui/icons';

/** The bell in every signed-in area's top bar: the unread count, a link to the notification centre. */
export function NotificationBell({ to, unread }: { to: string; unread: number }) {
  const { t } = useTranslation('notifications');
  const label = unread > 0 ? t('bell.unread', { n: unread }) : t('bell.label');
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500"
    >
      <BellIcon className="h-6 w-6" />
      {unread > 0 && (
        <span
          data-testid="notification-count"
          className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
