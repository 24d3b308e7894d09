import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@web/lib/cx';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cx('rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6', className)} {...props} />;
}

/** A card's heading: one h2 per card, so that every page keeps a single h1. */
export function CardHeader({ title, description, icon, id }: { title: string; description?: ReactNode; icon?: ReactNode; id?: string }) {
  return (
    <header className="mb-4 flex items-start gap-3">
      {icon && <span className="rounded-xl bg-primary-50 p-2 text-primary-700">{icon}</span>}
      <div className="min-w-0">
        <h2 id={id} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
    </header>
  );
}
