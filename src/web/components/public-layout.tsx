import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { LanguageSwitcher } from './ui/language-switcher';
import { LoadingOverlay } from './ui/loading-overlay';

/** A screen only a signed-in teacher can see (the lesson preview) says so in its route handle. */
function useTeacherHeader(): boolean {
  const handle = useMatches().at(-1)?.handle as { header?: string } | undefined;
  return handle?.header === 'teacher';
}

function Header() {
  const { t } = useTranslation();
  const teacherHeader = useTeacherHeader();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-100 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" reloadDocument className="text-2xl font-extrabold text-primary-700">
          {t('app.name')}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {teacherHeader ? (
            <Link to="/dashboard" className="rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-gray-50" data-testid="header-dashboard">
              {t('nav.dashboard')}
            </Link>
          ) : (
            <>
              <Link to="/login" className="rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-gray-50">
                {t('nav.login')}
              </Link>
              <Link to="/register" className="rounded-lg bg-primary-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-700">
                {t('nav.register')}
              </Link>
            </>
          )}
          <LanguageSwitcher />
        </div>
      </nav>
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-gray-100 bg-gray-50">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-gray-600">{t('footer.rights', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Suspense fallback={<LoadingOverlay />}>
        <Header />
        <main className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </Suspense>
    </div>
  );
}
