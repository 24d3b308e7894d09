import type { ReactNode } from 'react';
import { useSite } from '@views/site/context';

/*
 * Forms post to /site-forms/* so they work without JavaScript (the server answers with a redirect
 * back to the page and a status); the script sends them to /api/site/* instead and shows per-field
 * errors and the exact messages of spec §8 in place.
 */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 placeholder:text-gray-500 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-[invalid=true]:border-red-600';

type TFieldProps = {
  form: string;
  name: string;
  label: string;
  optional?: boolean;
  hint?: string;
  children: (props: { id: string; 'aria-describedby': string }) => ReactNode;
};

export function Field({ form, name, label, optional, hint, children }: TFieldProps) {
  const { t } = useSite();
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-gray-800">
        {label}
        {optional && <span className="ms-1 font-normal text-gray-600">({t('contact.optional')})</span>}
      </label>
      {children({ id, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} data-error-for={name} className="mt-1 text-sm font-medium text-red-700" hidden />
    </div>
  );
}

/** People never see it; a bot that fills every input does, and its message is dropped. */
export function Honeypot({ form }: { form: string }) {
  const { t } = useSite();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${form}-website`}>{t('forms.honeypot')}</label>
      <input id={`${form}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

type TSiteFormProps = {
  form: 'contact' | 'feedback' | 'newsletter' | 'unsubscribe';
  success: string;
  failure: string;
  /** A message for a required field left empty, when it differs from the generic one (feedback text). */
  requiredMessages?: Record<string, string>;
  className?: string;
  children: ReactNode;
};

export function SiteForm({ form, success, failure, requiredMessages, className, children }: TSiteFormProps) {
  const { t, path, formResult } = useSite();
  const status = formResult?.form === form ? formResult.status : null;
  return (
    <form
      method="post"
      action={`/site-forms/${form}?return=${encodeURIComponent(path)}`}
      noValidate
      data-site-form={form}
      data-success={success}
      data-failure={failure}
      data-required={t('errors:fields.required')}
      data-required-fields={requiredMessages ? JSON.stringify(requiredMessages) : undefined}
      data-email-invalid={t('errors:fields.email')}
      className={className}
    >
      {children}
      <Honeypot form={form} />
      <p
        data-form-status
        role="status"
        aria-live="polite"
        data-state={status === 'sent' ? 'success' : status === 'error' ? 'error' : undefined}
        className="text-sm font-medium empty:hidden data-[state=error]:text-red-700 data-[state=success]:text-green-800"
      >
        {status === 'sent' ? success : status === 'error' ? failure : ''}
      </p>
    </form>
  );
}

export function SubmitButton({ label, className = '' }: { label: string; className?: string }) {
  return (
    <button
      type="submit"
      className={`rounded-xl bg-primary-700 px-5 py-3 font-bold text-white hover:bg-primary-800 disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {label}
    </button>
  );
}
