import type { ReactNode } from 'react';
import { cx } from '@web/lib/cx';

export type TTone = 'green' | 'gray' | 'red' | 'blue' | 'amber';

const TONES: Record<TTone, string> = {
  green: 'bg-green-100 text-green-800',
  gray: 'bg-gray-100 text-gray-700',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-primary-100 text-primary-800',
  amber: 'bg-amber-100 text-amber-900',
};

/** A short state label (a status, a plan, a count) in one of the dashboard's tones. */
export function Badge({ tone, children, testId }: { tone: TTone; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={cx('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TONES[tone])}>
      {children}
    </span>
  );
}
