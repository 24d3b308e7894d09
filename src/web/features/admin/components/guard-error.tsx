import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/components/page-title';
import { ApiError } from '@web/lib/api-error';
import { signOut } from '@web/lib/session';

/**
 * Spec §6 admin guard: when the session itself cannot be checked (the server or the network failed), an
 * error screen with the message, a retry that reloads the page and a sign-out that leads to /admin/login.
 * The spec's texts are partly Spanish ('Error de autenticación: …', 'Error: …', fallback 'Desconocido');
 * they are given here in the page's language (decision 123).
 */
export function AdminGuardError() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  usePageTitle(t('guardError.title'));
  const detail =
    error instanceof ApiError && error.code === 'NETWORK'
      ? t('errors:codes.NETWORK')
      : error instanceof Error && error.message
        ? error.message
        : t('guardError.unknown');
  const message = error instanceof ApiError ? t('guardError.auth', { message: detail }) : t('guardError.other', { message: detail });
  const leave = async () => {
    setBusy(true);
    await signOut();
    await navigate('/admin/login', { replace: true });
  };
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="admin-guard-error">
      <h1 className="text-2xl font-bold text-gray-900">{t('guardError.title')}</h1>
      <p role="alert" dir="auto" className="mt-3 break-words text-gray-700" data-testid="admin-guard-message">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Button onClick={() => window.location.reload()} data-testid="admin-guard-retry">
          {t('guardError.retry')}
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => void leave()} data-testid="admin-guard-sign-out">
          {t('guardError.signOut')}
        </Button>
      </div>
    </main>
  );
}
