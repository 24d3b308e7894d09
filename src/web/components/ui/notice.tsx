import type { ReactNode } from 'react';
import { cx } from '@web/lib/cx';
import { AlertIcon, CheckIcon } from './icons';

type TTone = 'success' | 'error' | 'info';

const TONES: Record<TTone, string> = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-primary-200 bg-primary-50 text-primary-900',
};

/** An inline message box. Errors are announced at once (role=alert), the others politely. */
export function Notice({ tone = 'info', children, className, testId }: { tone?: TTone; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx('flex items-start gap-2 rounded-xl border p-3 text-sm', TONES[tone], className)}
    >
      {tone === 'success' ? <CheckIcon className="mt-0.5 h-4 w-4" /> : <AlertIcon className="mt-0.5 h-4 w-4" />}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
