import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput, TextInput, describedBy } from './fields';
import { fieldMessage } from './form-errors';

type TAccountFieldProps = {
  /** What `register(name)` returns; the control's id is the field's name. */
  field: UseFormRegisterReturn;
  error: FieldError | undefined;
};

export function NameField({ field, error }: TAccountFieldProps) {
  const { t } = useTranslation('auth');
  const message = fieldMessage(t, error);
  const id = field.name;
  return (
    <Field id={id} label={t('fields.name')} error={message}>
      <TextInput
        id={id}
        autoComplete="name"
        placeholder={t('placeholders.name')}
        invalid={Boolean(message)}
        describedBy={describedBy(id, message)}
        {...field}
      />
    </Field>
  );
}

/** Addresses are Latin: typed left to right, aligned with the other fields. */
export function EmailField({ field, error }: TAccountFieldProps) {
  const { t } = useTranslation('auth');
  const message = fieldMessage(t, error);
  const id = field.name;
  return (
    <Field id={id} label={t('fields.email')} error={message}>
      <TextInput
        id={id}
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        placeholder={t('placeholders.email')}
        invalid={Boolean(message)}
        describedBy={describedBy(id, message)}
        className="text-start"
        {...field}
      />
    </Field>
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
    <Field id={id} label={label ?? t('fields.password')} error={message} hint={rules ? t('password.hint') : undefined}>
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        invalid={Boolean(message)}
        describedBy={describedBy(id, message, rules)}
        {...field}
      />
    </Field>
  );
}
