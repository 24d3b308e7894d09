import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@web/lib/api-error';
import { resetPassword } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { PasswordField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { ErrorBox, LINK, SuccessBox } from './components/fields';
import { authPaths, usePortal } from './components/portal';
import { useAuthForm } from './components/use-auth-form';

// zod loads on the first interaction, not with the screen (docs/decisions/005-initial-bundle.md).
const resetResolver = lazyZodResolver(async () => {
  const [{ z }, { ZPassword }] = await Promise.all([import('zod'), import('@shared/schemas/accounts')]);
  return z
    .object({ password: ZPassword, confirm: z.string() })
    .refine((v) => v.password === v.confirm, { message: 'client.passwordMismatch', path: ['confirm'] });
});

/** Opened from the e-mail link (?token=…); a used or expired link says so and offers a new one. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { portal, subdomain } = usePortal();
  const paths = authPaths(portal, subdomain);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // The server's own bounds (ZResetPassword): anything else cannot be a link we sent.
  const tokenLooksValid = token.length >= 8 && token.length <= 512;
  const [tokenRejected, setTokenRejected] = useState(false);
  const [done, setDone] = useState(false);
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm({ resolver: resetResolver, defaultValues: { password: '', confirm: '' }, serverFields: ['password'] });

  const onSubmit = submit(
    async (values) => {
      await resetPassword({ token, password: values.password });
      setDone(true);
    },
    (error) => setTokenRejected(error instanceof ApiError && error.code === 'INVALID_TOKEN'),
  );

  const requestNew = (
    <Link to={paths.forgot} className={LINK} data-testid="request-new-link">
      {t('reset.requestNew')}
    </Link>
  );

  let body;
  if (done) {
    body = (
      <div className="flex flex-col gap-4">
        <SuccessBox>{t('reset.done')}</SuccessBox>
        <Link to={paths.login} className="rounded-lg bg-primary-600 px-4 py-2.5 text-center font-medium text-white hover:bg-primary-700">
          {t('reset.login')}
        </Link>
      </div>
    );
  } else if (!tokenLooksValid) {
    body = (
      <div className="flex flex-col gap-4">
        <ErrorBox message={t('reset.missingToken')} />
        {requestNew}
      </div>
    );
  } else {
    body = (
      <AuthForm onSubmit={onSubmit} serverError={serverError} busy={isSubmitting} submitLabel={t('reset.submit')}>
        {tokenRejected && requestNew}
        <PasswordField field={register('password')} error={errors.password} label={t('fields.newPassword')} autoComplete="new-password" rules />
        <PasswordField field={register('confirm')} error={errors.confirm} label={t('fields.confirmPassword')} autoComplete="new-password" />
      </AuthForm>
    );
  }

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      testId="reset-password"
      footer={<AuthFooterLink to={paths.login} label={t('forgot.backToLogin')} />}
    >
      {body}
    </AuthCard>
  );
}
