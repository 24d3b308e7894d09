import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccountLanguageSync } from '@web/lib/account-language';
import { Brand } from '@web/components/area/brand';
import { useMediaQuery } from '@web/lib/media';
import { SessionProvider, useLiveSession } from '@web/components/area/session';
import { SkipLink } from '@web/components/area/skip-link';
import { teacherGuard } from '@web/lib/guards';
import { PlanBanner } from './components/plan-banner';
import { SidebarNav } from './components/sidebar-nav';
import { StaffBanner } from './components/staff-banner';
import { TopBar } from './components/top-bar';
import { AreaMain, withAreaProviders } from '@web/components/area/area-frame';

export const teacherLoader = teacherGuard;

/**
 * The drawer (Radix's dialog, ~13 KB gzip) is loaded when a phone first opens the menu, not with the dashboard:
 * a desktop never needs it (issue 29: the dashboards' first load).
 */
const MobileDrawer = lazy(() => import('./components/mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

/** Tailwind's `md` breakpoint: from here on the sidebar is always shown and the drawer is not needed. */
const DESKTOP = '(min-width: 768px)';

function TeacherShell() {
  const { t } = useTranslation('dashboard');
  const session = useLiveSession('/login', (s) => s.isTeacher);
  useAccountLanguageSync(session.user.name, session.user.language);
  const location = useLocation();
  const desktop = useMediaQuery(DESKTOP);
  // The drawer belongs to the location it was opened on: any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerOpen = !desktop && drawerAt === location.key;
  // Mounted from its first opening on, so that it can also animate and give the focus back when it closes.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const name = session.teacher?.name ?? session.user.name;

  return (
    <SessionProvider value={session}>
      <div className="min-h-screen bg-gray-50 md:flex" data-testid="teacher-layout">
        <SkipLink />
        {/* The aside runs the full height (for its border); its content stays in view while the page scrolls. */}
        <aside aria-label={t('nav.sidebar')} className="hidden border-e border-gray-200 bg-white md:block md:w-64 md:shrink-0">
          <div className="sticky top-0 flex h-screen flex-col overflow-y-auto">
            <div className="border-b border-gray-100 px-6 py-4">
              <Brand to="/teacher/dashboard" area={t('topBar.teacherArea')} />
            </div>
            <SidebarNav testId="sidebar-nav" />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar name={name} menuOpen={drawerOpen} onOpenMenu={() => setDrawerAt(location.key)} menuButtonRef={menuButton} />
          <StaffBanner />
          <PlanBanner />
          <AreaMain className="max-w-6xl lg:px-8" />
        </div>
        {drawerUsed && (
          <Suspense fallback={null}>
            <MobileDrawer open={drawerOpen} onOpenChange={(open) => setDrawerAt(open ? location.key : null)} name={name} returnFocusTo={menuButton} />
          </Suspense>
        )}
      </div>
    </SessionProvider>
  );
}

/** The teacher area's frame (/dashboard/*, /teacher/*): sidebar, top bar and the section inside. */
export const TeacherLayout = withAreaProviders(TeacherShell);
