import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccountLanguageSync } from '@web/lib/account-language';
import { Brand } from '@web/components/area/brand';
import { isolate } from '@web/lib/format';
import { GlobeIcon, MessageIcon } from '@web/components/ui/icons';
import { Link } from 'react-router';
import { SessionProvider, useLiveSession } from '@web/components/area/session';
import { SignOutButton } from '@web/components/area/sign-out-button';
import { NotificationBell } from '@web/components/area/notification-bell';
import { useUnreadNotifications } from '@web/lib/notifications';
import { SkipLink } from '@web/components/area/skip-link';
import { LanguageSwitcher } from '@web/components/ui/language-switcher';
import { studentGuard } from '@web/lib/guards';
import { AreaMain, withAreaProviders } from '@web/components/area/area-frame';

export const studentLoader = studentGuard;

function StudentShell() {
  const { t } = useTranslation('dashboard');
  const { subdomain } = useParams();
  // Under a teacher's platform the student signs in and out there (spec §2.4).
  const loginPath = subdomain ? `/platform/${subdomain}/login` : '/student/login';
  const home = subdomain ? `/platform/${subdomain}/student/dashboard` : '/student/dashboard';
  const session = useLiveSession(loginPath, (s) => Boolean(s.student));
  const unread = useUnreadNotifications();
  useAccountLanguageSync(session.user.name, session.user.language);
  const name = session.student?.name ?? session.user.name;
  const platform = subdomain ? session.student?.platforms.find((p) => p.subdomain === subdomain) : undefined;

  return (
    <SessionProvider value={session}>
      <div className="flex min-h-screen flex-col bg-gray-50" data-testid="student-layout">
        <SkipLink />
        <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
            <Brand to={home} area={t('student.area')} />
            {/* At phone width the four buttons leave the name one or two letters: it shows from 640 px up. */}
            <p className="min-w-0 flex-1 truncate text-end font-bold text-gray-900" data-testid="top-bar-name">
              <span className="hidden sm:inline">{name}</span>
            </p>
            <Link
              to={`${home}/messages`}
              aria-label={t('student.messages')}
              title={t('student.messages')}
              data-testid="student-messages-link"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              <MessageIcon className="h-6 w-6" />
            </Link>
            <NotificationBell to={`${home}/notifications`} unread={unread} />
            <LanguageSwitcher />
            <SignOutButton loginPath={loginPath} />
          </div>
        </header>
        {subdomain && (
          <div className="border-b border-primary-100 bg-primary-50" data-testid="current-platform">
            <p className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-sm text-primary-900 sm:px-6">
              <GlobeIcon className="h-4 w-4" />
              <span className="min-w-0">
                {platform ? t('student.onPlatform', { name: platform.name }) : t('student.onPlatformUnknown', { subdomain: isolate(subdomain) })}
              </span>
            </p>
          </div>
        )}
        <AreaMain className="max-w-5xl" />
      </div>
    </SessionProvider>
  );
}

/** The student area's frame (/student/dashboard/*, /platform/{subdomain}/student/dashboard/*). */
export const StudentLayout = withAreaProviders(StudentShell);
