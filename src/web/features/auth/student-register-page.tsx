import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '@shared/safe-redirect';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { EmailField, NameField, PasswordField, PhoneField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { registerStudent } from './api';
import { PlatformBrand, PlatformClosed, usePlatformProfile } from './components/platform-brand';
import { authPaths, usePortal } from './components/portal';
import { useRegisterForm } from './components/use-register-form';

// zod loads on the first interaction, not with the screen (docs/decisions/005-initial-bundle.md).
// The platform comes from the address, not from the form.
const studentResolver = lazyZodResolver(() => import('@shared/schemas/accounts').then((m) => m.ZStudentRegister.omit({ platform: true })));

/** Student sign-up, on the main site or on a teacher's platform (/platform/:subdomain/register). */
export function StudentRegisterPage() {
  const { t } = useTranslation('auth');
  const { subdomain } = usePortal();
  const paths = authPaths(subdomain ? 'platform' : 'student', subdomain);
  const [searchParams] = useSearchParams();
  const { profile } = usePlatformProfile(subdomain);
  const { register, submit, serverError, signedUp, formState } = useRegisterForm(studentResolver, { name: '', email: '', phone: '', password: '' });
  const { errors, isSubmitting } = formState;

  const onSubmit = submit(async (values) => {
    // From a course's public page: back to that course in the student area (its code or its payment), now and
    // after the e-mail confirmation (the server puts it in the link).
    const back = safeRedirect(searchParams.get('redirectTo'), '');
    const result = await registerStudent({
      ...values,
      ...(subdomain ? { platform: subdomain } : {}),
      ...(back.includes('/student/dashboard') ? { redirectTo: back } : {}),
    });
    const wanted = safeRedirect(searchParams.get('redirectTo'), result.redirectTo);
    await signedUp(wanted.includes('/student/dashboard') ? wanted : result.redirectTo);
  });

  const back = searchParams.get('redirectTo');
  const footer = (
    <AuthFooterLink
      to={back ? `${paths.login}?redirectTo=${encodeURIComponent(back)}` : paths.login}
      label={t('register.login')}
      lead={t('register.haveAccount')}
    />
  );
  // A paused platform takes no new students: say so before anyone fills in the form (issue 11).
  if (profile && !profile.available) {
    return (
      <AuthCard title={t('register.student.title')} testId="student-register" footer={footer}>
        <PlatformBrand profile={profile} />
        <PlatformClosed />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('register.student.title')}
      subtitle={subdomain ? t('register.student.platformSubtitle', { subdomain }) : t('register.student.subtitle')}
      testId="student-register"
      footer={footer}
    >
      {profile && <PlatformBrand profile={profile} />}
      <AuthForm
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel={t('register.student.submit')}
        busyLabel={t('register.student.submitting')}
      >
        <NameField field={register('name')} error={errors.name} />
        <EmailField field={register('email')} error={errors.email} />
        <PhoneField field={register('phone')} error={errors.phone} />
        <PasswordField field={register('password')} error={errors.password} autoComplete="new-password" rules />
      </AuthForm>
    </AuthCard>
  );
}
