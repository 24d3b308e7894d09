import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@web/lib/api-error';
import { login, requestUnlock } from './api';
import { lazyZodResolver } from '@web/lib/lazy-resolver';
import { EmailField, PasswordField } from './components/account-fields';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { LINK, SuccessBox } from './components/fields';
import { PlatformBrand, PlatformClosed, usePlatformProfile } from './components/platform-brand';
import { afterLoginTarget, authPaths, usePortal } from './components/portal';
import { mainSiteUrl } from '@web/lib/host-platform';
import { useAuthForm } from './components/use-auth-form';
import { safeRedirect } from '@shared/safe-redirect';
import { clearLocalAuthState, forgetCachedSession } from '@web/lib/auth-state';

// zod loads on the first interaction, not with the app's first screen (docs/decisions/005-initial-bundle.md).
const loginResolver = lazyZodResolver(() => import('@shared/schemas/accounts').then((m) => m.ZLogin.omit({ platform: true })));

type TLogEntry = { step: string; values?: Record<string, string> };

/** Codes and paths are Latin: isolated, they keep their order inside an Arabic sentence. */
const isolate = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, `\u2068${v}\u2069`]));

/** The sign-up link keeps where the visitor was going (a course's payment page), if it is a path here (issue 24). */
function withRedirect(path: string, redirectTo: string | null): string {
  const wanted = safeRedirect(redirectTo, '');
  return wanted ? `${path}?redirectTo=${encodeURIComponent(wanted)}` : path;
}

/** Spec §8: the dashboard needs browser storage; a browser that refuses it is told so before anything is sent. */
function storageUsable(): boolean {
  try {
    const probe = '__darsi_storage_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

function LoginLog({ entries }: { entries: TLogEntry[] }) {
  const { t } = useTranslation('auth');
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="login-log-title" className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <h2 id="login-log-title" className="text-xs font-bold text-gray-700">
        {t('login.log.title')}
      </h2>
      {/* The live region wraps the list: an ol with role="log" is no longer a list, and its items lose their parent. */}
      <div role="log" data-testid="login-log">
        <ol className="mt-2 list-decimal space-y-1 ps-5 text-xs text-gray-700">
          {entries.map((entry, i) => (
            <li key={i} data-step={entry.step}>
              {t(`login.log.steps.${entry.step}`, { ...entry.values, defaultValue: t('login.log.steps.unknown', { step: entry.step }) })}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * A teacher whose account an admin paused or suspended: the reason the admin gave and where to ask for
 * help, instead of the step-by-step log (which would only say "TEACHER_INACTIVE").
 */
function SuspendedNotice({ status, reason }: { status: string; reason: string }) {
  const { t } = useTranslation('auth');
  return (
    <section
      role="status"
      data-testid="teacher-suspended"
      className="mt-6 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-900"
    >
      <h2 className="font-bold">{t(status === 'suspended' ? 'suspended.titleSuspended' : 'suspended.titleInactive')}</h2>
      <p data-testid="suspension-reason">{reason ? t('suspended.reason', { reason }) : t('suspended.noReason')}</p>
      <p>{t('suspended.students')}</p>
      <a href={mainSiteUrl('/contact')} className={LINK} data-testid="support-link">
        {t('suspended.support')}
      </a>
    </section>
  );
}

/**
 * After "too many attempts": the owner of an account locked by wrong passwords from everywhere can have the
 * unlock link sent again (decision 110). The server answers the same whether the account is locked or not.
 */
function UnlockOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  if (sent) return <SuccessBox testId="unlock-sent">{t('unlock.sent')}</SuccessBox>;
  return (
    <button
      type="button"
      className={`text-start text-sm ${LINK}`}
      data-testid="unlock-request"
      onClick={() => {
        void requestUnlock({ email }).then(
          () => setSent(true),
          () => setSent(true),
        );
      }}
    >
      {t('unlock.ask')}
    </button>
  );
}

/** Spec §2.3/§7.4: one login screen for teachers, students, admins and a teacher's platform. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { portal, subdomain } = usePortal();
  const paths = authPaths(portal, subdomain);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [log, setLog] = useState<TLogEntry[]>([]);
  const [suspension, setSuspension] = useState<{ status: string; reason: string } | null>(null);
  const [limitedEmail, setLimitedEmail] = useState<string | null>(null);
  const { profile } = usePlatformProfile(portal === 'platform' ? subdomain : null);
  const {
    register,
    submit,
    serverError,
    formState: { errors, isSubmitting },
  } = useAuthForm({ resolver: loginResolver, defaultValues: { email: '', password: '' }, fallbackKey: 'errors:codes.LOGIN_FAILED' });

  const onSubmit = submit(async (values) => {
    const entries: TLogEntry[] = [];
    const push = (step: string, stepValues?: Record<string, string>) => {
      entries.push({ step, values: stepValues && isolate(stepValues) });
      setLog([...entries]);
    };
    setSuspension(null);
    setLimitedEmail(null);
    push('checkingStorage');
    if (!storageUsable()) {
      push('storageBlocked');
      window.alert(t('login.storageAlert'));
      return;
    }
    push('clearingLocal');
    clearLocalAuthState();
    push('sendingCredentials');
    try {
      const result = await login({ ...values, ...(subdomain ? { platform: subdomain } : {}) });
      for (const step of result.steps) push(step);
      const wanted = safeRedirect(searchParams.get('redirectTo'), result.redirectTo);
      const target = afterLoginTarget(wanted, result.kind, result.redirectTo);
      push('navigating', { path: target });
      forgetCachedSession();
      await navigate(target, { replace: true });
    } catch (error) {
      push('failed', { code: error instanceof ApiError ? error.code : 'UNKNOWN' });
      // Only a teacher whose password was right gets the details (the server sends none otherwise).
      if (error instanceof ApiError && error.code === 'TEACHER_INACTIVE' && error.details.status) {
        setSuspension({ status: error.details.status, reason: error.details.reason ?? '' });
      }
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') setLimitedEmail(values.email);
      throw error; // the error box shows it
    }
  });

  return (
    <AuthCard
      title={t(`login.title.${portal}`, { subdomain })}
      subtitle={t(`login.subtitle.${portal}`)}
      testId={`login-${portal}`}
      footer={
        paths.register && (
          <AuthFooterLink to={withRedirect(paths.register, searchParams.get('redirectTo'))} label={t('login.register')} lead={t('login.noAccount')} />
        )
      }
    >
      {profile && <PlatformBrand profile={profile} />}
      {profile && !profile.available && <PlatformClosed />}
      <AuthForm onSubmit={onSubmit} serverError={serverError} busy={isSubmitting} submitLabel={t('login.submit')} busyLabel={t('login.submitting')}>
        <EmailField field={register('email')} error={errors.email} />
        <PasswordField field={register('password')} error={errors.password} autoComplete="current-password" />
        <div className="-mt-1 flex justify-end">
          <Link to={paths.forgot} className={`text-sm ${LINK}`}>
            {t('login.forgot')}
          </Link>
        </div>
      </AuthForm>
      {limitedEmail && <UnlockOffer email={limitedEmail} />}
      {suspension ? <SuspendedNotice {...suspension} /> : <LoginLog entries={log} />}
    </AuthCard>
  );
}
