import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { ZChangePassword } from '../../../../shared/schemas/accounts';
import { ApiError, api, unwrap } from '../../../lib/api';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '../../../components/ui/dashboard/api-errors';
import { Button } from '../../../components/ui/dashboard/button';
import { PasswordField } from '../../../components/ui/dashboard/form-field';
import { Notice } from '../../../components/ui/dashboard/notice';
import { notify } from '../../../lib/notify';

const ZPasswordForm = ZChangePassword.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'dashboard:settings.password.mismatch',
});
type TPasswordForm = z.infer<typeof ZPasswordForm>;

const EMPTY: TPasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password; the server then ends every other session of the account. */
export function PasswordForm() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const [done, setDone] = useState(false);
  const form = useForm({ resolver: zodResolver(ZPasswordForm), defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: TPasswordForm) =>
      unwrap(api.account.password.change.$post({ json: { currentPassword, newPassword } })),
    onSuccess: async () => {
      form.reset(EMPTY);
      setDone(true);
      notify.success(t('settings.password.changed'));
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) {
        form.setError('root.server', { type: 'server', message: errorText(error) });
      }
    },
  });
  const submit = form.handleSubmit((values) => {
    setDone(false);
    change.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="password-form">
      <PasswordField id="current-password" label={t('settings.password.current')} autoComplete="current-password" error={fieldError(errors.currentPassword)} {...form.register('currentPassword')} />
      <PasswordField
        id="new-password"
        label={t('settings.password.new')}
        hint={t('settings.password.newHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        error={fieldError(errors.newPassword)}
        {...form.register('newPassword')}
      />
      <PasswordField id="confirm-password" label={t('settings.password.confirm')} autoComplete="new-password" error={fieldError(errors.confirmPassword)} {...form.register('confirmPassword')} />
      {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
      {done && (
        <Notice tone="success" testId="password-changed">
          {t('settings.password.othersSignedOut')}
        </Notice>
      )}
      <Button type="submit" busy={change.isPending}>
        {t('settings.password.submit')}
      </Button>
    </form>
  );
}
