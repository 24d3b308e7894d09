import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '@web/components/ui/loading-overlay';
import { SlotsProvider } from '@web/lib/slots';
import { slots } from './slots';

/** Spec §2.6: every navigation starts at the top, unless it asks for a section by id. */
function useScrollToTop() {
  const { key, hash, state } = useLocation();
  useEffect(() => {
    const sectionId = (state as { sectionId?: unknown } | null)?.sectionId ?? hash.slice(1);
    const target = typeof sectionId === 'string' && sectionId ? document.getElementById(sectionId) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, state]);
}

/**
 * Decision 210: a push subscription made with a replaced server key, or one the server dropped, is renewed quietly
 * once per app start (features/notifications/push-renewal.ts). Tried again on the next screen until a signed-in
 * person's answer came; loaded only where notifications are allowed.
 */
function usePushRenewal() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    void import('@web/features/notifications/push-renewal').then((m) => m.renewPushSubscription()).catch(() => undefined);
  }, [pathname]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useScrollToTop();
  usePushRenewal();
  return (
    <SlotsProvider value={slots}>
      {navigation.state !== 'idle' && <LoadingOverlay />}
      <Outlet />
    </SlotsProvider>
  );
}
