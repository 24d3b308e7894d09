import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sanitizeSubdomainInput, strippedIssue } from '@shared/subdomain';
import { ApiError } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { EmailField, NameField, PasswordField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { registerTeacher } from './api';
import { TextField, describedBy } from '@web/components/ui/form-field';
import { fieldMessage } from '@web/lib/form-errors';
import { useStrippedNotice, useSubdomainAvailability, type TSubdomainStatus } from './components/subdomain-availability';
import { SubdomainChecklist } from './components/subdomain-checklist';
import { useRegisterForm } from './components/use-register-form';

// zod loads on the first interaction, not with the screen (docs/decisions/005-initial-bundle.md).
const teacherResolver = lazyZodResolver(() => import('@shared/schemas/accounts').then((m) => m.ZTeacherRegister));

function SubdomainStatusLine({ status }: { status: TSubdomainStatus }) {
  const { t } = useTranslation('auth');
  if (status.state === 'checking') return <p className="text-xs text-gray-500">{t('register.subdomain.checking')}</p>;
  if (status.state === 'valid') return <p className="text-xs font-medium text-green-700">{t('register.subdomain.available')}</p>;
  if (status.state === 'unchecked') return <p className="text-xs text-amber-700">{t('register.subdomain.checkFailed')}</p>;
  return null;
}

/** The sign-up form: its fields, the subdomain's live checks and what submitting does. */
function useTeacherRegisterForm() {
  const { t } = useTranslation('auth');
  const {
    register,
    control,
    submit,
    serverError,
    setValue,
    getFieldState,
    setError,
    signedUp,
    formState: { errors, isSubmitting, isSubmitted },
  } = useRegisterForm(teacherResolver, { name: '', email: '', subdomain: '', password: '' });
  const subdomain = useWatch({ control, name: 'subdomain' });
  const { status, markTaken } = useSubdomainAvailability(subdomain);
  const stripped = useStrippedNotice(subdomain);

  const onSubmit = submit(
    async (values) => {
      if (status.state === 'invalid' && status.issue === 'taken') {
        setError('subdomain', { type: 'validate', message: 'subdomain.taken' }, { shouldFocus: true });
        return;
      }
      const result = await registerTeacher(values);
      await signedUp(result.redirectTo);
    },
    (error, values) => {
      if (error instanceof ApiError && error.code === 'SUBDOMAIN_TAKEN') markTaken(values.subdomain);
    },
  );

  const nameField = register('name', {
    onChange: async (e: { target: { value: string } }) => {
      // The name suggests a subdomain until the teacher types one of their own (the field is then dirty).
      // Checked after the await too: the teacher may type one while the suggestion loads.
      if (getFieldState('subdomain').isDirty) return;
      // The transliteration tables are large, so they load with the first keystroke, not with the page.
      const { suggestSubdomain } = await import('@shared/subdomain-suggest');
      if (getFieldState('subdomain').isDirty) return;
      setValue('subdomain', suggestSubdomain(e.target.value), { shouldValidate: isSubmitted });
    },
  });

  // Only what the field holds can be wrong: characters the field dropped are reported apart, as a change
  // it made, not as an error beside "available" and every rule ticked (issue 11).
  const liveIssue = status.state === 'invalid' ? t(`errors:subdomain.${status.issue}`) : undefined;
  const subdomainError = liveIssue ?? fieldMessage(t, errors.subdomain);
  return { register, control, serverError, errors, isSubmitting, onSubmit, nameField, subdomain, status, stripped, subdomainError };
}

/** The full address the platform will have, shown live under the field. */
function SubdomainPreview({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation('auth');
  const host = window.location.host;
  return (
    <p id="subdomain-preview" className="flex flex-wrap items-baseline gap-x-1 rounded-lg bg-primary-50 px-3 py-2 text-sm text-gray-700">
      <span>{t('register.subdomain.preview')}</span>
      {/* One unbroken Latin address (the placeholder's, when empty): never split at its hyphen or dot. When it
         scrolls on a phone, the keyboard can reach and scroll it too (axe: scrollable-region-focusable). */}
      <bdi
        dir="ltr"
        tabIndex={0}
        data-testid="subdomain-preview"
        className="max-w-full overflow-x-auto whitespace-nowrap font-mono font-medium text-primary-800"
      >
        {`${subdomain || t('placeholders.subdomain')}.${host}`}
      </bdi>
    </p>
  );
}

/** Spec §2.3/§5/§7.5: teacher sign-up with the platform subdomain, its live preview and its rules. */
export function TeacherRegisterPage() {
  const { t } = useTranslation('auth');
  const { register, control, serverError, errors, isSubmitting, onSubmit, nameField, subdomain, status, stripped, subdomainError } = useTeacherRegisterForm();
  return (
    <AuthCard
      wide
      title={t('register.teacher.title')}
      subtitle={t('register.teacher.subtitle')}
      testId="teacher-register"
      footer={<AuthFooterLink to="/login" label={t('register.login')} lead={t('register.haveAccount')} />}
    >
      <AuthForm
        onSubmit={onSubmit}
        serverError={serverError}
        busy={isSubmitting}
        submitLabel={t('register.teacher.submit')}
        busyLabel={t('register.teacher.submitting')}
      >
        <NameField field={nameField} error={errors.name} />
        <EmailField field={register('email')} error={errors.email} />
        <Controller
          control={control}
          name="subdomain"
          render={({ field }) => (
            <TextField
              id="subdomain"
              label={t('fields.subdomain')}
              error={subdomainError}
              hint={t('register.subdomain.hint')}
              live
              dir="ltr"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              placeholder={t('placeholders.subdomain')}
              aria-describedby={`${describedBy('subdomain', subdomainError, true) ?? ''}${stripped.typed !== null ? ' subdomain-adjusted' : ''} subdomain-preview`}
              data-validity={status.state}
              inputClassName="text-start"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => {
                const typed = e.target.value;
                const next = sanitizeSubdomainInput(typed);
                stripped.report(strippedIssue(typed), next, typed);
                field.onChange(next);
              }}
            />
          )}
        />
        <div className="-mt-1 flex flex-col gap-3">
          {stripped.typed !== null && (
            <p id="subdomain-adjusted" role="status" data-testid="subdomain-adjusted" className="rounded-lg bg-blue-50 px-3 py-2 text-xs text-blue-900">
              <span>{t(`errors:subdomain.${stripped.issue ?? 'chars'}`)}</span>{' '}
              <span>{t('register.subdomain.adjusted', { typed: `\u2068${stripped.typed}\u2069`, kept: `\u2068${subdomain}\u2069` })}</span>
            </p>
          )}
          <SubdomainPreview subdomain={subdomain} />
          <SubdomainStatusLine status={status} />
          <SubdomainChecklist value={subdomain} status={status} />
        </div>
        <PasswordField field={register('password')} error={errors.password} autoComplete="new-password" rules />
      </AuthForm>
    </AuthCard>
  );
}
