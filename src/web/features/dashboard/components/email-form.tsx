import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZChangeEmail, type TChangeEmail } from '@shared/schemas/accounts';
import { ApiError } from '@web/lib/api-error';
import { accountApi } from '@web/features/dashboard/api';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { isolate } from '@web/lib/format';
import { Notice } from '@web/components/ui/notice';
import { useSession } from '@web/components/area/session';

/**
 * Asks for a new address. Nothing changes yet: for a confirmed account the link goes to the current
 * address (so a stolen session cannot take the account over); an address never confirmed has nothing
 * to protect, so the link goes to the new one. Either way the change applies once it is opened.
 */
export function EmailForm() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZChangeEmail), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: ({ email }: TChangeEmail) => accountApi.requestEmailChange(email),
    onSuccess: (_result, { email }) => {
      setSentTo(email);
      form.reset({ email: '' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') form.setError('email', { type: 'server', message: error.message });
      else if (!applyFieldErrors(error, form.setError, ['email'])) form.setError('root.server', { type: 'server', message: errorText(error) });
    },
  });
  const submit = form.handleSubmit((values) => {
    setSentTo(null);
    if (values.email === session.user.email.toLowerCase()) {
      form.setError('email', { type: 'server', message: t('settings.email.same') });
      return;
    }
    request.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="email-form">
      <p className="text-sm text-gray-700">
        {t('settings.email.current')}{' '}
        <bdi className="font-semibold" dir="ltr" data-testid="current-email">
          {session.user.email}
        </bdi>
      </p>
      <TextField
        label={t('settings.email.label')}
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        error={fieldError(errors.email)}
        {...form.register('email')}
      />
      {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
      {sentTo && (
        <Notice tone="success" testId="email-sent">
          {session.user.emailVerified
            ? t('settings.email.sent', { email: isolate(session.user.email), newEmail: isolate(sentTo) })
            : t('settings.email.sentToNew', { newEmail: isolate(sentTo) })}
        </Notice>
      )}
      <Button type="submit" busy={request.isPending}>
        {t('settings.email.submit')}
      </Button>
    </form>
  );
}
