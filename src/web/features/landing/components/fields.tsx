import { useId, type ReactNode } from 'react';
import { cx } from '../../../components/ui/dashboard/cx';

export const INPUT =
  'block w-full min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-400 focus:outline-2 focus:outline-offset-0 focus:outline-primary-500';

type TBase = { label: string; error?: string; hint?: ReactNode; testId?: string };

function Shell({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="text-xs text-gray-500" data-testid={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Text({ label, error, hint, testId, value, onChange, type = 'text', dir, maxLength, placeholder, id }: TBase & { value: string | undefined; onChange: (v: string) => void; type?: string; dir?: 'ltr' | 'rtl' | 'auto'; maxLength?: number; placeholder?: string; id?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} error={error} hint={hint}>
      <input id={fieldId} data-testid={testId} type={type} dir={dir} maxLength={maxLength} placeholder={placeholder} value={value ?? ''} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} className={cx(INPUT, error && 'border-red-500')} />
    </Shell>
  );
}

export function Area({ label, error, hint, testId, value, onChange, rows = 3, maxLength }: TBase & { value: string | undefined; onChange: (v: string) => void; rows?: number; maxLength?: number }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <textarea id={id} data-testid={testId} rows={rows} maxLength={maxLength} dir="auto" value={value ?? ''} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} className={cx(INPUT, error && 'border-red-500')} />
    </Shell>
  );
}

export function Choice<T extends string>({ label, error, testId, value, options, onChange }: TBase & { value: T; options: Array<{ value: T; label: string }>; onChange: (v: T) => void }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error}>
      <select id={id} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as T)} className={INPUT}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function Toggle({ label, checked, onChange, testId, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId?: string; disabled?: boolean }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
      <input type="checkbox" className="h-5 w-5 accent-primary-600" checked={checked} disabled={disabled} data-testid={testId} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function Color({ label, value, onChange, testId, error }: TBase & { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error}>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={label} value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'} onChange={(e) => onChange(e.target.value)} className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-300" />
        <input id={id} data-testid={testId} dir="ltr" value={value} onChange={(e) => onChange(e.target.value)} className={cx(INPUT, 'font-mono', error && 'border-red-500')} />
      </div>
    </Shell>
  );
}
