import type { ReactNode } from 'react';

/** Nothing to list yet: what is missing, why, and (as children) the way to add the first one. */
export function EmptyState({ title, body, children, testId }: { title: string; body?: string; children?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
      <p className="font-bold text-gray-900">{title}</p>
      {body ? <p className="max-w-md text-sm text-gray-600">{body}</p> : null}
      {children}
    </div>
  );
}
