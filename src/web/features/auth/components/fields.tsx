import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const INPUT =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-xs outline-none placeholder:text-gray-400 ' +
  'focus:border-primary-500 focus:ring-2 focus:ring-primary-200 aria-invalid:border-red-500 aria-invalid:focus:ring-red-200 disabled:bg-gray-50';

type TFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The error changes while the user types: announce it (politely) as it changes. */
  live?: boolean;
  children: ReactNode;
};

/** A label, its control, then an optional hint and the field's error (announced with the control). */
export function Field({ id, label, error, hint, live, children }: TFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </div>
      )}
      {live ? (
        // Always present, so that screen readers hear the message appear; empty, it takes no room.
        <div aria-live="polite" className="empty:-mt-1.5">
          {error && (
            <p id={`${id}-error`} data-testid={`${id}-error`} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      ) : (
        error && (
          <p id={`${id}-error`} data-testid={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )
      )}
    </div>
  );
}

type TInputProps = ComponentProps<'input'> & { invalid?: boolean; describedBy?: string };

export function TextInput({ invalid, describedBy, className, ...props }: TInputProps) {
  return (
    <input
      {...props}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={`${INPUT} ${className ?? ''}`}
    />
  );
}

/** The ids a field's control points to with aria-describedby. */
export function describedBy(id: string, error: string | undefined, hasHint = false): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** A password box with a show/hide toggle; the toggle never submits the form. */
export function PasswordInput({ invalid, describedBy: described, className, ...props }: Omit<TInputProps, 'type'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
        className={`${INPUT} pe-11 ${className ?? ''}`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('password.hide') : t('password.show')}
        aria-pressed={visible}
        aria-controls={props.id}
        data-testid={props.id ? `${props.id}-toggle` : undefined}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        <EyeIcon open={!visible} />
      </button>
    </div>
  );
}

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
