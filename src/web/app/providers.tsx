import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';
import { directionOf, toLanguage } from '@shared/i18n';
import { toasterGate } from '@web/lib/notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Rendered after the Toaster inside the same boundary, so its effect runs once the Toaster subscribed. */
function Ready() {
  useEffect(() => toasterGate.markReady(), []);
  return null;
}

function Toasts() {
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  const [wanted, setWanted] = useState(false);
  useEffect(() => toasterGate.onRequest(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS.other}
        dir={directionOf(toLanguage(i18n.resolvedLanguage))}
        position="top-center"
        richColors
        closeButton
        containerAriaLabel={t('toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
      <Ready />
    </Suspense>
  );
}

/**
 * App-wide providers kept small for the first load. TanStack Query is provided by the signed-in
 * layouts, which are the screens that fetch data (see docs/decisions/005-initial-bundle.md).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toasts />
    </>
  );
}
