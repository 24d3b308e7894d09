import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField as PasswordBox, TextField } from '@web/components/ui/form-field';
import { fieldMessage } from '@web/lib/form-errors';

type TAccountFieldProps = {
  /** What `register(name)` returns; the control's id is the field's name. */
  field: UseFormRegisterReturn;
  error: FieldError | undefined;
};

export function NameField({ field, error }: TAccountFieldProps) {
  const { t } = useTranslation('auth');
  const message = fieldMessage(t, error);
  const id = field.name;
  return <TextField id={id} label={t('fields.name')} error={message} autoComplete="name" placeholder={t('placeholders.name')} {...field} />;
}

/** Addresses are Latin: typed left to right, aligned with the other fields. */
export function EmailField({ field, error }: TAccountFieldProps) {
  const { t } = useTranslation('auth');
  const message = fieldMessage(t, error);
  const id = field.name;
  return (
    <TextField
      id={id}
      label={t('fields.email')}
      error={message}
      type="email"
      dir="ltr"
      autoComplete="email"
      inputMode="email"
      placeholder={t('placeholders.email')}
      inputClassName="text-start"
      {...field}
    />
  );
}

/** Optional; an Algerian number in any usual form (0555…, +213 555…), stored as +213… (issue 11). */
export function PhoneField({ field, error }: TAccountFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      id={field.name}
      label={t('fields.phoneOptional')}
      error={fieldMessage(t, error)}
      hint={t('fields.phoneHint')}
      type="tel"
      dir="ltr"
      autoComplete="tel"
      inputMode="tel"
      placeholder={t('placeholders.phone')}
      inputClassName="text-start"
      {...field}
    />
  );
}

type TPasswordFieldProps = TAccountFieldProps & {
  /** `new-password` lets the browser suggest a strong one; `current-password` fills the saved one. */
  autoComplete: 'current-password' | 'new-password';
  /** "Password" unless the screen names it otherwise (new password, confirmation). */
  label?: string;
  /** Show the password rules under the field (where one is chosen). */
  rules?: boolean;
};

export function PasswordField({ field, error, autoComplete, label, rules = false }: TPasswordFieldProps) {
  const { t } = useTranslation('auth');
  const message = fieldMessage(t, error);
  const id = field.name;
  return (
    <PasswordBox
      id={id}
      label={label ?? t('fields.password')}
      error={message}
      hint={rules ? t('password.hint') : undefined}
      toggleLabels={{ show: t('password.show'), hide: t('password.hide') }}
      autoComplete={autoComplete}
      {...field}
    />
  );
}
