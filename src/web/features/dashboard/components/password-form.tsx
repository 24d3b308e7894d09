import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ZChangePassword } from '@shared/schemas/accounts';
import { ApiError } from '@web/lib/api-error';
import { accountApi } from '@web/features/dashboard/api';
import { SESSION_KEY } from '@web/lib/auth-state';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';

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
    mutationFn: ({ currentPassword, newPassword }: TPasswordForm) => accountApi.changePassword({ currentPassword, newPassword }),
    onSuccess: async () => {
      form.reset(EMPTY);
      setDone(true);
      notify.success(t('settings.password.changed'));
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
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
  const toggleLabels = { show: t('common.showPassword'), hide: t('common.hidePassword') };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="password-form">
      <PasswordField
        id="current-password"
        toggleLabels={toggleLabels}
        label={t('settings.password.current')}
        autoComplete="current-password"
        error={fieldError(errors.currentPassword)}
        {...form.register('currentPassword')}
      />
      <PasswordField
        id="new-password"
        toggleLabels={toggleLabels}
        label={t('settings.password.new')}
        hint={t('settings.password.newHint', { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        error={fieldError(errors.newPassword)}
        {...form.register('newPassword')}
      />
      <PasswordField
        id="confirm-password"
        toggleLabels={toggleLabels}
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        error={fieldError(errors.confirmPassword)}
        {...form.register('confirmPassword')}
      />
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
