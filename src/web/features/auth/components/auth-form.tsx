import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox, SubmitButton } from './fields';

type TAuthFormProps = {
  /** What `useAuthForm().submit(…)` returns. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  serverError: string | null;
  busy: boolean;
  submitLabel: string;
  /** The button's label while the form is being sent; "Working…" unless the screen says better. */
  busyLabel?: string;
  children: ReactNode;
};

/** An auth form: the server's error above the fields (the browser's own validation is off), the button below. */
export function AuthForm({ onSubmit, serverError, busy, submitLabel, busyLabel, children }: TAuthFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <ErrorBox message={serverError} />
      {children}
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel ?? t('common.working')} />
    </form>
  );
}
