import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAccountLanguageSync } from '@web/lib/account-language';
import { Brand } from '@web/components/area/brand';
import { cx } from '@web/lib/cx';
import { ExternalLinkIcon, ShieldIcon } from '@web/components/ui/icons';
import { SessionProvider, useLiveSession } from '@web/components/area/session';
import { SignOutButton } from '@web/components/area/sign-out-button';
import { NotificationBell } from '@web/components/area/notification-bell';
import { useUnreadNotifications } from '@web/lib/notifications';
import { SkipLink } from '@web/components/area/skip-link';
import { LanguageSwitcher } from '@web/components/ui/language-switcher';
import { adminGuard } from '@web/lib/guards';
import { AdminSections } from './components/admin-sections';
import { AreaMain, withAreaProviders } from '@web/components/area/area-frame';

export const adminLoader = adminGuard;
export { AdminGuardError } from './components/guard-error';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-500',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-gray-700 hover:bg-gray-100',
  );

function AdminShell() {
  const { t } = useTranslation('dashboard');
  const session = useLiveSession('/admin/login', (s) => s.isAdmin);
  const unread = useUnreadNotifications();
  useAccountLanguageSync(session.user.name, session.user.language);
  return (
    <SessionProvider value={session}>
      <div className="flex min-h-screen flex-col bg-gray-50" data-testid="admin-layout">
        <SkipLink />
        <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
            <Brand to="/admin/dashboard" area={t('admin.area')} />
            <p className="flex min-w-0 flex-1 items-center justify-end gap-1.5 font-bold text-gray-900">
              <ShieldIcon className="hidden h-4 w-4 text-primary-600 sm:block" />
              <span className="truncate" data-testid="top-bar-name">
                {session.user.name}
              </span>
            </p>
            <NotificationBell to="/admin/dashboard/notifications" unread={unread} />
            <LanguageSwitcher />
            <SignOutButton loginPath="/admin/login" />
          </div>
          <nav aria-label={t('admin.nav.label')} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2 sm:flex-wrap sm:px-6">
            <NavLink to="/admin/dashboard" end className={navClass}>
              {t('admin.nav.dashboard')}
            </NavLink>
            <AdminSections className={navClass} />
            <Link to="/" target="_blank" rel="noopener noreferrer" className={navClass({ isActive: false })}>
              {t('admin.nav.site')}
              <ExternalLinkIcon className="h-4 w-4" />
            </Link>
          </nav>
        </header>
        <AreaMain className="max-w-6xl" />
      </div>
    </SessionProvider>
  );
}

/** The admin area's frame (/admin/dashboard/*): header, navigation and the page inside. */
export const AdminLayout = withAreaProviders(AdminShell);
