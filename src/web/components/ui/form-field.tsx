import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@web/lib/cx';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * The one set of form fields every area uses (teacher, student, admin, landing editor, sign-in screens).
 * Each field is a label, its control, an optional hint and the field's error, tied together with
 * `aria-describedby`/`aria-invalid`; the error is `#{id}-error` (also its test id), the hint `#{id}-hint`.
 * Controls take their native props (so `{...register('name')}` of react-hook-form works, ref included);
 * `onValueChange` is a shortcut for controlled editors. No TanStack Query here: the sign-in screens load
 * without it (decision 005).
 */
export const INPUT_CLASS =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-gray-900 placeholder:text-gray-400 focus:outline-2 focus:outline-offset-0 focus:outline-primary-500 disabled:bg-gray-100';

/** What every field takes besides its control's own props. `className` styles the field, `inputClassName` the control. */
type TFieldOwn = {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The error changes while the user types: announce it politely as it changes, rather than as an alert. */
  live?: boolean;
  className?: string;
  inputClassName?: string;
};

type TShellProps = Omit<TFieldOwn, 'inputClassName'> & { id: string; required?: boolean; children: ReactNode };

function ErrorText({ id, error, alert }: { id: string; error: string; alert?: boolean }) {
  return (
    <p id={`${id}-error`} role={alert ? 'alert' : undefined} data-testid={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  );
}

/** A label, its control, then the hint (while there is no error) and the error. */
function FieldShell({ id, label, error, hint, live, required, className, children }: TShellProps) {
  return (
    <div className={cx('min-w-0 space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden className="ms-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <div id={`${id}-hint`} data-testid={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </div>
      ) : null}
      {live ? (
        // Always present, so that screen readers hear the message appear; empty, it takes no room.
        <div aria-live="polite" className="empty:-mt-1.5">
          {error ? <ErrorText id={id} error={error} /> : null}
        </div>
      ) : error ? (
        <ErrorText id={id} error={error} alert />
      ) : null}
    </div>
  );
}

/** The ids a field's control points to with aria-describedby. */
export function describedBy(id: string, error: string | undefined, hasHint = false): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}

/** The accessibility attributes of a control inside a FieldShell. */
function controlAria(id: string, error: string | undefined, hint: ReactNode) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, Boolean(hint)) };
}

function useFieldId(id: string | undefined) {
  const auto = useId();
  return id ?? auto;
}

type TTextFieldProps = Omit<ComponentProps<'input'>, 'className'> & TFieldOwn & { onValueChange?: (value: string) => void };

/** A text, e-mail, number, URL, date or search field. */
export function TextField({ label, error, hint, live, className, inputClassName, id, onValueChange, value, onChange, ...props }: TTextFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} live={live} required={props.required} className={className}>
      <input
        id={fieldId}
        {...controlAria(fieldId, error, hint)}
        className={cx(INPUT_CLASS, error ? 'border-red-500' : 'border-gray-300', inputClassName)}
        value={onValueChange ? (value ?? '') : value}
        onChange={onValueChange ? (e) => onValueChange(e.target.value) : onChange}
        {...props}
      />
    </FieldShell>
  );
}

type TPasswordFieldProps = Omit<TTextFieldProps, 'type' | 'onValueChange'> & {
  /** The toggle's names, from the screen's own namespace (the sign-in screens load no other). */
  toggleLabels: { show: string; hide: string };
};

/** A password input with a show/hide toggle at its end; the toggle never submits the form. */
export function PasswordField({ label, error, hint, live, className, inputClassName, id, toggleLabels, ...props }: TPasswordFieldProps) {
  const fieldId = useFieldId(id);
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} live={live} required={props.required} className={className}>
      <div className="relative">
        <input
          id={fieldId}
          {...controlAria(fieldId, error, hint)}
          className={cx(INPUT_CLASS, 'pe-12', error ? 'border-red-500' : 'border-gray-300', inputClassName)}
          {...props}
          type={shown ? 'text' : 'password'}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={fieldId}
          aria-label={shown ? toggleLabels.hide : toggleLabels.show}
          data-testid={`${fieldId}-toggle`}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {shown ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
        </button>
      </div>
    </FieldShell>
  );
}

type TTextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> & TFieldOwn & { onValueChange?: (value: string) => void };

export function TextAreaField({
  label,
  error,
  hint,
  live,
  className,
  inputClassName,
  id,
  rows = 3,
  onValueChange,
  value,
  onChange,
  ...props
}: TTextAreaFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} live={live} required={props.required} className={className}>
      <textarea
        id={fieldId}
        rows={rows}
        {...controlAria(fieldId, error, hint)}
        className={cx(INPUT_CLASS, 'min-h-24', error ? 'border-red-500' : 'border-gray-300', inputClassName)}
        value={onValueChange ? (value ?? '') : value}
        onChange={onValueChange ? (e) => onValueChange(e.target.value) : onChange}
        {...props}
      />
    </FieldShell>
  );
}

type TSelectFieldProps<T extends string> = Omit<ComponentProps<'select'>, 'className' | 'value'> &
  Omit<TFieldOwn, 'live'> & { value?: T; options: Array<{ value: T; label: string }>; onValueChange?: (value: T) => void };

/** A labelled native select: accessible, and fine on phones. */
export function SelectField<T extends string>({
  label,
  error,
  hint,
  className,
  inputClassName,
  id,
  options,
  onValueChange,
  onChange,
  ...props
}: TSelectFieldProps<T>) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required} className={className}>
      <select
        id={fieldId}
        {...controlAria(fieldId, error, hint)}
        className={cx(INPUT_CLASS, error ? 'border-red-500' : 'border-gray-300', inputClassName)}
        onChange={onValueChange ? (e) => onValueChange(e.target.value as T) : onChange}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type TCheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  label: string;
  className?: string;
  onCheckedChange?: (checked: boolean) => void;
};

/** A checkbox with its label after it (at the start side in RTL), a 44 px target. */
export function CheckboxField({ label, className, onCheckedChange, onChange, ...props }: TCheckboxFieldProps) {
  return (
    <label className={cx('inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800', className)}>
      <input
        type="checkbox"
        className="h-5 w-5 shrink-0 rounded border-gray-300 accent-primary-600 focus:outline-2 focus:outline-primary-500"
        onChange={onCheckedChange ? (e) => onCheckedChange(e.target.checked) : onChange}
        {...props}
      />
      {label}
    </label>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the native picker and the hex code, kept in step. */
export function ColorField({
  label,
  value,
  onValueChange,
  error,
  id,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'className'> &
  Omit<TFieldOwn, 'live' | 'inputClassName'> & { value: string; onValueChange: (value: string) => void }) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} className={className}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={label}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(e) => onValueChange(e.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-300"
        />
        <input
          id={fieldId}
          dir="ltr"
          {...controlAria(fieldId, error, undefined)}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={cx(INPUT_CLASS, 'font-mono', error ? 'border-red-500' : 'border-gray-300')}
          {...props}
        />
      </div>
    </FieldShell>
  );
}
