import type { ReactNode } from 'react';

/** The sign-in screens' form messages and submit button (their fields are the kit's, components/ui/form-field). */
export function ErrorBox({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div role="alert" data-testid={testId} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm leading-relaxed text-red-800">
      {message}
    </div>
  );
}

export function SuccessBox({ children, testId = 'form-success' }: { children: ReactNode; testId?: string }) {
  return (
    <div role="status" data-testid={testId} className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm leading-relaxed text-green-900">
      {children}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel, disabled }: { busy: boolean; label: string; busyLabel: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-primary-600 px-4 py-2.5 font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy && <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {busy ? busyLabel : label}
    </button>
  );
}

export const LINK = 'font-medium text-primary-700 underline-offset-4 hover:underline';
