import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@web/components/page-title';
import { LINK } from './fields';

type TAuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Under the card: links to the other auth screens. */
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
  children: ReactNode;
};

/** Every auth screen is one centred card with its own h1 and tab title. */
export function AuthCard({ title, subtitle, footer, wide, testId, children }: TAuthCardProps) {
  usePageTitle(title);
  return (
    <section className={`mx-auto w-full px-4 py-8 sm:py-14 ${wide ? 'max-w-xl' : 'max-w-md'}`} data-testid={testId}>
      <div className="rounded-2xl border border-gray-100 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {subtitle && <p className="mt-2 text-sm leading-relaxed text-gray-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-5 flex flex-col items-center gap-2 text-center text-sm text-gray-600">{footer}</div>}
    </section>
  );
}

/** A footer link to a sibling screen, after its lead-in when there is one ("Already have an account?"). */
export function AuthFooterLink({ to, label, lead }: { to: string; label: string; lead?: string }) {
  const link = (
    <Link to={to} className={LINK}>
      {label}
    </Link>
  );
  if (!lead) return link;
  return (
    <p>
      {lead} {link}
    </p>
  );
}
