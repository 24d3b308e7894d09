import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@web/components/ui/language-switcher';
import { MenuIcon } from '@web/components/ui/icons';
import { SignOutButton } from '@web/components/area/sign-out-button';
import { NotificationBell } from '@web/components/area/notification-bell';
import { useUnreadNotifications } from '@web/lib/notifications';
import { PlatformLink } from './platform-link';
import { overviewQuery } from '@web/features/dashboard/api';

type TTopBarProps = { name: string; menuOpen: boolean; onOpenMenu: () => void; menuButtonRef: Ref<HTMLButtonElement> };

/** Who is signed in, their platform, the language, and the way out; on phones also the menu button. */
export function TopBar({ name, menuOpen, onOpenMenu, menuButtonRef }: TTopBarProps) {
  const { t } = useTranslation('dashboard');
  const overview = useQuery(overviewQuery);
  const unread = useUnreadNotifications();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          data-testid="menu-button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500 md:hidden"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate font-bold text-gray-900" data-testid="top-bar-name">
            {name}
          </p>
          {overview.data && <PlatformLink url={overview.data.platformUrl} testId="top-bar-platform-link" className="text-xs" />}
        </div>
        <NotificationBell to="/teacher/notifications" unread={unread} />
        <LanguageSwitcher />
        <SignOutButton loginPath="/login" />
      </div>
    </header>
  );
}
