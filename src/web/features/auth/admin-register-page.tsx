import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { EmailField, NameField, PasswordField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { registerAdmin } from './api';
import { useRegisterForm } from './components/use-register-form';

// zod loads on the first interaction, not with the screen (docs/decisions/005-initial-bundle.md).
// The token comes from the invitation link, not from the form.
const adminResolver = lazyZodResolver(() => import('@shared/schemas/accounts').then((m) => m.ZAdminRegister.omit({ token: true })));

/** Admins join by invitation only (/admin/register?token=…&email=…); without a token there is no form. */
export function AdminRegisterPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // The server's own bounds (ZAdminRegister): anything else cannot be an invitation.
  const invited = token.length >= 16 && token.length <= 512;
  const { register, submit, serverError, signedUp, formState } = useRegisterForm(adminResolver, {
    name: '',
    email: searchParams.get('email') ?? '',
    password: '',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = submit(async (values) => {
    const result = await registerAdmin({ ...values, token });
    await signedUp(result.redirectTo);
  });

  return (
    <AuthCard
      title={t('adminRegister.title')}
      subtitle={invited ? t('adminRegister.subtitle') : undefined}
      testId="admin-register"
      footer={<AuthFooterLink to="/admin/login" label={t('adminRegister.login')} />}
    >
      {!invited ? (
        <p
          role="status"
          data-testid="admin-invitation-required"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm leading-relaxed text-amber-900"
        >
          {t('adminRegister.needsInvitation')}
        </p>
      ) : (
        <AuthForm onSubmit={onSubmit} serverError={serverError} busy={isSubmitting} submitLabel={t('adminRegister.submit')}>
          <NameField field={register('name')} error={errors.name} />
          <EmailField field={register('email')} error={errors.email} />
          <PasswordField field={register('password')} error={errors.password} autoComplete="new-password" rules />
        </AuthForm>
      )}
    </AuthCard>
  );
}
