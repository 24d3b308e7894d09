import type { ReactNode } from 'react';

/** A page section with its heading; `id` makes it a target for /#id links (navigation state, spec §2.1). */
export function Section({
  id,
  title,
  subtitle,
  children,
  tone = 'white',
  level = 2,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  tone?: 'white' | 'muted';
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className={`scroll-mt-20 py-16 sm:py-20 ${tone === 'muted' ? 'bg-gray-50' : ''}`}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <Heading id={id ? `${id}-title` : undefined} className="text-3xl font-extrabold text-gray-900 sm:text-4xl">
            {title}
          </Heading>
          {subtitle && <p className="mt-4 text-lg text-gray-600">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The top of an inner page: its one h1 and an introduction. */
export function PageHero({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-primary-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
        <h1 className="text-3xl font-extrabold leading-tight text-gray-900 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-gray-700">{intro}</p>
        {children}
      </div>
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-gray-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}
