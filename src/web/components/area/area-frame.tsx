import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '@web/lib/query-client';
import { cx } from '@web/lib/cx';
import { LoadingOverlay } from '@web/components/ui/loading-overlay';

/**
 * A signed-in area (teacher, student, admin) as a route element: TanStack Query is provided here, not by
 * the shell, so that the public screens' first load goes without it (docs/decisions/005-initial-bundle.md).
 */
export function withAreaProviders(Shell: ComponentType) {
  return function Area() {
    return (
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingOverlay />}>
          <Shell />
        </Suspense>
      </QueryClientProvider>
    );
  };
}

/** The area's page, the skip link's target; a screen still loading shows the overlay. */
export function AreaMain({ className }: { className: string }) {
  return (
    <main id="main" tabIndex={-1} className={cx('mx-auto w-full flex-1 px-4 py-6 focus:outline-none sm:px-6', className)}>
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
