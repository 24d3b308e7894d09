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

export function RootLayout() {
  const navigation = useNavigation();
  useScrollToTop();
  return (
    <SlotsProvider value={slots}>
      {navigation.state !== 'idle' && <LoadingOverlay />}
      <Outlet />
    </SlotsProvider>
  );
}
