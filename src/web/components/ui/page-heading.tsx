import type { ReactNode } from 'react';
import { usePageTitle } from '@web/components/page-title';

/** The page's single h1, and the tab title ("{title} | Darsi") that goes with it. */
export function PageTitle({ title, heading, subtitle, children }: { title: string; heading?: string; subtitle?: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold text-gray-900 sm:text-3xl">{heading ?? title}</h1>
        {subtitle && <p className="mt-1 text-gray-600">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
