import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import { EyeIcon, EyeOffIcon } from './icons';

type TFieldProps = ComponentProps<'input'> & { label: string; error?: string; hint?: string };

const INPUT_CLASS =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-gray-900 placeholder:text-gray-400 focus:outline-2 focus:outline-offset-0 focus:outline-primary-500 disabled:bg-gray-100';

function FieldShell({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export function TextField({ label, error, hint, id, className, ...props }: TFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cx(INPUT_CLASS, error ? 'border-red-500' : 'border-gray-300', className)}
        {...props}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle at its end. */
export function PasswordField({ label, error, hint, id, className, ...props }: Omit<TFieldProps, 'type'>) {
  const { t } = useTranslation('dashboard');
  const auto = useId();
  const fieldId = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={fieldId}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={cx(INPUT_CLASS, 'pe-12', error ? 'border-red-500' : 'border-gray-300', className)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={fieldId}
          aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {shown ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
        </button>
      </div>
    </FieldShell>
  );
}
