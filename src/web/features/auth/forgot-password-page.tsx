import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { EmailField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { SuccessBox } from './components/fields';
import { authPaths, usePortal } from './components/portal';
import { useAuthForm } from './components/use-auth-form';

// zod loads on the first interaction, not with the screen (docs/decisions/005-initial-bundle.md).
const forgotResolver = lazyZodResolver(() => import('@shared/schemas/accounts').then((m) => m.ZForgotPassword));

/** The answer is the same whether or not the account exists, so the screen reveals nothing either. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { portal, subdomain } = usePortal();
  const paths = authPaths(portal, subdomain);
  const [sent, setSent] = useState(false);
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm({ resolver: forgotResolver, defaultValues: { email: '' }, serverFields: ['email'] });

  const onSubmit = submit(async (values) => {
    // On a teacher's platform the link opens that platform's reset screen, if the account belongs to it.
    await requestPasswordReset({ email: values.email, ...(subdomain ? { platform: subdomain } : {}) });
    setSent(true);
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      testId="forgot-password"
      footer={<AuthFooterLink to={paths.login} label={t('forgot.backToLogin')} />}
    >
      {sent ? (
        <SuccessBox>{t('forgot.sent')}</SuccessBox>
      ) : (
        <AuthForm onSubmit={onSubmit} serverError={serverError} busy={isSubmitting} submitLabel={t('forgot.submit')}>
          <EmailField field={register('email')} error={errors.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
