import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isolate } from '@web/lib/format';
import { AuthCard } from './components/auth-card';
import { ErrorBox, LINK, SuccessBox } from './components/fields';
import { ResendVerification } from '@web/components/resend-verification';
import { fetchSession, type TSession } from '@web/lib/session';
import { safeRedirect } from '@shared/safe-redirect';

const KNOWN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

function homeOf(session: TSession): string | null {
  if (session.isTeacher) return '/dashboard';
  if (session.isAdmin) return '/admin/dashboard';
  if (session.student) return '/student/dashboard';
  return null;
}

/** What /verify can truthfully say. */
type TView =
  | { kind: 'loading' }
  | { kind: 'error'; errorKey: string }
  /** The signed-in user's address is confirmed, or the link was just accepted. */
  | { kind: 'confirmed'; session: TSession | null }
  /** Signed in, not confirmed yet: offer to send the link again. */
  | { kind: 'pending'; session: TSession }
  /** Nobody signed in and no fresh confirmation: explain, without claiming anything. */
  | { kind: 'unknown' };

function viewOf(error: string | null, justConfirmed: boolean, session: TSession | null | undefined): TView {
  if (error) return { kind: 'error', errorKey: KNOWN_ERRORS.has(error.toUpperCase()) ? error.toUpperCase() : 'default' };
  if (session === undefined) return { kind: 'loading' };
  if (session) return session.user.emailVerified ? { kind: 'confirmed', session } : { kind: 'pending', session };
  return justConfirmed ? { kind: 'confirmed', session: null } : { kind: 'unknown' };
}

function LoginLinks() {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
      <Link to="/login" className={LINK}>
        {t('verify.teacherLogin')}
      </Link>
      <Link to="/student/login" className={LINK}>
        {t('verify.studentLogin')}
      </Link>
    </div>
  );
}

function HomeLink({ session }: { session: TSession | null }) {
  const { t } = useTranslation('auth');
  const home = session ? homeOf(session) : null;
  if (!home) return <LoginLinks />;
  return (
    <Link to={home} className="rounded-lg bg-primary-600 px-4 py-2.5 text-center font-medium text-white hover:bg-primary-700">
      {t('verify.dashboard')}
    </Link>
  );
}

/** Where the sign-up was going (a course's payment page, issue 24): the guard there asks to sign in if needed. */
function ContinueLink({ next }: { next: string }) {
  const { t } = useTranslation('auth');
  return (
    <Link to={next} data-testid="verify-continue" className="rounded-lg bg-primary-600 px-4 py-2.5 text-center font-medium text-white hover:bg-primary-700">
      {t('verify.continue')}
    </Link>
  );
}

const TITLES: Record<TView['kind'], string> = {
  loading: 'verify.checking',
  error: 'verify.errorTitle',
  confirmed: 'verify.successTitle',
  pending: 'verify.pendingTitle',
  unknown: 'verify.unknownTitle',
};

/**
 * Where the e-mail confirmation link lands. It says "confirmed" only when the server says the signed-in
 * user's address is, or right after Better Auth accepted a link (it then redirects to /verify?confirmed=1);
 * an unconfirmed user is offered a new link instead.
 */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const [session, setSession] = useState<TSession | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchSession()
      .then((found) => live && setSession(found))
      .catch(() => live && setSession(null));
    return () => {
      live = false;
    };
  }, []);

  const view = viewOf(error, searchParams.get('confirmed') === '1', session);
  const next = safeRedirect(searchParams.get('next'), '');
  return (
    <AuthCard title={t(TITLES[view.kind])} testId={`verify-${view.kind}`}>
      <div className="flex flex-col gap-4">
        {view.kind === 'loading' && <p className="text-sm text-gray-600">{t('verify.checkingBody')}</p>}
        {view.kind === 'error' && (
          <>
            <ErrorBox message={t(`verify.errors.${view.errorKey}`)} />
            {session && !session.user.emailVerified && <ResendVerification email={session.user.email} />}
            <HomeLink session={session ?? null} />
          </>
        )}
        {view.kind === 'confirmed' && (
          <>
            <SuccessBox>{t('verify.successBody')}</SuccessBox>
            {next ? <ContinueLink next={next} /> : <HomeLink session={view.session} />}
          </>
        )}
        {view.kind === 'pending' && (
          <>
            <p className="text-sm leading-relaxed text-gray-700">{t('verify.pendingBody', { email: isolate(view.session.user.email) })}</p>
            <ResendVerification email={view.session.user.email} />
            <HomeLink session={view.session} />
          </>
        )}
        {view.kind === 'unknown' && (
          <>
            <p className="text-sm leading-relaxed text-gray-700">{t('verify.unknownBody')}</p>
            <LoginLinks />
          </>
        )}
      </div>
    </AuthCard>
  );
}
